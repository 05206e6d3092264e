import type { AuditEventFilters } from '../../../../shared/audit-events.js';
import type { AuditPaging } from './queries.js';
import { profileKeys } from '../profiles/keys.js';

/**
 * Query keys of audit events on one instance, under `['profile', profileId, 'audit-events', …]`:
 * `all` → `lists` → `list(filters, paging)` (keyset or offset pages), `all` → `count(filters)`, `all` → `daily(filters)`,
 * `all` → `detail(id)`. The filters are the server-side ones (time range, entity); author and action
 * text filter loaded rows on the client and are not part of any key.
 */
export const auditEventKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'audit-events'] as const,
  lists: (profileId: string) => [...auditEventKeys.all(profileId), 'list'] as const,
  list: (profileId: string, filters: AuditEventFilters, paging: AuditPaging) =>
    [...auditEventKeys.lists(profileId), filters, paging] as const,
  count: (profileId: string, filters: AuditEventFilters) =>
    [...auditEventKeys.all(profileId), 'count', filters] as const,
  daily: (profileId: string, filters: AuditEventFilters) =>
    [...auditEventKeys.all(profileId), 'daily', filters] as const,
  detail: (profileId: string, id: number) => [...auditEventKeys.all(profileId), 'detail', id] as const,
};

/** Keys of host export jobs started for one instance: `['profile', profileId, 'exports', exportId]`. */
export const exportKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'exports'] as const,
  status: (profileId: string, exportId: string) => [...exportKeys.all(profileId), exportId] as const,
};
