/**
 * A new attempt of a job (GitLab's Ci::RetryJobService / Ci::Build.clone): the same definition in a new
 * row, the old one marked `retried` so lists and status derivation skip it. Used by the API's job and
 * pipeline retries, by `play` of a finished manual job, and by automatic `retry:`.
 */
import { nowIso } from '../../db/database.js';
import { NOT_YET_RUN, findJobById, insertJob, updateJob } from '../../db/ci-jobs.js';
import type { JobRow } from '../../db/ci-jobs.js';
import type { ServiceContext } from '../context.js';
import { publishJobChange } from './pipeline-state.js';

/** Clone `job` as a new attempt in `status`; returns the new row (and publishes both changes). */
export function cloneJobForRetry(
  ctx: ServiceContext,
  job: JobRow,
  opts: { status: 'created' | 'pending' | 'manual'; userId: number | null; now?: string },
): JobRow {
  const now = opts.now ?? nowIso();
  const id = ctx.db.transaction(() => {
    updateJob(ctx.db, job.id, { retried: 1 }, now);
    return insertJob(ctx.db, {
      ...NOT_YET_RUN,
      project_id: job.project_id,
      pipeline_id: job.pipeline_id,
      name: job.name,
      stage: job.stage,
      stage_idx: job.stage_idx,
      status: opts.status,
      when: job.when,
      allow_failure: job.allow_failure_exit_codes ? 0 : job.allow_failure,
      allow_failure_exit_codes: job.allow_failure_exit_codes,
      scheduling_type: job.scheduling_type,
      needs: job.needs,
      script: job.script,
      variables: job.variables,
      image: job.image,
      timeout: job.timeout,
      retry_max: job.retry_max,
      retry_when: job.retry_when,
      retry_attempt: job.retry_attempt + 1,
      retried: 0,
      coverage_regex: job.coverage_regex,
      environment: job.environment,
      junit_paths: job.junit_paths,
      user_id: opts.userId,
      created_at: now,
      updated_at: now,
      queued_at: opts.status === 'pending' ? now : null,
    });
  })();
  const created = findJobById(ctx.db, id)!;
  publishJobChange(ctx, created);
  return created;
}
