/**
 * Deployments of CI jobs (GitLab's Deployments::CreateForBuildService, Ci::Build's environment hooks and
 * BuildSuccessWorker): a job with an `environment:` keyword creates its environment on first use and, for
 * `action: start` (the default), one deployment whose deployable is the job. The deployment follows the
 * job: created while the job waits, then running, success, failed, canceled or skipped. A successful
 * deployment makes its environment available and sets the job's `environment:url` as its external URL.
 * A successful `action: stop` job stops the environment; `prepare`, `verify` and `access` jobs only make
 * sure the environment exists. Changes are audited as the job's user.
 *
 * The pipelines area calls `recordJobDeployment` through its hook registry
 * (services/pipelines/deployment-hook.ts); the deployment routes register it when the core starts.
 */
import type { JobRow } from '../../db/ci-jobs.js';
import { findPipelineById } from '../../db/ci-pipelines.js';
import { findDeploymentByDeployable } from '../../db/deployments.js';
import type { DeploymentStatus } from '../../db/deployments.js';
import type { EnvironmentTier } from '../../db/environments.js';
import { findProjectById } from '../../db/projects.js';
import { findUserById } from '../../db/users.js';
import type { ServiceContext } from '../context.js';
import { ensureEnvironment } from '../environments/create-environment.js';
import { ENVIRONMENT_TIERS } from '../environments/environment-rules.js';
import { markEnvironmentStopped } from '../environments/environment-lifecycle.js';
import { ValidationError } from '../errors.js';
import type { JobEnvironmentSpec } from '../pipelines/deployment-hook.js';
import { canTransitionDeployment } from './deployment-status.js';
import { insertDeploymentRecord, transitionDeployment } from './record-deployment.js';

/** A job with an environment, as the pipelines area reports it after creating it or changing its status. */
export interface JobEnvironmentEvent {
  projectId: number;
  jobId: number;
  /** The job's user (the pipeline's); null when deleted. */
  userId: number | null;
  /** The pipeline's ref, whether it is a tag, and its commit. */
  ref: string;
  tag: boolean;
  sha: string;
  /** The job's status (GitLab's CI statuses). */
  status: string;
  environment: {
    /** Expanded environment name. */
    name: string;
    /** Expanded `environment:url`. */
    url?: string | null;
    /** start (default), stop, prepare, verify or access. */
    action?: string | null;
    /** `environment:deployment_tier`. */
    deploymentTier?: EnvironmentTier | null;
  };
}

/** What happened: the job's deployment (null for other actions) or why nothing could be recorded. */
export type JobEnvironmentResult =
  { deploymentId: number | null } | { error: 'environment_creation_failure'; message: string };

/** The deployment status that mirrors a job status; null while the job has not started. */
export function deploymentStatusOfJob(status: string): DeploymentStatus | null {
  switch (status) {
    case 'running':
    case 'success':
    case 'failed':
    case 'canceled':
    case 'skipped':
      return status;
    default:
      return null;
  }
}

/**
 * Record the environment and deployment effects of a job event. Idempotent: events may repeat, and a
 * job status the deployment already has (or cannot move to) changes nothing. Runs in its own transaction
 * (nested in the caller's when there is one).
 */
export function syncJobEnvironment(ctx: ServiceContext, e: JobEnvironmentEvent): JobEnvironmentResult {
  const project = findProjectById(ctx.db, e.projectId);
  if (!project) return { deploymentId: null };
  const user = e.userId === null ? null : (findUserById(ctx.db, e.userId) ?? null);
  const jobCtx: ServiceContext = { ...ctx, actor: { user, scopes: [], ipAddress: null } };
  const action = e.environment.action ?? 'start';
  try {
    return ctx.db.transaction((): JobEnvironmentResult => {
      const env = ensureEnvironment(jobCtx, project, e.environment.name, {
        tier: e.environment.deploymentTier ?? undefined,
      });
      if (action === 'stop') {
        if (e.status === 'success') markEnvironmentStopped(jobCtx, project, env);
        return { deploymentId: null };
      }
      if (action !== 'start') return { deploymentId: null };
      const target = deploymentStatusOfJob(e.status);
      const existing = findDeploymentByDeployable(ctx.db, e.jobId);
      if (!existing) {
        const d = insertDeploymentRecord(
          jobCtx,
          project,
          env,
          {
            ref: e.ref,
            tag: e.tag,
            sha: e.sha,
            status: target ?? 'created',
            userId: user?.id ?? null,
            deployableId: e.jobId,
          },
          { externalUrl: e.environment.url },
        );
        return { deploymentId: d.id };
      }
      if (target && canTransitionDeployment(existing.status, target))
        transitionDeployment(jobCtx, project, existing, target, { externalUrl: e.environment.url });
      return { deploymentId: existing.id };
    })();
  } catch (err) {
    if (err instanceof ValidationError)
      return {
        error: 'environment_creation_failure',
        message: `Environment ${e.environment.name} could not be created: ${Object.entries(err.fields ?? {})
          .map(([k, v]) => `${k} ${v.join(', ')}`)
          .join('; ')}`,
      };
    throw err;
  }
}

/**
 * The job deployment hook (`setJobDeploymentHook(recordJobDeployment)`): called after every status change
 * of a job with an `environment:`, with the job's new row.
 * @throws Error when the environment can't be created (an invalid expanded name); the hook registry
 *   reports it without failing the job.
 */
export function recordJobDeployment(ctx: ServiceContext, job: JobRow, environment: JobEnvironmentSpec): void {
  const pipeline = findPipelineById(ctx.db, job.pipeline_id);
  if (!pipeline) return;
  const tier = environment.extra?.deployment_tier;
  const result = syncJobEnvironment(ctx, {
    projectId: job.project_id,
    jobId: job.id,
    userId: job.user_id,
    ref: pipeline.ref,
    tag: pipeline.tag === 1,
    sha: pipeline.sha,
    status: job.status,
    environment: {
      name: environment.name,
      url: environment.url,
      action: environment.action,
      deploymentTier: (ENVIRONMENT_TIERS as readonly unknown[]).includes(tier)
        ? (tier as EnvironmentTier)
        : null,
    },
  });
  if ('error' in result) throw new Error(result.message);
}
