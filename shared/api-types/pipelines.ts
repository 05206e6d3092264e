/**
 * Wire shapes of pipelines and jobs (spec "Pipeline", "Pipelines"; doc/api/pipelines.md, doc/api/jobs.md;
 * schemas public_api/v4/pipeline/{basic,detail}.json, job.json, status/ci_detailed_status.json,
 * entities/test_case.json).
 */
import type { RepositoryCommit } from './repository.js';
import type { User, UserBasic } from './users.js';

export type CiStatus =
  | 'created'
  | 'waiting_for_resource'
  | 'preparing'
  | 'pending'
  | 'running'
  | 'success'
  | 'failed'
  | 'canceled'
  | 'skipped'
  | 'manual'
  | 'scheduled';

export type PipelineSource = 'push' | 'web' | 'api' | 'merge_request_event';

/** Items of `GET /projects/:id/pipelines`; `pipeline` inside jobs. */
export interface PipelineBasic {
  id: number;
  /** Per-project number (GitLab 14.6+). */
  iid: number;
  project_id: number;
  sha: string;
  ref: string;
  status: CiStatus;
  source: PipelineSource;
  created_at: string;
  updated_at: string;
  web_url: string;
}

/** GitLab's `detailed_status` (ci_detailed_status.json). */
export interface CiDetailedStatus {
  icon: string;
  text: string;
  label: string;
  group: string;
  tooltip: string;
  has_details: boolean;
  details_path: string | null;
  favicon: string;
}

/** `GET /projects/:id/pipelines/:pipeline_id`, create, retry, cancel. */
export interface Pipeline extends PipelineBasic {
  before_sha: string;
  tag: boolean;
  yaml_errors: string | null;
  user: UserBasic | null;
  started_at: string | null;
  finished_at: string | null;
  committed_at: string | null;
  /** Seconds. */
  duration: number | null;
  /** Seconds. */
  queued_duration: number | null;
  /** Average job coverage, `"%.2f"`. */
  coverage: string | null;
  detailed_status: CiDetailedStatus;
}

/** `GET /projects/:id/pipelines/:pipeline_id/variables` items. */
export interface PipelineVariable {
  key: string;
  variable_type: 'env_var' | 'file';
  value: string;
}

export type TestCaseStatus = 'success' | 'failed' | 'skipped' | 'error';

export interface TestCase {
  status: TestCaseStatus;
  name: string;
  classname: string;
  file: string | null;
  /** Seconds. */
  execution_time: number;
  system_output: string | null;
  stack_trace: string | null;
  attachment_url: string | null;
  recent_failures: null;
}

export interface TestCounters {
  total_time: number;
  total_count: number;
  success_count: number;
  failed_count: number;
  skipped_count: number;
  error_count: number;
}

export interface TestSuite extends TestCounters {
  name: string;
  suite_error: string | null;
  test_cases: TestCase[];
}

/** `GET /projects/:id/pipelines/:pipeline_id/test_report`. */
export interface TestReport extends TestCounters {
  test_suites: TestSuite[];
}

export interface JobArtifact {
  file_type: string;
  size: number;
  filename: string;
  file_format: string;
}

export interface JobRunner {
  id: number;
  description: string;
  ip_address: string;
  active: boolean;
  is_shared: boolean;
  name: string | null;
  online: boolean;
  status: string;
}

/** The job's commit (commit/basic.json): the repository commit entity. */
export type JobCommit = RepositoryCommit;

/** `GET /projects/:id/jobs/:job_id`, items of the job lists, job actions. */
export interface Job {
  id: number;
  status: CiStatus;
  stage: string;
  name: string;
  ref: string;
  tag: boolean;
  coverage: number | null;
  allow_failure: boolean;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  erased_at: string | null;
  /** Seconds. */
  duration: number | null;
  /** Seconds. */
  queued_duration: number | null;
  user: User | null;
  commit: JobCommit | null;
  pipeline: PipelineBasic;
  web_url: string;
  artifacts: JobArtifact[];
  artifacts_expire_at: string | null;
  tag_list: string[];
  runner: JobRunner | null;
  project: { ci_job_token_scope_enabled: boolean };
  archived: boolean;
  /** Only for failed jobs. */
  failure_reason?: string;
}
