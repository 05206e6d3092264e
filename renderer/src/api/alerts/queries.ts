import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPage } from '../client.js';
import { alertIntegrationKeys, alertKeys, type AlertListFilters, type AlertSearchFilters } from './keys.js';
import type { Alert, AlertDetail, AlertIntegration, AlertStatusCounts } from './types.js';

/** How often an open alert screen polls for new alerts, ms. */
export const ALERT_REFRESH_MS = 5_000;

const alertsPath = (projectId: number) => `/projects/${projectId}/alert_management/alerts`;
const integrationsPath = (projectId: number) => `/projects/${projectId}/alert_management/http_integrations`;

/** Query options for a project's alerts and its HTTP endpoint integrations. */
export const alertQueries = {
  /**
   * One page of `GET /projects/:id/alert_management/alerts` for a status tab, severity, search text
   * and order. Keeps the previous page on screen while the next one loads.
   */
  list: (profileId: string, projectId: number, filters: AlertListFilters) =>
    queryOptions({
      queryKey: alertKeys.list(profileId, projectId, filters),
      queryFn: () =>
        apiPage<Alert>({
          method: 'GET',
          path: alertsPath(projectId),
          query: {
            status: filters.status === 'all' ? undefined : filters.status,
            severity: filters.severity,
            search: filters.search,
            sort: filters.sort,
            page: filters.page,
            per_page: filters.perPage,
          },
          profileId,
        }),
      placeholderData: keepPreviousData,
      staleTime: 2_000,
    }),
  /**
   * `GET /projects/:id/alert_management/alerts/counts`: alerts per status (`all`, `open`, each
   * status) with the same search and severity as the list, for the status tabs.
   */
  counts: (profileId: string, projectId: number, filters: AlertSearchFilters) =>
    queryOptions({
      queryKey: alertKeys.count(profileId, projectId, filters),
      queryFn: () =>
        apiGet<AlertStatusCounts>(profileId, `${alertsPath(projectId)}/counts`, {
          severity: filters.severity,
          search: filters.search,
        }),
      placeholderData: keepPreviousData,
      staleTime: 2_000,
    }),
  /** `GET /projects/:id/alert_management/alerts/:alert_iid`: mapped fields, raw payload, `events`. */
  detail: (profileId: string, projectId: number, iid: number) =>
    queryOptions({
      queryKey: alertKeys.detail(profileId, projectId, iid),
      queryFn: () => apiGet<AlertDetail>(profileId, `${alertsPath(projectId)}/${iid}`),
      staleTime: 2_000,
    }),
  /** `GET /projects/:id/alert_management/http_integrations` (every integration, not paginated). */
  integrations: (profileId: string, projectId: number) =>
    queryOptions({
      queryKey: alertIntegrationKeys.list(profileId, projectId),
      queryFn: () => apiGet<AlertIntegration[]>(profileId, integrationsPath(projectId)),
      staleTime: 30_000,
    }),
};

export { alertsPath, integrationsPath };
