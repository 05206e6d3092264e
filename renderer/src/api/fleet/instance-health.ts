import { decideFeature, type InstanceCapabilities } from '../../../../shared/instance-capabilities.js';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import type { AuditEvent } from '../../../../shared/audit-events.js';
import { describeAuditAction } from '../../../../shared/audit-events.js';
import { capabilitiesOf } from '../capabilities/capabilities.js';
import { apiRequest, isSuccess } from '../client.js';
import { describeError } from '../describe-error.js';

/** A figure the fleet overview shows: a value, or why there is none. */
export type Figure<T> = { kind: 'value'; value: T } | { kind: 'unavailable'; why: string };

/** Counts from `GET /application/statistics`. */
export interface InstanceCounts {
  users: number | null;
  projects: number | null;
  groups: number | null;
  mergeRequests: number | null;
}

/** The last administrator audit event: what happened, by whom, when. */
export interface LastAuditEvent {
  action: string;
  author: string | null;
  at: string;
}

/** What the fleet overview knows of one instance after one round of reads. */
export interface InstanceHealth {
  /** True when `GET /version` answered (any 2xx). */
  reachable: boolean;
  /** Why it is not reachable (a sentence), or null. */
  unreachableWhy: string | null;
  /** Round trip of `GET /version` through the host, in ms (null when unreachable). */
  latencyMs: number | null;
  /** The version `GET /version` answered now (may be newer than the capabilities' copy). */
  version: string | null;
  counts: Figure<InstanceCounts>;
  /** Pending and running jobs (the embedded instance's job list; GitLab has no instance-wide REST list). */
  jobs: Figure<{ pending: number | null; running: number | null }>;
  lastAudit: Figure<LastAuditEvent | null>;
  /** When this round ended (ms since the epoch). */
  checkedAt: number;
}

/** Requests one round sends at most: version, statistics, audit, two job counts. */
export const HEALTH_REQUEST_BUDGET = 5;

/** `"1,234"` (GitLab's statistics strings, with thousands separators) → 1234; null when not a number. */
export function parseCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

function unavailable(why: string): { kind: 'unavailable'; why: string } {
  return { kind: 'unavailable', why };
}

/** `X-Total` of a list answer, or null when the instance sends none. */
function totalOf(headers: Record<string, string>): number | null {
  return parseCount(headers['x-total']);
}

/**
 * One round of reads of `profile`'s instance for the fleet overview, at most
 * {@link HEALTH_REQUEST_BUDGET} requests, each decided from the instance's capabilities first (never a
 * request known to 404 or 403):
 * - `GET /version`, timed: reachability, latency and the version now;
 * - `GET /application/statistics` (doc/api/statistics.md, administrators): users, projects, groups and
 *   merge requests, only for an administrator whose token isn't blocked by Admin Mode;
 * - `GET /audit_events?per_page=1` where the instance has audit events (Premium, administrators);
 * - on Outpost's core, `GET /jobs?scope[]=pending` and `scope[]=running` with `per_page=1` for their totals
 *   (GitLab has no instance-wide REST job list: FEATURE_REQUIREMENTS['instance-jobs']).
 * Never throws: each part records its own failure.
 */
export async function readInstanceHealth(profile: ProfileSummary): Promise<InstanceHealth> {
  const caps: InstanceCapabilities | null = capabilitiesOf(profile);
  const started = performance.now();
  let version: string | null = null;
  let unreachableWhy: string | null = null;
  try {
    const response = await apiRequest<{ version?: string }>({
      method: 'GET',
      path: '/version',
      profileId: profile.id,
    });
    if (isSuccess(response.status)) version = response.body?.version ?? null;
    else unreachableWhy = `The instance answered ${response.status} to GET /version.`;
  } catch (error) {
    unreachableWhy = describeError(error);
  }
  const latencyMs = unreachableWhy === null ? Math.round(performance.now() - started) : null;
  const checkedAt = Date.now();
  if (unreachableWhy !== null) {
    const why = 'The instance is unreachable.';
    return {
      reachable: false,
      unreachableWhy,
      latencyMs: null,
      version: null,
      counts: unavailable(why),
      jobs: unavailable(why),
      lastAudit: unavailable(why),
      checkedAt,
    };
  }
  const [counts, jobs, lastAudit] = await Promise.all([
    readCounts(profile, caps),
    readJobs(profile, caps),
    readLastAudit(profile, caps),
  ]);
  return { reachable: true, unreachableWhy: null, latencyMs, version, counts, jobs, lastAudit, checkedAt };
}

async function readCounts(
  profile: ProfileSummary,
  caps: InstanceCapabilities | null,
): Promise<Figure<InstanceCounts>> {
  const decision = decideFeature('admin-area', caps);
  if (decision.status !== 'available') {
    return unavailable(
      decision.status === 'unknown'
        ? 'Not checked yet.'
        : 'Counts need an administrator token (GET /application/statistics).',
    );
  }
  try {
    const response = await apiRequest<Record<string, unknown>>({
      method: 'GET',
      path: '/application/statistics',
      profileId: profile.id,
    });
    if (!isSuccess(response.status))
      return unavailable(`GET /application/statistics answered ${response.status}.`);
    const body = response.body ?? {};
    return {
      kind: 'value',
      value: {
        users: parseCount(body.users ?? body.active_users),
        projects: parseCount(body.projects),
        groups: parseCount(body.groups),
        mergeRequests: parseCount(body.merge_requests),
      },
    };
  } catch (error) {
    return unavailable(describeError(error));
  }
}

async function readJobs(
  profile: ProfileSummary,
  caps: InstanceCapabilities | null,
): Promise<Figure<{ pending: number | null; running: number | null }>> {
  const decision = decideFeature('instance-jobs', caps);
  if (decision.status !== 'available') {
    return unavailable(decision.status === 'unavailable' ? decision.explanation : 'Not checked yet.');
  }
  try {
    const count = async (scope: string) => {
      const response = await apiRequest({
        method: 'GET',
        path: '/jobs',
        query: { scope: [scope], per_page: 1 },
        profileId: profile.id,
      });
      return isSuccess(response.status) ? totalOf(response.headers) : null;
    };
    const [pending, running] = await Promise.all([count('pending'), count('running')]);
    return { kind: 'value', value: { pending, running } };
  } catch (error) {
    return unavailable(describeError(error));
  }
}

async function readLastAudit(
  profile: ProfileSummary,
  caps: InstanceCapabilities | null,
): Promise<Figure<LastAuditEvent | null>> {
  const decision = decideFeature('audit-events', caps);
  if (decision.status !== 'available') {
    return unavailable(decision.status === 'unavailable' ? decision.explanation : 'Not checked yet.');
  }
  try {
    const response = await apiRequest<AuditEvent[]>({
      method: 'GET',
      path: '/audit_events',
      query: { per_page: 1 },
      profileId: profile.id,
    });
    if (!isSuccess(response.status)) return unavailable(`GET /audit_events answered ${response.status}.`);
    const event = Array.isArray(response.body) ? response.body[0] : undefined;
    if (!event) return { kind: 'value', value: null };
    return {
      kind: 'value',
      value: {
        action: describeAuditAction(event.details),
        author: typeof event.details.author_name === 'string' ? event.details.author_name : null,
        at: event.created_at,
      },
    };
  } catch (error) {
    return unavailable(describeError(error));
  }
}
