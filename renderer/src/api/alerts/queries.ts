import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiJson, apiPage } from '../client.js';
import { alertIntegrationKeys, alertKeys, type AlertListFilters, type AlertSearchFilters } from './keys.js';
import {
  ALERT_STATUSES,
  type Alert,
  type AlertDetail,
  type AlertIntegration,
  type AlertStatusCounts,
} from './types.js';

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
   * Alerts per status for the tabs: one `per_page=1` request per status, counted from `X-Total`
   * (null when the instance leaves it out). `all` is their sum.
   */
  counts: (profileId: string, projectId: number, filters: AlertSearchFilters) =>
    queryOptions({
      queryKey: alertKeys.count(profileId, projectId, filters),
      queryFn: async (): Promise<AlertStatusCounts> => {
        const totals = await Promise.all(
          ALERT_STATUSES.map(async (status) => {
            const page = await apiPage<Alert>({
              method: 'GET',
              path: alertsPath(projectId),
              query: { status, severity: filters.severity, search: filters.search, per_page: 1 },
              profileId,
            });
            return [status, page.total] as const;
          }),
        );
        const counts = Object.fromEntries(totals) as Record<(typeof ALERT_STATUSES)[number], number | null>;
        const known = totals.map(([, total]) => total);
        const all = known.every((total) => total !== null)
          ? known.reduce<number>((sum, total) => sum + (total ?? 0), 0)
          : null;
        return { ...counts, all };
      },
      placeholderData: keepPreviousData,
      staleTime: 2_000,
    }),
  /** `GET /projects/:id/alert_management/alerts/:alert_iid`: mapped fields, raw payload, `events`. */
  detail: (profileId: string, projectId: number, iid: number) =>
    queryOptions({
      queryKey: alertKeys.detail(profileId, projectId, iid),
      queryFn: () =>
        apiJson<AlertDetail>({ method: 'GET', path: `${alertsPath(projectId)}/${iid}`, profileId }),
      staleTime: 2_000,
    }),
  /** `GET /projects/:id/alert_management/http_integrations` (every integration, not paginated). */
  integrations: (profileId: string, projectId: number) =>
    queryOptions({
      queryKey: alertIntegrationKeys.list(profileId, projectId),
      queryFn: () =>
        apiJson<AlertIntegration[]>({ method: 'GET', path: integrationsPath(projectId), profileId }),
      staleTime: 30_000,
    }),
};

export { alertsPath, integrationsPath };
