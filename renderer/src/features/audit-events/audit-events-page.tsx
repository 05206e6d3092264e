import {
  ActionIcon,
  Button,
  CloseButton,
  EmptyState,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IconFilterOff,
  IconHistory,
  IconInfoCircle,
  IconRefresh,
  IconSearch,
  IconUser,
} from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { AuditEntityType, AuditEvent, AuditEventFilters } from '../../../../shared/audit-events.js';
import type { ExportFormat } from '../../../../shared/ipc-contract.js';
import { useStartAuditExport } from '../../api/audit-events/exports.js';
import { auditEventKeys } from '../../api/audit-events/keys.js';
import { auditEventQueries } from '../../api/audit-events/queries.js';
import { describeError } from '../../api/describe-error.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { PageHeader } from '../../components/page-header.js';
import { AdminQueryError } from '../admin/admin-query-error.js';
import { AuditEventDrawer } from './audit-event-drawer.js';
import { AuditEventTable } from './audit-event-table.js';
import { AuditEventsChart } from './audit-events-chart.js';
import { matchesClientFilters, noClientFilters } from './client-filter.js';
import { ExportMenu, ExportProgress } from './export-progress.js';
import {
  customRangeProblem,
  describeTimeRange,
  TIME_RANGE_PRESETS,
  timeRangeFilters,
  type TimeRange,
  type TimeRangePreset,
} from './time-range.js';

const number = new Intl.NumberFormat('en-US');

/** How many more loaded events the author/action filters search before asking to go on. */
const SCAN_STEP = 5_000;

const ENTITY_OPTIONS = [
  { value: '', label: 'Any entity' },
  { value: 'Project', label: 'Project' },
  { value: 'Group', label: 'Group' },
  { value: 'User', label: 'User' },
  { value: 'Gitlab::Audit::InstanceScope', label: 'Instance' },
];

/**
 * Admin → Audit events: who changed what and when on the instance. Time range and entity filters go
 * to the instance (`GET /audit_events`, keyset pages loaded as the virtualized table scrolls) and to
 * exports; author and action text filter the loaded rows. A chart counts events per day, a drawer
 * shows one event, and Export streams every matching event to a file in the host.
 */
