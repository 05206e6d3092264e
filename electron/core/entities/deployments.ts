/**
 * Deployment presenter (spec "Deployment"; GitLab's Deployment entity; schema deployment.json): id, iid,
 * ref, sha, created_at, updated_at, user, environment (basic), deployable (the job as the jobs API presents
 * it, or null), status.
 * Pure: no queries.
 */
import type { Deployment } from '../../../shared/api-types/deployments.js';
import type { DeploymentRow } from '../db/deployments.js';
import type { EnvironmentRow } from '../db/environments.js';
import type { UserRow } from '../db/users.js';
import { presentEnvironmentBasic } from './environments.js';
import { presentJob } from './jobs.js';
import type { JobView } from './jobs.js';
import { presentUserBasic } from './users.js';

export interface DeploymentView {
  deployment: DeploymentRow;
  environment: EnvironmentRow;
  /** Null when the user was deleted. */
  user: UserRow | null;
  /** Null for deployments made through the API, or when the job is gone. */
  deployable: Deployable | null;
}

/** A deployable job with what the job presenter needs. */
export interface Deployable {
  job: JobView;
  projectWebUrl: string;
  /** For the live duration of a running job. */
  now: string;
}

/** A deployment with its environment. */
export function presentDeployment(v: DeploymentView, baseUrl: string): Deployment {
  const d = v.deployment;
  return {
    id: d.id,
    iid: d.iid,
    ref: d.ref,
    sha: d.sha,
    created_at: d.created_at,
    updated_at: d.updated_at,
    user: v.user ? presentUserBasic(v.user, baseUrl) : null,
    environment: presentEnvironmentBasic(v.environment),
    deployable: v.deployable
      ? presentJob(v.deployable.job.job, {
          pipeline: v.deployable.job.pipeline,
          user: v.deployable.job.user,
          projectWebUrl: v.deployable.projectWebUrl,
          baseUrl,
          traceSize: v.deployable.job.traceSize,
          junitSize: v.deployable.job.junitSize,
          now: v.deployable.now,
        })
      : null,
    status: d.status,
  };
}

/** A deployment inside its environment (`last_deployment`): the same without `environment`. */
export function presentDeploymentWithoutEnvironment(
  v: DeploymentView,
  baseUrl: string,
): Omit<Deployment, 'environment'> {
  const { environment: _environment, ...rest } = presentDeployment(v, baseUrl);
  return rest;
}
