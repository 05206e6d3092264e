/**
 * What the demo steps share: the API, where the repository and the core are, and what earlier steps
 * made (filled in as the build goes; a step reads only what the steps before it wrote).
 */
import type { DemoApi } from './demo-api.js';

/** Group and project paths of the demo instance. */
export const DEMO_GROUP_PATH = 'outpost-demo';
export const DEMO_PROJECT_PATH = 'outpost';
export const DEMO_PROJECT_FULL_PATH = `${DEMO_GROUP_PATH}/${DEMO_PROJECT_PATH}`;

/** A demo user and the personal access token the builder acts with. */
export interface DemoUser {
  id: number;
  username: string;
  name: string;
  token: string;
}

/** The demo's cast, by role in the story. */
export interface DemoUsers {
  /** Maintainer of the group: merges and approves. */
  lead: DemoUser;
  /** Developer: opens most merge requests. */
  developer: DemoUser;
  /** Developer: reviews and comments. */
  reviewer: DemoUser;
  /** Reporter: reads along. */
  observer: DemoUser;
}

/** A merge request the demo opened, with the real commit it shows. */
export interface DemoMergeRequest {
  iid: number;
  title: string;
  sourceBranch: string;
  targetBranch: string;
  /** The commit whose diff the merge request shows (source branch head). */
  commitSha: string;
  /** Its parent (target branch head). */
  parentSha: string;
  /** merged, opened (ready for the administrator) or draft. */
  role: 'merged' | 'ready' | 'draft' | 'reviewed';
}

/** The build's shared state. */
export interface DemoContext {
  api: DemoApi;
  /** Absolute path of the git repository the demo imports. */
  repositoryPath: string;
  /** The embedded core's loopback URL (alert notifications go there over real HTTP), or null. */
  coreUrl: string | null;
  /** Publishes the imported project in the build status. */
  setProject(project: { id: number; pathWithNamespace: string }): void;
  groupId?: number;
  project?: { id: number; pathWithNamespace: string; defaultBranch: string };
  users?: DemoUsers;
  mergeRequests?: DemoMergeRequest[];
  /** Pipelines the CI step waited for: id → final status. */
  pipelines?: Array<{ id: number; ref: string; status: string }>;
}

/** One step of the build: a sentence for the progress display and the work. */
export interface DemoStep {
  /** Present participle sentence, e.g. "Importing the repository". */
  title: string;
  run(ctx: DemoContext): Promise<void>;
}

/** The value of an earlier step, or a DemoStepError-like failure naming what is missing. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`The demo build has no ${what} yet (an earlier step did not run).`);
  return value;
}
