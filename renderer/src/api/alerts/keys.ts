import { profileKeys } from '../profiles/keys.js';
import type { AlertSeverity, AlertStatus } from './types.js';

/** Orders the alert list accepts (`sort`), newest start first by default. */
export type AlertSort =
  | 'started_at_desc'
  | 'started_at_asc'
  | 'severity_desc'
  | 'severity_asc'
  | 'event_count_desc'
  | 'updated_at_desc';

/** What narrows the alert list and its status counts (not the status tab itself). */
export interface AlertSearchFilters {
  search: string;
  /** '' for any severity. */
  severity: AlertSeverity | '';
}

/** Page, tab and filters of the alert list; all of it lives inside the query key. */
export interface AlertListFilters extends AlertSearchFilters {
  /** A status tab, or `all`. */
  status: AlertStatus | 'all';
  sort: AlertSort;
  page: number;
  perPage: number;
}

/**
 * Query-key factory for one project's alerts, each key building on the one above:
 * `all(profile, project)` → `lists` → `list(filters)`, `counts` → `count(filters)`, `details` →
 * `detail(iid)`. A status change invalidates `all`, so lists, counts and the detail refresh together.
 */
export const alertKeys = {
  all: (profileId: string, projectId: number) =>
    [...profileKeys.scope(profileId), 'alerts', projectId] as const,
  lists: (profileId: string, projectId: number) => [...alertKeys.all(profileId, projectId), 'list'] as const,
  list: (profileId: string, projectId: number, filters: AlertListFilters) =>
    [...alertKeys.lists(profileId, projectId), filters] as const,
  counts: (profileId: string, projectId: number) =>
    [...alertKeys.all(profileId, projectId), 'counts'] as const,
  count: (profileId: string, projectId: number, filters: AlertSearchFilters) =>
    [...alertKeys.counts(profileId, projectId), filters] as const,
  details: (profileId: string, projectId: number) =>
    [...alertKeys.all(profileId, projectId), 'detail'] as const,
  detail: (profileId: string, projectId: number, iid: number) =>
    [...alertKeys.details(profileId, projectId), iid] as const,
};

/**
 * Query-key factory for one project's HTTP endpoint integrations:
 * `all(profile, project)` → `list`. Keys are never cached (they are shown once, from the mutation).
 */
export const alertIntegrationKeys = {
  all: (profileId: string, projectId: number) =>
    [...profileKeys.scope(profileId), 'alert-integrations', projectId] as const,
  list: (profileId: string, projectId: number) =>
    [...alertIntegrationKeys.all(profileId, projectId), 'list'] as const,
};
