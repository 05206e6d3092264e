import type { QueryKey } from '@tanstack/react-query';
import type { ChangeEvent } from '../../../../shared/ipc-contract.js';
import { environmentKeys } from '../environments/keys.js';
import { pipelineKeys } from './keys.js';

/** Statuses after which a pipeline runs no more (GitLab's "completed" statuses plus `manual` blocks). */
export const FINISHED_STATUSES: ReadonlySet<string> = new Set(['success', 'failed', 'canceled', 'skipped']);

/**
 * Query keys a change event makes stale: the project's pipeline lists and the pipeline's detail
 * subtree (jobs, test report) for every event; for a job event also the job (with its trace) and the
 * project's environments (deploy jobs move deployments). Duplicates across a batch are removed.
 */
export function keysToInvalidate(events: readonly ChangeEvent[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  const add = (key: QueryKey) => keys.set(JSON.stringify(key), key);
  for (const e of events) {
    add(pipelineKeys.lists(e.profileId, e.projectId));
    add(pipelineKeys.detail(e.profileId, e.projectId, e.pipelineId));
    if (e.type === 'job' && e.jobId !== undefined) {
      add(pipelineKeys.job(e.profileId, e.projectId, e.jobId));
      add(environmentKeys.project(e.profileId, e.projectId));
    }
  }
  return [...keys.values()];
}
