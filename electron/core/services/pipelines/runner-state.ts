/**
 * The pipeline state the runner reaches, over a ServiceContext (runner/pipeline-state-port.ts declares
 * what it needs; app.ts hands this to `PipelineRunner.start`). Every write goes through the same service
 * functions the API uses, so events, the deployment hook and GitLab's pipeline processing stay in one place.
 */
import type { PipelineStatePort } from '../../runner/pipeline-state-port.js';
import { instanceSetting } from '../admin/instance-settings.js';
import type { ServiceContext } from '../context.js';
import { localRunnerSettings } from '../runners/local-runner.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { cloneJobForRetry } from './clone-job.js';
import { jobVariables, projectFullPath } from './job-environment.js';
import { changeJob, refreshPipeline } from './pipeline-state.js';

/** The runner's view of pipeline state, bound to `ctx` (the core's system context). */
export function runnerPipelineState(ctx: ServiceContext): PipelineStatePort {
  return {
    db: ctx.db,
    concurrentJobs: () => instanceSetting(ctx.db, 'ci_concurrent_jobs'),
    sandboxSettings: () => ({
      allowUnsandboxed: instanceSetting(ctx.db, 'allow_unsandboxed_ci_jobs'),
      limits: {
        memoryMb: instanceSetting(ctx.db, 'ci_job_memory_limit_mb'),
        cpuSeconds: instanceSetting(ctx.db, 'ci_job_cpu_limit_seconds'),
        processes: instanceSetting(ctx.db, 'ci_job_process_limit'),
      },
    }),
    runnerSettings: () => localRunnerSettings(ctx.db),
    jobOutputLimitKb: () => instanceSetting(ctx.db, 'ci_job_output_limit_kb'),
    jobBuildDirLimitMb: () => instanceSetting(ctx.db, 'ci_job_build_dir_limit_mb'),
    changeJob: (job, changes, now) => changeJob(ctx, job, changes, now),
    refreshPipeline: (pipelineId, now) => {
      refreshPipeline(ctx, pipelineId, now);
    },
    retryJob: (job, now) => {
      cloneJobForRetry(ctx, job, { status: 'pending', userId: job.user_id, now });
    },
    jobVariables: (job, pipeline, project, placement) => jobVariables(ctx, job, pipeline, project, placement),
    projectFullPath: (project) => projectFullPath(ctx, project),
    repositoryPath: (project) => projectRepositoryPath(ctx, project),
  };
}
