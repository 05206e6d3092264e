import { Button, EmptyState, Group, Pagination, Paper, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconBellOff, IconFilterOff, IconPlugConnected, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AlertSort } from '../../api/alerts/keys.js';
import { ALERT_REFRESH_MS, alertPollInterval, alertQueries } from '../../api/alerts/queries.js';
import { ALERT_SEVERITIES, type Alert, type AlertSeverity } from '../../api/alerts/types.js';
import { pageCount } from '../../api/pagination.js';
import { ClearableInput, ListErrorStrip, ToolButton } from '../../components/list-page/list-page.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { AlertDrawer } from './alert-drawer.js';
import { severityStyle } from './alert-severity.js';
import { statusStyle } from './alert-status.js';
import { AlertStatusTabs, parseStatusTab, type AlertStatusTab } from './alert-status-tabs.js';
import { AlertTable } from './alert-table.js';
import { useAlertsProject } from './alerts-context.js';
import { alertIntegrationsRoute } from './alerts-paths.js';

const PER_PAGE = 20;

const SEVERITY_OPTIONS = [
  { value: '', label: 'Any severity' },
  ...ALERT_SEVERITIES.map((severity) => ({ value: severity, label: severityStyle(severity).label })),
];

const SORT_OPTIONS: { value: AlertSort; label: string }[] = [
  { value: 'started_at_desc', label: 'Started, newest first' },
  { value: 'started_at_asc', label: 'Started, oldest first' },
  { value: 'severity_desc', label: 'Severity, most severe first' },
  { value: 'event_count_desc', label: 'Most events first' },
  { value: 'updated_at_desc', label: 'Recently updated' },
];

/**
 * A project's alerts: status tabs with counts, search and severity filters, the alert table (polled
 * every few seconds while the window is visible, so new alerts appear) and a detail drawer opened by
 * `?alert=<iid>`. The tab lives in `?status=`.
 */
