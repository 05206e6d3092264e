/**
 * Runner shapes of GitLab's Runners API (doc/api/runners.md; lib/api/entities/ci/runner.rb and
 * runner_details.rb), and the job-with-project shape of `GET /runners/:id/jobs`
 * (Entities::Ci::JobBasicWithProject) and of the embedded core's `GET /jobs`.
 */
import type { Job } from '../../../../../shared/api-types/pipelines.js';

/**
 * `status` of a runner (GitLab 14.8+; `paused` is its own field). GitLab's REST answer is still the
 * deprecated status until API v5, which says `paused` for a paused runner in contact (gitlab#375709).
 */
export type RunnerStatus = 'online' | 'offline' | 'stale' | 'never_contacted' | 'paused';

/** A runner as `GET /runners/all` lists it. */
export interface Runner {
  id: number;
  description: string | null;
  ip_address?: string | null;
  /** Deprecated inverse of `paused` (still sent). */
  active: boolean;
  paused: boolean;
  is_shared: boolean;
  runner_type: 'instance_type' | 'group_type' | 'project_type';
  name: string | null;
  online: boolean | null;
  status: RunnerStatus;
}

/** `GET /runners/:id`. */
export interface RunnerDetails extends Runner {
  tag_list: string[];
  run_untagged: boolean;
  locked: boolean;
  maximum_timeout: number | null;
  access_level: 'not_protected' | 'ref_protected';
  version: string | null;
  revision?: string | null;
  platform: string | null;
  architecture: string | null;
  contacted_at: string | null;
  maintenance_note?: string | null;
  projects: { id: number; name_with_namespace: string; path_with_namespace: string }[];
  groups: { id: number; name: string; web_url: string }[];
}

/** The project a listed job belongs to. */
export interface JobProject {
  id: number;
  name: string;
  name_with_namespace: string;
  path_with_namespace: string;
}

/** A job of a runner's or the instance's job list: GitLab's job with its project. */
export type JobWithProject = Omit<Job, 'project'> & { project: JobProject };

/** Job statuses `scope[]` accepts (doc/api/jobs.md). */
export const INSTANCE_JOB_SCOPES = [
  'running',
  'pending',
  'failed',
  'success',
  'canceled',
  'created',
  'skipped',
  'manual',
] as const;
export type InstanceJobScope = (typeof INSTANCE_JOB_SCOPES)[number];
