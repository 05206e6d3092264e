/**
 * Pipeline and job status rules, as GitLab's atomic processing applies them (Gitlab::Ci::Status::Composite,
 * Ci::ProcessBuildService, Ci::HasStatus): the composite status of a set of jobs, when a `created` job may
 * start (its previous stages or its `needs` are complete), and what it becomes (`pending`, `manual` or
 * `skipped`). Allowed failures count as `success` (with warnings); manual jobs allowed to fail are ignored.
 * Pure; unit-tested.
 */

import { CANCELABLE_STATUSES, CI_STATUSES } from '../../../shared/ci-statuses.js';
import type { CiStatus } from '../../../shared/ci-statuses.js';

export type { CiStatus };
export { CANCELABLE_STATUSES };
/** Every status a job (and a pipeline) may have (shared/ci-statuses.ts). */
export const JOB_STATUSES = CI_STATUSES;

export const COMPLETED_STATUSES: readonly CiStatus[] = ['success', 'failed', 'canceled', 'skipped'];
export const ACTIVE_STATUSES: readonly CiStatus[] = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
];

export interface StatusItem {
  status: CiStatus;
  allowFailure: boolean;
}

type Key = CiStatus | 'success_with_warnings' | 'ignored';

/**
 * GitLab's composite status of `items` (null for none). With `dag`, any skipped or ignored item makes the
 * whole `skipped` (a job whose need did not run does not run).
 */
export function compositeStatus(items: readonly StatusItem[], opts: { dag?: boolean } = {}): CiStatus | null {
  if (items.length === 0) return null;
  const keys = new Set<Key>();
  for (const { status, allowFailure } of items) {
    if (allowFailure && (status === 'failed' || status === 'canceled')) keys.add('success_with_warnings');
    else if (allowFailure && (status === 'manual' || status === 'scheduled')) keys.add('ignored');
    else keys.add(status);
  }
  const onlyOf = (...allowed: Key[]) => [...keys].every((k) => allowed.includes(k));
  const anyOf = (...wanted: Key[]) => wanted.some((k) => keys.has(k));
  if (opts.dag && anyOf('skipped', 'ignored')) return 'skipped';
  if (onlyOf('skipped', 'ignored')) return 'skipped';
  if (onlyOf('success', 'skipped', 'success_with_warnings', 'ignored')) return 'success';
  if (onlyOf('created', 'success_with_warnings', 'ignored')) return 'created';
  if (onlyOf('preparing', 'success_with_warnings', 'ignored')) return 'preparing';
  if (onlyOf('canceled', 'success', 'skipped', 'success_with_warnings', 'ignored')) return 'canceled';
  if (onlyOf('pending', 'created', 'skipped', 'success_with_warnings', 'ignored')) return 'pending';
  if (anyOf('running', 'pending')) return 'running';
  if (anyOf('waiting_for_resource')) return 'waiting_for_resource';
  if (anyOf('manual')) return 'manual';
  if (anyOf('scheduled')) return 'scheduled';
  if (anyOf('preparing')) return 'preparing';
  if (anyOf('created')) return 'running';
  return 'failed';
}

/** True when the composite says "passed, but an allowed failure happened" (GitLab's success_with_warnings). */
export function hasWarnings(items: readonly StatusItem[]): boolean {
  return items.some((i) => i.allowFailure && (i.status === 'failed' || i.status === 'canceled'));
}

export type JobWhenValue = 'on_success' | 'on_failure' | 'always' | 'manual';

/**
 * What a `created` job becomes once the status before it is known (`previous`: the composite of earlier
 * stages, or of its needs for DAG jobs; null = nothing before it, which counts as success):
 * `wait` while that is not complete, else `pending`, `manual` or `skipped`.
 */
export function nextStatusOfCreatedJob(
  when: JobWhenValue,
  schedulingType: 'stage' | 'dag',
  previous: CiStatus | null,
): 'wait' | 'pending' | 'manual' | 'skipped' {
  const prev = previous ?? 'success';
  if (!COMPLETED_STATUSES.includes(prev)) return 'wait';
  let valid: CiStatus[];
  switch (when) {
    case 'on_success':
    case 'manual':
      valid = schedulingType === 'dag' ? ['success'] : ['success', 'skipped'];
      break;
    case 'on_failure':
      valid = ['failed'];
      break;
    case 'always':
      valid = ['success', 'failed', 'skipped'];
      break;
  }
  if (!valid.includes(prev)) return 'skipped';
  return when === 'manual' ? 'manual' : 'pending';
}

/** A job of a pipeline as the processing step sees it. */
export interface ProcessItem extends StatusItem {
  id: number;
  name: string;
  stageIdx: number;
  when: JobWhenValue;
  schedulingType: 'stage' | 'dag';
  needs: readonly string[] | null;
}

/**
 * One processing pass over a pipeline's current (non-retried) jobs: the new status of every `created`
 * job that can move, in stage order, each decision seeing the ones before it. Returns job id → status.
 */
export function processJobs(jobs: readonly ProcessItem[]): Map<number, 'pending' | 'manual' | 'skipped'> {
  const current = new Map(jobs.map((j) => [j.id, { ...j }]));
  const byName = new Map<string, ProcessItem>();
  for (const j of jobs) byName.set(j.name, current.get(j.id)!);
  const changes = new Map<number, 'pending' | 'manual' | 'skipped'>();
  let progressed = true;
  while (progressed) {
    progressed = false;
    const ordered = [...current.values()].sort((a, b) => a.stageIdx - b.stageIdx || a.id - b.id);
    for (const job of ordered) {
      if (job.status !== 'created') continue;
      let previous: CiStatus | null;
      if (job.schedulingType === 'dag') {
        const needed = (job.needs ?? []).map((n) => byName.get(n)).filter((j): j is ProcessItem => !!j);
        previous = compositeStatus(needed, { dag: true });
      } else {
        previous = compositeStatus(ordered.filter((j) => j.stageIdx < job.stageIdx));
      }
      const next = nextStatusOfCreatedJob(job.when, job.schedulingType, previous);
      if (next === 'wait') continue;
      job.status = next;
      changes.set(job.id, next);
      progressed = true;
    }
  }
  return changes;
}
