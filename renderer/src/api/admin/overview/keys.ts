import { adminKeys } from '../admin-keys.js';

/**
 * Query keys of Admin → Overview, under `['profile', profileId, 'admin', 'overview']`: `statistics`,
 * `jobCounts`, `latestAuditEvents(paging)`. Storage moves and shard usage reuse the Storage moves
 * screen's keys (api/admin/storage-moves), so both screens share those answers.
 */
export const adminOverviewKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'overview'] as const,
  statistics: (profileId: string) => [...adminOverviewKeys.all(profileId), 'statistics'] as const,
  jobCounts: (profileId: string) => [...adminOverviewKeys.all(profileId), 'job-counts'] as const,
  latestAuditEvents: (profileId: string, paging: 'keyset' | 'offset') =>
    [...adminOverviewKeys.all(profileId), 'latest-audit-events', paging] as const,
};
