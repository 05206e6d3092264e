/**
 * Wire shapes of environments and deployments (doc/api/environments.md, doc/api/deployments.md; spec
 * "Deployment"; GitLab's EnvironmentBasic, Environment and Deployment entities).
 */
import type { Job } from './pipelines.js';
import type { Project } from './projects.js';
import type { UserBasic } from './users.js';

export type EnvironmentState = 'available' | 'stopped';
export type EnvironmentTier = 'production' | 'staging' | 'testing' | 'development' | 'other';
export type DeploymentStatus = 'created' | 'running' | 'success' | 'failed' | 'canceled' | 'skipped';

/** The environment embedded in a deployment (EnvironmentBasic; schema basic_environment.json). */
export interface EnvironmentBasic {
  id: number;
  name: string;
  slug: string;
  external_url: string | null;
  created_at: string;
  updated_at: string;
}

/** Project fields embedded in an environment (BasicProjectDetails). */
export type EnvironmentProject = Pick<
  Project,
  | 'id'
  | 'description'
  | 'name'
  | 'name_with_namespace'
  | 'path'
  | 'path_with_namespace'
  | 'created_at'
  | 'default_branch'
  | 'tag_list'
  | 'topics'
  | 'ssh_url_to_repo'
  | 'http_url_to_repo'
  | 'web_url'
  | 'readme_url'
  | 'avatar_url'
  | 'forks_count'
  | 'star_count'
  | 'last_activity_at'
  | 'namespace'
  | 'visibility'
>;

/**
 * An environment (schema environment.json): lists, create, update and stop carry `project`; the single
 * read carries `last_deployment` (without its `environment`) instead.
 */
export interface Environment extends EnvironmentBasic {
  tier: EnvironmentTier;
  project?: EnvironmentProject;
  last_deployment?: Omit<Deployment, 'environment'> | null;
  state: EnvironmentState;
}

/** A deployment (schema deployment.json). `deployable` is the CI job, null for deployments made through the API. */
export interface Deployment {
  id: number;
  iid: number;
  ref: string;
  sha: string;
  created_at: string;
  updated_at: string;
  user: UserBasic | null;
  environment: EnvironmentBasic;
  deployable: Job | null;
  status: DeploymentStatus;
}