export function AuditEventsPage() {
  const profile = useActiveProfile();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<TimeRange>(() => ({
    preset: '7d',
    anchoredAt: Date.now(),
    from: '',
    to: '',
  }));
  const [entityType, setEntityType] = useState<AuditEntityType | ''>('');
  const [entityIdInput, setEntityIdInput] = useState<string | number>('');
  const [entityId] = useDebouncedValue(entityIdInput, 300);
  const [author, setAuthor] = useState('');
  const [action, setAction] = useState('');
  const clientFilters = useDeferredValue(useMemo(() => ({ author, action }), [author, action]));
  const [scanLimit, setScanLimit] = useState(SCAN_STEP);
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openEvent = useCallback((event: AuditEvent) => {
    setSelected(event);
    setDrawerOpen(true);
  }, []);
  const [exportId, setExportId] = useState<string | null>(null);
  const startExport = useStartAuditExport(profile.id);

  const rangeProblem = range.preset === 'custom' ? customRangeProblem(range) : null;
  const entityIdValue =
    typeof entityId === 'number' && Number.isInteger(entityId) && entityId > 0 ? entityId : null;
  const filters: AuditEventFilters = useMemo(
    () => ({
      ...timeRangeFilters(range),
      ...(entityType ? { entity_type: entityType } : {}),
      ...(entityType && entityIdValue !== null ? { entity_id: entityIdValue } : {}),
    }),
    [range, entityType, entityIdValue],
  );

  // An unusable custom range (inverted, not a date) loads nothing: no stale or unfiltered table is
  // shown under the range's error, which goes as soon as either date is fixed.
  const rangeUsable = rangeProblem === null;
  const list = useInfiniteQuery({ ...auditEventQueries.list(profile.id, filters), enabled: rangeUsable });
  const count = useQuery({ ...auditEventQueries.count(profile.id, filters), enabled: rangeUsable });
  const pages = list.data?.pages;
  const loaded = useMemo(() => (pages ?? []).flatMap((page) => page.items), [pages]);
  const clientFiltering = !noClientFilters(clientFilters);
  const rows = useMemo(
    () => (clientFiltering ? loaded.filter((event) => matchesClientFilters(event, clientFilters)) : loaded),
    [loaded, clientFilters, clientFiltering],
  );
  const autoLoad = !clientFiltering || loaded.length < scanLimit;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rangeLabel = describeTimeRange(range);
  const total = count.data;
  let description = `Who changed what on ${profile.name}, newest first`;
  if (total !== undefined && rangeUsable) {
    const matching =
      total === null
        ? 'More than 10,000 events'
        : `${number.format(total)} ${total === 1 ? 'event' : 'events'}`;
    description = `${matching} in ${rangeLabel} on ${profile.name}`;
    if (clientFiltering) {
      description += ` · ${number.format(rows.length)} of ${number.format(loaded.length)} loaded match the author and action filters`;
    }
  }

  const refresh = () => {
    setRange((current) => ({ ...current, anchoredAt: Date.now() }));
    void queryClient.invalidateQueries({ queryKey: auditEventKeys.all(profile.id) });
  };
  const exportAs = (format: ExportFormat) =>
    startExport.mutate(
      { format, filters },
      {
        onSuccess: (id) => {
          if (id) setExportId(id);
        },
      },
    );
  const clearFilters = () => {
    setEntityType('');
    setEntityIdInput('');
    setAuthor('');
    setAction('');
    setRange({ preset: '30d', anchoredAt: Date.now(), from: '', to: '' });
  };
  const narrowed = entityType !== '' || clientFiltering || range.preset !== '30d';

  let body;
  if (!rangeUsable) {
    body = (
      <Paper withBorder data-testid="audit-range-problem">
        <EmptyState
          py={56}
          variant="light"
          icon={<IconHistory size={26} stroke={1.6} />}
          title="Fix the time range to see events"
          description={`${rangeProblem} No events are shown until the range is valid.`}
        />
      </Paper>
    );
  } else if (list.isError && !list.data) {
    body = (
      <AdminQueryError
        what="audit events"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data && rows.length === 0 && !(list.hasNextPage && autoLoad)) {
    body = (
      <Paper withBorder>
        <EmptyState
          py={56}
          variant="light"
          icon={
            clientFiltering ? <IconSearch size={26} stroke={1.6} /> : <IconHistory size={26} stroke={1.6} />
          }
          title={
            clientFiltering && loaded.length > 0
              ? 'No loaded events match the author and action filters'
              : `No audit events in ${rangeLabel}`
          }
          description={
            clientFiltering && loaded.length > 0
              ? `The author and action filters searched the newest ${number.format(loaded.length)} events in ${rangeLabel}.`
              : 'Events appear here as people create projects, change members, settings and tokens, and administer the instance.'
          }
        >
          <EmptyState.Actions>
            {clientFiltering && list.hasNextPage ? (
              <Button variant="default" onClick={() => setScanLimit(loaded.length + SCAN_STEP)}>
                Search {number.format(SCAN_STEP)} more events
              </Button>
            ) : null}
            {narrowed ? (
              <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                Clear filters
              </Button>
            ) : null}
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {list.isError ? (
          <Group
            px="md"
            py="xs"
            gap="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" c="red">
              Couldn’t load more events: {describeError(list.error)}
            </Text>
            <Button size="compact-xs" color="red" variant="light" onClick={() => void list.fetchNextPage()}>
              Retry
            </Button>
          </Group>
        ) : null}
        <AuditEventTable
          events={rows}
          loading={list.isPending}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={autoLoad ? loadMore : noop}
          onOpen={openEvent}
          selectedId={drawerOpen ? (selected?.id ?? null) : null}
          height="max(420px, calc(100vh - 300px))"
          {...(autoLoad
            ? {}
            : {
                moreLabel: `Author and action filters searched the newest ${number.format(loaded.length)} events`,
                moreAction: (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => setScanLimit(loaded.length + SCAN_STEP)}
                  >
                    Search {number.format(SCAN_STEP)} more
                  </Button>
                ),
              })}
        />
      </Paper>
    );
  }

  return (
    <>
      <PageHeader
        title="Audit events"
        description={description}
        actions={
          <>
            <Tooltip label="Refresh (moves the time range up to now)">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Refresh audit events"
                onClick={refresh}
                loading={list.isFetching && !list.isPending && !list.isFetchingNextPage}
              >
                <IconRefresh size={16} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            <ExportMenu
              onExport={exportAs}
              starting={startExport.isPending}
              disabled={rangeProblem !== null}
            />
          </>
        }
      />
      <Stack gap="md">
        {startExport.isError ? (
          <Text size="sm" c="red" role="alert">
            Couldn’t start the export: {describeError(startExport.error)}
          </Text>
        ) : null}
        {exportId ? (
          <ExportProgress
            key={exportId}
            profileId={profile.id}
            exportId={exportId}
            onDismiss={() => setExportId(null)}
            onRetry={exportAs}
          />
        ) : null}
        <Paper withBorder p="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <div>
              <Text size="sm" fw={500} mb={4} id="audit-range-label">
                Time range
              </Text>
              <SegmentedControl
                aria-labelledby="audit-range-label"
                value={range.preset}
                onChange={(value) =>
                  setRange((current) => ({
                    ...current,
                    preset: value as TimeRangePreset,
                    anchoredAt: Date.now(),
                  }))
                }
                data={TIME_RANGE_PRESETS.map((preset) => ({
                  value: preset.value,
                  label: preset.value === 'custom' ? 'Custom' : preset.label.replace('Last ', ''),
                }))}
              />
            </div>
            {range.preset === 'custom' ? (
              <>
                <TextInput
                  type="date"
                  label="From"
                  value={range.from}
                  onChange={(event) => {
                    const from = event.currentTarget.value;
                    setRange((current) => ({ ...current, from }));
                  }}
                  w={160}
                />
                <TextInput
                  type="date"
                  label="To"
                  value={range.to}
                  onChange={(event) => {
                    const to = event.currentTarget.value;
                    setRange((current) => ({ ...current, to }));
                  }}
                  error={rangeProblem}
                  w={160}
                />
              </>
            ) : null}
            <Select
              label="Entity type"
              data={ENTITY_OPTIONS}
              value={entityType}
              onChange={(value) => {
                setEntityType((value ?? '') as AuditEntityType | '');
                if (!value) setEntityIdInput('');
              }}
              allowDeselect={false}
              w={150}
            />
            <NumberInput
              label="Entity ID"
              placeholder="Any"
              value={entityIdInput}
              onChange={setEntityIdInput}
              disabled={!entityType}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              w={130}
            />
            <TextInput
              label="Author"
              placeholder="Name, email or ID"
              value={author}
              onChange={(event) => setAuthor(event.currentTarget.value)}
              leftSection={<IconUser size={15} stroke={1.7} />}
              rightSection={
                author ? (
                  <CloseButton size="sm" aria-label="Clear author" onClick={() => setAuthor('')} />
                ) : null
              }
              w={200}
            />
            <TextInput
              label="Action"
              placeholder="e.g. visibility, member"
              value={action}
              onChange={(event) => setAction(event.currentTarget.value)}
              leftSection={<IconSearch size={15} stroke={1.7} />}
              rightSection={
                action ? (
                  <CloseButton size="sm" aria-label="Clear action" onClick={() => setAction('')} />
                ) : null
              }
              w={220}
            />
          </Group>
          <Group gap={6} mt="xs" wrap="nowrap" c="dimmed">
            <IconInfoCircle size={14} style={{ flexShrink: 0 }} />
            <Text size="xs">
              Time range and entity are filtered by the instance and apply to exports. Author and action
              filter the events loaded so far (the audit events API has no such filters).
            </Text>
          </Group>
        </Paper>
        {rangeUsable ? (
          <AuditEventsChart profileId={profile.id} filters={filters} rangeLabel={rangeLabel} />
        ) : null}
        {body}
      </Stack>
      <AuditEventDrawer event={selected} opened={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </>
  );
}

function noop() {}
