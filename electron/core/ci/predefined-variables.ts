/**
 * GitLab's predefined CI/CD variables (doc/ci/variables/predefined_variables.md) for a pipeline and, when
 * `job` is given, for one of its jobs. Pure; unit-tested.
 */

/** The GitLab version jobs see in `CI_SERVER_VERSION` (the API level the core follows). */
export const CI_SERVER_VERSION = '13.10.0';

export interface PredefinedInput {
  serverUrl: string;
  serverVersion: string;
  project: {
    id: number;
    /** `path` (CI_PROJECT_NAME). */
    path: string;
    /** Display name (CI_PROJECT_TITLE). */
    name: string;
    /** `group/sub` */
    namespace: string;
    visibility: string;
    defaultBranch: string | null;
  };
  pipeline: {
    id: number;
    iid: number;
    source: string;
    ref: string;
    tag: boolean;
    /** Whether `ref` is a protected branch. */
    protectedRef: boolean;
    sha: string;
    beforeSha: string;
    createdAt: string;
    commit: { message: string; authorName: string; authorEmail: string; committedDate: string };
  };
  user: { id: number; username: string; name: string; email: string } | null;
  /** For pipelines of source `merge_request_event`: the merge request (see `mergeRequestVariables`). */
  mergeRequest?: MergeRequestCiInput;
  job?: {
    id: number;
    name: string;
    stage: string;
    startedAt: string;
    manual: boolean;
    projectDir: string;
    buildsDir: string;
    timeoutSeconds: number;
    environment: { name: string; url: string | null; action: string } | null;
  };
}

/** What a merge request pipeline knows of its merge request (GitLab's `MergeRequest#predefined_variables`). */
export interface MergeRequestCiInput {
  id: number;
  iid: number;
  title: string;
  /** Target project: id, `group/project`, web URL. */
  projectId: number;
  projectPath: string;
  projectUrl: string;
  sourceProjectId: number;
  sourceProjectPath: string;
  sourceProjectUrl: string;
  sourceBranch: string;
  targetBranch: string;
  /** Assignees' usernames (`CI_MERGE_REQUEST_ASSIGNEES`, set only when there are some). */
  assignees: string[];
  /** Label titles (`CI_MERGE_REQUEST_LABELS`, set only when there are some). */
  labels: string[];
  milestone: string | null;
  /** `CI_MERGE_REQUEST_DIFF_BASE_SHA`: the merge base of the target branch and the source head, if known. */
  diffBaseSha: string | null;
}