export function AlertListPage() {
  const { profileId, projectId, fullPath, outpostExtensions } = useAlertsProject();
  const [params, setParams] = useSearchParams();
  const status = parseStatusTab(params.get('status'));
  const openIid = Number(params.get('alert')) || null;
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [severity, setSeverity] = useState<AlertSeverity | ''>('');
  const [sort, setSort] = useState<AlertSort>('started_at_desc');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Alert | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const searchFilters = { search, severity };
  // Polled while the last answer was good; a failure (refused, forbidden, a GraphQL error) stops it.
  const list = useQuery({
    ...alertQueries.list(profileId, projectId, fullPath, {
      ...searchFilters,
      status,
      sort,
      page,
      perPage: PER_PAGE,
    }),
    refetchInterval: alertPollInterval,
  });
  const counts = useQuery({
    ...alertQueries.counts(profileId, projectId, fullPath, searchFilters),
    refetchInterval: alertPollInterval,
  });
  const unfiltered = useQuery({
    ...alertQueries.counts(profileId, projectId, fullPath, { search: '', severity: '' }),
    refetchInterval: alertPollInterval,
    enabled: search !== '' || severity !== '',
  });

  const changeParams = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setStatus = (tab: AlertStatusTab) => {
    setPage(1);
    changeParams((next) => (tab === 'all' ? next.delete('status') : next.set('status', tab)));
  };
  const openAlert = (alert: Alert) => {
    setOpened(alert);
    changeParams((next) => next.set('alert', String(alert.iid)));
  };
  const closeAlert = () => changeParams((next) => next.delete('alert'));

  const filtered = search !== '' || severity !== '';
  const clearFilters = () => {
    setSearchInput('');
    setSeverity('');
    setPage(1);
  };
  const projectHasAlerts = filtered ? (unfiltered.data?.all ?? 1) > 0 : (counts.data?.all ?? 1) > 0;

  const data = list.data;
  const alerts = data?.items ?? [];
  let body;
  if (list.isError && !data) {
    body = (
      <QueryErrorAlert
        title="Couldn’t load alerts"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (data && alerts.length === 0) {
    let empty;
    if (!projectHasAlerts) {
      empty = (
        <EmptyState
          py={56}
          variant="light"
          icon={<IconBellOff size={26} stroke={1.6} />}
          title="No alerts yet"
          description="Alerts appear here as soon as a monitoring tool posts to one of this project’s HTTP endpoints. Create an endpoint, point your tool at its URL, or send a test alert."
        >
          <EmptyState.Actions>
            <Button
              component={Link}
              to={alertIntegrationsRoute(projectId)}
              leftSection={<IconPlugConnected size={16} />}
            >
              Set up an integration
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    } else if (filtered) {
      empty = (
        <EmptyState
          py={56}
          icon={<IconSearch size={24} stroke={1.6} />}
          withIndicatorBackground
          title="No alerts match these filters"
          description={
            status === 'all'
              ? undefined
              : `Only ${statusStyle(status).label.toLowerCase()} alerts are searched on this tab.`
          }
        >
          <EmptyState.Actions>
            <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
              Clear filters
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    } else {
      const label = status === 'all' ? '' : `${statusStyle(status).label.toLowerCase()} `;
      empty = (
        <EmptyState
          py={56}
          variant="light"
          icon={<IconBellOff size={26} stroke={1.6} />}
          title={`No ${label}alerts`}
          description="Nothing in this tab right now. The list refreshes by itself every few seconds."
        />
      );
    }
    body = <Paper withBorder>{empty}</Paper>;
  } else {
    const pages = data ? pageCount(data) : 1;
    body = (
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {list.isError ? <ListErrorStrip what="Couldn’t refresh" error={list.error} /> : null}
        <AlertTable alerts={alerts} loading={list.isPending} onOpen={openAlert} selectedIid={openIid} />
        {data && pages > 1 ? (
          <Group
            justify="space-between"
            px="md"
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" c="dimmed">
              {data.total !== null ? `${data.total} alerts` : ''}
            </Text>
            <Pagination
              total={pages}
              value={data.page}
              onChange={setPage}
              size="sm"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        ) : null}
      </Paper>
    );
  }

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <AlertStatusTabs value={status} onChange={setStatus} counts={counts.data} />
        <Group
          gap="sm"
          wrap="wrap"
          align="flex-end"
          display={projectHasAlerts || filtered ? undefined : 'none'}
        >
          <ClearableInput
            aria-label="Search alerts"
            placeholder="Search alerts"
            value={searchInput}
            onChange={(value) => {
              setSearchInput(value);
              setPage(1);
            }}
            clearLabel="Clear search text"
            leftSection={<IconSearch size={15} stroke={1.7} />}
            w={220}
          />
          {outpostExtensions ? (
            // GitLab's alertManagementAlerts has no severity filter (an Outpost extension).
            <Select
              aria-label="Severity"
              data={SEVERITY_OPTIONS}
              value={severity}
              onChange={(value) => {
                setSeverity((value ?? '') as AlertSeverity | '');
                setPage(1);
              }}
              allowDeselect={false}
              w={150}
            />
          ) : null}
          <Select
            aria-label="Sort alerts"
            data={SORT_OPTIONS}
            value={sort}
            onChange={(value) => {
              if (value) setSort(value as AlertSort);
              setPage(1);
            }}
            allowDeselect={false}
            w={220}
          />
          <ToolButton
            tooltip={`Refreshes every ${ALERT_REFRESH_MS / 1000} seconds; click to refresh now`}
            label="Refresh alerts"
            onClick={() => {
              setRefreshing(true);
              void Promise.all([list.refetch(), counts.refetch()]).finally(() => setRefreshing(false));
            }}
            loading={refreshing}
          >
            <IconRefresh size={16} stroke={1.7} />
          </ToolButton>
        </Group>
      </Group>
      {body}
      <AlertDrawer
        profileId={profileId}
        projectId={projectId}
        iid={openIid}
        listed={opened ?? alerts.find((alert) => alert.iid === openIid) ?? null}
        onClose={closeAlert}
      />
    </>
  );
}
