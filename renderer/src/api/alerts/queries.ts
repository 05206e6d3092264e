import { keepPreviousData, queryOptions, type Query } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import type { Page } from '../pagination.js';
import {
  ALERT_COUNTS,
  ALERT_COUNTS_BY_SEVERITY,
  ALERT_DETAIL,
  ALERT_LIST,
  ALERT_LIST_BY_SEVERITY,
  INTEGRATION_LIST,
  type AlertListData,
  type IntegrationListData,
} from './documents.js';
import { graphqlRequest } from './graphql-client.js';
import {
  GQL_SORTS,
  alertFromNode,
  integrationFromNode,
  toGqlSeverity,
  toGqlStatus,
} from './graphql-mapping.js';
import { alertIntegrationKeys, alertKeys, type AlertListFilters, type AlertSearchFilters } from './keys.js';
import type { Alert, AlertDetail, AlertIntegration, AlertStatusCounts } from './types.js';

/** How often an open alert screen polls for new alerts, ms. */
export const ALERT_REFRESH_MS = 5_000;

/**
 * The alert screens' polling: every {@link ALERT_REFRESH_MS} while the last answer was good, and not at
 * all after a failure (a refused token, a forbidden project, a GraphQL error, an unreachable instance)
 * until something fetches successfully again (Retry, an invalidation). Pure.
 */
export function alertPollInterval(query: Pick<Query, 'state'>): number | false {
  return query.state.status === 'error' ? false : ALERT_REFRESH_MS;
}

/** The REST path of the test alert (an Outpost extension; GitLab has no such endpoint). */
const integrationsPath = (projectId: number) => `/projects/${projectId}/alert_management/http_integrations`;

const projectNotFound = () => new ApiError(404, { message: '404 Project Not Found' });
const alertsForbidden = () =>
  new ApiError(403, {
    message: 'You need at least the Developer role in this project to see its alerts.',
  });

/**
 * Last cursors of the list pages seen, by profile, project, filters and page: page N starts after page
 * N−1's `endCursor`. GitLab's cursors are opaque, so a page never seen is reached by walking forward from
 * the nearest page that was.
 */
const endCursors = new Map<string, string | null>();
const MAX_REMEMBERED_CURSORS = 500;

function rememberCursor(key: string, cursor: string | null): void {
  if (endCursors.size >= MAX_REMEMBERED_CURSORS) endCursors.clear();
  endCursors.set(key, cursor);
}

/**
 * One page of `project.alertManagementAlerts` for a status tab, search, severity and order, by cursor
 * (`first`/`after`). `total` is unknown (GitLab's connection has no total); `nextPage` comes from
 * `pageInfo.hasNextPage`.
 */
async function fetchAlertPage(
  profileId: string,
  projectId: number,
  fullPath: string,
  filters: AlertListFilters,
): Promise<Page<Alert>> {
  const cursorKey = (page: number) => JSON.stringify([profileId, fullPath, { ...filters, page }]);
  let after: string | null = null;
  let page = 1;
  for (let p = filters.page - 1; p >= 1; p--) {
    const known = endCursors.get(cursorKey(p));
    if (known !== undefined) {
      after = known;
      page = p + 1;
      break;
    }
  }
  const bySeverity = filters.severity !== '';
  for (;;) {
    const variables = {
      fullPath,
      statuses: filters.status === 'all' ? null : [toGqlStatus(filters.status)],
      search: filters.search || null,
      sort: GQL_SORTS[filters.sort],
      first: filters.perPage,
      after,
      ...(bySeverity
        ? { severities: [toGqlSeverity(filters.severity as Exclude<typeof filters.severity, ''>)] }
        : {}),
    };
    const data: AlertListData = await graphqlRequest(
      profileId,
      bySeverity ? ALERT_LIST_BY_SEVERITY : ALERT_LIST,
      variables,
    );
    if (!data.project) throw projectNotFound();
    const connection = data.project.alertManagementAlerts;
    if (!connection) throw alertsForbidden();
    rememberCursor(cursorKey(page), connection.pageInfo.endCursor);
    const hasNext = connection.pageInfo.hasNextPage;
    if (page >= filters.page || !hasNext) {
      return {
        items: connection.nodes.map((node) => alertFromNode(node, projectId)),
        page,
        perPage: filters.perPage,
        total: null,
        totalPages: hasNext ? null : page,
        nextPage: hasNext ? page + 1 : null,
        prevPage: page > 1 ? page - 1 : null,
      };
    }
    after = connection.pageInfo.endCursor;
    page += 1;
  }
}

