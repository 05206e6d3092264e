/**
 * `needs` (doc/ci/yaml/index.md#needs): reading a job's list, then checking every job's needs name
 * defined jobs in the same or an earlier stage, without duplicates or cycles, in GitLab's wording. Pure.
 */
import { Errors, isHash } from './keywords.js';
import type { CiJob, CiNeed } from './types.js';

export function readNeeds(raw: unknown, where: string, errors: Errors): CiNeed[] | null {
  if (!Array.isArray(raw)) {
    errors.add(`${where} config can only be a hash or an array`);
    return null;
  }
  const needs: CiNeed[] = [];
  for (const n of raw) {
    if (typeof n === 'string') needs.push({ job: n, optional: false });
    else if (isHash(n) && typeof n.job === 'string') {
      if (n.pipeline !== undefined || n.project !== undefined)
        errors.add(`${where} cross-pipeline needs are not supported by Outpost's local executor`);
      needs.push({ job: n.job, optional: n.optional === true });
    } else errors.add(`${where} config can only be a hash or an array`);
  }
  if (needs.length > 50) errors.add(`${where} config has too many entries (maximum 50)`);
  return needs;
}

/** Needs must name defined jobs in the same or an earlier stage, without cycles. */
export function validateNeeds(jobs: CiJob[], stages: string[], errors: Errors): void {
  const byName = new Map(jobs.map((j) => [j.name, j]));
  for (const job of jobs) {
    if (!job.needs) continue;
    const seen = new Set<string>();
    for (const need of job.needs) {
      if (seen.has(need.job)) errors.add(`${job.name} has duplicate entries in the needs section.`);
      seen.add(need.job);
      const dep = byName.get(need.job);
      if (!dep) {
        if (!need.optional) errors.add(`${job.name} job: undefined need: ${need.job}`);
        continue;
      }
      if (stages.indexOf(dep.stage) > stages.indexOf(job.stage))
        errors.add(`${job.name} job: need ${need.job} is not defined in current or prior stages`);
    }
  }
  // Cycles (possible within one stage).
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): boolean => {
    const s = state.get(name);
    if (s === 'done') return true;
    if (s === 'visiting') return false;
    state.set(name, 'visiting');
    for (const n of byName.get(name)?.needs ?? []) if (byName.has(n.job) && !visit(n.job)) return false;
    state.set(name, 'done');
    return true;
  };
  for (const job of jobs) {
    if (!visit(job.name)) {
      errors.add('The pipeline has circular dependencies');
      return;
    }
  }
}
