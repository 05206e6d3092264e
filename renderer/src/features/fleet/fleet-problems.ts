import { daysUntil, type InstanceCapabilities } from '../../../../shared/instance-capabilities.js';
import type { InstanceHealth } from '../../api/fleet/instance-health.js';

/** One problem of an instance, as the fleet overview flags it. */
export interface FleetProblem {
  /** 3: the instance can't be used; 2: it will stop working soon; 1: worth a look. */
  severity: 1 | 2 | 3;
  text: string;
}

/** Pending jobs above which the queue counts as backing up. */
export const QUEUE_BACKLOG = 20;

/**
 * The problems of one instance, worst first (pure): unreachable; capabilities not readable; token
 * expired or expiring within 7 days; Admin Mode blocking an administrator's token; the job queue backing
 * up. `now` is the clock for the token's expiry.
 */
export function fleetProblems(
  caps: InstanceCapabilities | null,
  capabilitiesError: string | null,
  health: InstanceHealth | undefined,
  now: Date,
): FleetProblem[] {
  const problems: FleetProblem[] = [];
  if (health && !health.reachable) problems.push({ severity: 3, text: 'Unreachable' });
  if (capabilitiesError) problems.push({ severity: 2, text: 'Could not check the instance' });
  if (caps?.token.known && caps.token.expiresAt) {
    const days = daysUntil(caps.token.expiresAt, now);
    if (days !== null && days < 0) problems.push({ severity: 3, text: 'Token expired' });
    else if (days !== null && days <= 7)
      problems.push({ severity: 2, text: days === 0 ? 'Token expires today' : `Token expires in ${days} d` });
  }
  if (caps?.user?.isAdmin && caps.adminMode === 'token-lacks-admin_mode')
    problems.push({ severity: 2, text: 'Admin Mode blocks this token' });
  if (health?.jobs.kind === 'value' && (health.jobs.value.pending ?? 0) > QUEUE_BACKLOG)
    problems.push({ severity: 1, text: `Queue backing up (${health.jobs.value.pending} pending)` });
  return problems.sort((a, b) => b.severity - a.severity);
}

/** The worst severity of a problem list (0 when none), for sorting rows: problems first. */
export function worstSeverity(problems: readonly FleetProblem[]): number {
  return problems.reduce((worst, problem) => Math.max(worst, problem.severity), 0);
}