/** Every HTTP endpoint integration of the project (pages of 100 followed to the end). */
async function fetchIntegrations(profileId: string, fullPath: string): Promise<AlertIntegration[]> {
  const all: AlertIntegration[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const data: IntegrationListData = await graphqlRequest(profileId, INTEGRATION_LIST, { fullPath, after });
    if (!data.project) throw projectNotFound();
    const connection = data.project.alertManagementHttpIntegrations;
    if (!connection) {
      throw new ApiError(403, {
        message: 'You need at least the Maintainer role in this project to manage its alert integrations.',
      });
    }
    all.push(...connection.nodes.map(integrationFromNode));
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
  }
  return all;
}

/**
 * Query options for a project's alerts and its HTTP endpoint integrations, read through GraphQL
 * (documents.ts) from GitLab or the embedded core alike. `fullPath` is the project's
 * `path_with_namespace`; keys stay by project id.
 */
export const alertQueries = {
  /**
   * One page of `project.alertManagementAlerts` for a status tab, severity, search text and order.
   * Keeps the previous page on screen while the next one loads.
   */
  list: (profileId: string, projectId: number, fullPath: string, filters: AlertListFilters) =>
    queryOptions({
      queryKey: alertKeys.list(profileId, projectId, filters),
      queryFn: () => fetchAlertPage(profileId, projectId, fullPath, filters),
      placeholderData: keepPreviousData,
      staleTime: 2_000,
    }),
  /**
   * `project.alertManagementAlertStatusCounts`: alerts per status (`all`, `open`, each status) with the
   * same search (and, on Outpost, severity) as the list, for the status tabs.
   */
  counts: (profileId: string, projectId: number, fullPath: string, filters: AlertSearchFilters) =>
    queryOptions({
      queryKey: alertKeys.count(profileId, projectId, filters),
      queryFn: async (): Promise<AlertStatusCounts> => {
        const search = filters.search || null;
        const data =
          filters.severity === ''
            ? await graphqlRequest(profileId, ALERT_COUNTS, { fullPath, search })
            : await graphqlRequest(profileId, ALERT_COUNTS_BY_SEVERITY, {
                fullPath,
                search,
                severities: [toGqlSeverity(filters.severity)],
              });
        if (!data.project) throw projectNotFound();
        const c = data.project.alertManagementAlertStatusCounts;
        return {
          all: c?.all ?? 0,
          open: c?.open ?? 0,
          triggered: c?.triggered ?? 0,
          acknowledged: c?.acknowledged ?? 0,
          resolved: c?.resolved ?? 0,
          ignored: c?.ignored ?? 0,
        };
      },
      placeholderData: keepPreviousData,
      staleTime: 2_000,
    }),
  /** One alert by iid (`alertManagementAlerts(iid:)`): mapped fields and GitLab's `details`. */
  detail: (profileId: string, projectId: number, fullPath: string, iid: number) =>
    queryOptions({
      queryKey: alertKeys.detail(profileId, projectId, iid),
      queryFn: async (): Promise<AlertDetail> => {
        const data = await graphqlRequest(profileId, ALERT_DETAIL, { fullPath, iid: String(iid) });
        if (!data.project) throw projectNotFound();
        const node = data.project.alertManagementAlerts?.nodes[0];
        if (!node) throw new ApiError(404, { message: '404 Alert Not Found' });
        return alertFromNode(node, projectId);
      },
      staleTime: 2_000,
    }),
  /** `project.alertManagementHttpIntegrations` (every integration). */
  integrations: (profileId: string, projectId: number, fullPath: string) =>
    queryOptions({
      queryKey: alertIntegrationKeys.list(profileId, projectId),
      queryFn: () => fetchIntegrations(profileId, fullPath),
      staleTime: 30_000,
    }),
};

export { integrationsPath };