/** Rails' `Array#to_sentence`: `a`, `a and b`, `a, b and c`. */
function toSentence(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The variables of a merge request pipeline (doc/ci/variables/predefined_variables.md "Predefined
 * variables for merge request pipelines"; GitLab 13.10's `Ci::Pipeline#predefined_variables` and
 * `MergeRequest#predefined_variables`), plus `CI_COMMIT_REF_NAME`/`CI_COMMIT_REF_SLUG`, which are the
 * source branch for these pipelines. The pipelines are detached (`CI_MERGE_REQUEST_EVENT_TYPE=detached`),
 * so `CI_MERGE_REQUEST_SOURCE_BRANCH_SHA` and `CI_MERGE_REQUEST_TARGET_BRANCH_SHA` are empty, as GitLab
 * leaves them outside merged results pipelines. `CI_MERGE_REQUEST_DIFF_ID` is not set: the pipeline is
 * created before the merge request's diff version for the new head is recorded (a background job).
 */
export function mergeRequestVariables(mr: MergeRequestCiInput): Record<string, string> {
  const v: Record<string, string> = {
    CI_COMMIT_REF_NAME: mr.sourceBranch,
    CI_COMMIT_REF_SLUG: refSlug(mr.sourceBranch),
    CI_MERGE_REQUEST_EVENT_TYPE: 'detached',
    CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: '',
    CI_MERGE_REQUEST_TARGET_BRANCH_SHA: '',
  };
  if (mr.diffBaseSha) v.CI_MERGE_REQUEST_DIFF_BASE_SHA = mr.diffBaseSha;
  Object.assign(v, {
    CI_MERGE_REQUEST_ID: String(mr.id),
    CI_MERGE_REQUEST_IID: String(mr.iid),
    CI_MERGE_REQUEST_REF_PATH: `refs/merge-requests/${mr.iid}/head`,
    CI_MERGE_REQUEST_PROJECT_ID: String(mr.projectId),
    CI_MERGE_REQUEST_PROJECT_PATH: mr.projectPath,
    CI_MERGE_REQUEST_PROJECT_URL: mr.projectUrl,
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: mr.targetBranch,
    CI_MERGE_REQUEST_TITLE: mr.title,
  });
  if (mr.assignees.length > 0) v.CI_MERGE_REQUEST_ASSIGNEES = toSentence(mr.assignees);
  if (mr.milestone) v.CI_MERGE_REQUEST_MILESTONE = mr.milestone;
  if (mr.labels.length > 0) v.CI_MERGE_REQUEST_LABELS = mr.labels.join(',');
  Object.assign(v, {
    CI_MERGE_REQUEST_SOURCE_PROJECT_ID: String(mr.sourceProjectId),
    CI_MERGE_REQUEST_SOURCE_PROJECT_PATH: mr.sourceProjectPath,
    CI_MERGE_REQUEST_SOURCE_PROJECT_URL: mr.sourceProjectUrl,
    CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: mr.sourceBranch,
  });
  return v;
}

/** `CI_COMMIT_REF_SLUG`: lowercased, anything but `0-9a-z` → `-`, at most 63 bytes, no leading/trailing `-`. */
export function refSlug(ref: string): string {
  return ref
    .toLowerCase()
    .replace(/[^0-9a-z]/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
}

/** The predefined variables, in GitLab's order of definition (later may refer to earlier). */
export function predefinedVariables(input: PredefinedInput): Record<string, string> {
  const { project, pipeline, user } = input;
  const server = new URL(input.serverUrl);
  const projectPath = `${project.namespace}/${project.path}`;
  const projectUrl = `${input.serverUrl}/${projectPath}`;
  const message = pipeline.commit.message.endsWith('\n')
    ? pipeline.commit.message
    : `${pipeline.commit.message}\n`;
  const title = message.split('\n')[0] ?? '';
  const description = message.slice(title.length + 1).replace(/^\n+/, '');
  const v: Record<string, string> = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER: 'yes',
    CI_SERVER_URL: input.serverUrl,
    CI_SERVER_HOST: server.hostname,
    CI_SERVER_PORT: server.port || (server.protocol === 'https:' ? '443' : '80'),
    CI_SERVER_PROTOCOL: server.protocol.replace(':', ''),
    CI_SERVER_NAME: 'GitLab',
    CI_SERVER_VERSION: input.serverVersion,
    CI_SERVER_VERSION_MAJOR: input.serverVersion.split('.')[0] ?? '',
    CI_SERVER_VERSION_MINOR: input.serverVersion.split('.')[1] ?? '',
    CI_SERVER_VERSION_PATCH: (input.serverVersion.split('.')[2] ?? '').replace(/\D.*$/, ''),
    CI_API_V4_URL: `${input.serverUrl}/api/v4`,
    CI_PROJECT_ID: String(project.id),
    CI_PROJECT_NAME: project.path,
    CI_PROJECT_TITLE: project.name,
    CI_PROJECT_PATH: projectPath,
    CI_PROJECT_PATH_SLUG: refSlug(projectPath),
    CI_PROJECT_NAMESPACE: project.namespace,
    CI_PROJECT_ROOT_NAMESPACE: project.namespace.split('/')[0] ?? '',
    CI_PROJECT_URL: projectUrl,
    CI_PROJECT_VISIBILITY: project.visibility,
    CI_CONFIG_PATH: '.gitlab-ci.yml',
    CI_PIPELINE_ID: String(pipeline.id),
    CI_PIPELINE_IID: String(pipeline.iid),
    CI_PIPELINE_SOURCE: pipeline.source,
    CI_PIPELINE_URL: `${projectUrl}/-/pipelines/${pipeline.id}`,
    CI_PIPELINE_CREATED_AT: pipeline.createdAt.replace(/\.\d+Z$/, 'Z'),
    CI_COMMIT_SHA: pipeline.sha,
    CI_COMMIT_SHORT_SHA: pipeline.sha.slice(0, 8),
    CI_COMMIT_BEFORE_SHA: pipeline.beforeSha,
    CI_COMMIT_REF_NAME: pipeline.ref,
    CI_COMMIT_REF_SLUG: refSlug(pipeline.ref),
    CI_COMMIT_REF_PROTECTED: pipeline.protectedRef ? 'true' : 'false',
    CI_COMMIT_MESSAGE: message,
    CI_COMMIT_TITLE: title,
    CI_COMMIT_DESCRIPTION: description,
    CI_COMMIT_AUTHOR: `${pipeline.commit.authorName} <${pipeline.commit.authorEmail}>`,
    CI_COMMIT_TIMESTAMP: pipeline.commit.committedDate,
  };
  if (project.defaultBranch) v.CI_DEFAULT_BRANCH = project.defaultBranch;
  if (pipeline.tag) {
    v.CI_COMMIT_TAG = pipeline.ref;
    v.CI_BUILD_TAG = pipeline.ref;
  } else if (pipeline.source !== 'merge_request_event') {
    // GitLab's `branch?`: not for merge request pipelines, whose ref is refs/merge-requests/<iid>/head.
    v.CI_COMMIT_BRANCH = pipeline.ref;
  }
  if (input.mergeRequest) Object.assign(v, mergeRequestVariables(input.mergeRequest));
  if (user) {
    v.GITLAB_USER_ID = String(user.id);
    v.GITLAB_USER_LOGIN = user.username;
    v.GITLAB_USER_NAME = user.name;
    v.GITLAB_USER_EMAIL = user.email;
  }
  const job = input.job;
  if (job) {
    Object.assign(v, {
      CI_JOB_ID: String(job.id),
      CI_JOB_NAME: job.name,
      CI_JOB_STAGE: job.stage,
      CI_JOB_URL: `${projectUrl}/-/jobs/${job.id}`,
      CI_JOB_STARTED_AT: job.startedAt.replace(/\.\d+Z$/, 'Z'),
      CI_JOB_STATUS: 'running',
      CI_JOB_TIMEOUT: String(job.timeoutSeconds),
      CI_PROJECT_DIR: job.projectDir,
      CI_BUILDS_DIR: job.buildsDir,
      CI_NODE_TOTAL: '1',
      CI_RUNNER_ID: '1',
      CI_RUNNER_DESCRIPTION: 'Outpost local executor',
      CI_RUNNER_TAGS: '[]',
      CI_RUNNER_EXECUTABLE_ARCH: `${process.platform}/${process.arch}`,
      CI_RUNNER_VERSION: input.serverVersion,
      CI_BUILD_ID: String(job.id),
      CI_BUILD_NAME: job.name,
      CI_BUILD_STAGE: job.stage,
      CI_BUILD_REF: pipeline.sha,
      CI_BUILD_REF_NAME: v.CI_COMMIT_REF_NAME,
    });
    if (job.manual) v.CI_JOB_MANUAL = 'true';
    if (job.environment) {
      v.CI_ENVIRONMENT_NAME = job.environment.name;
      v.CI_ENVIRONMENT_SLUG = refSlug(job.environment.name).slice(0, 24).replace(/-+$/, '');
      v.CI_ENVIRONMENT_ACTION = job.environment.action;
      if (job.environment.url) v.CI_ENVIRONMENT_URL = job.environment.url;
    }
  }
  return v;
}
