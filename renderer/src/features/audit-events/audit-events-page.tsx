import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconHistory, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useFeatureAvailability } from '../../api/capabilities/capabilities.js';
import { describeError } from '../../api/describe-error.js';
import { FeatureUnavailable } from '../../components/feature-unavailable.js';
import { TableEmptyState } from '../../components/data-table/index.js';
import { ListErrorStrip, ToolButton } from '../../components/list-page/list-page.js';
import { PageHeader } from '../../components/page-header.js';
import { AdminGuard } from '../admin/admin-guard.js';
import { AdminQueryError } from '../admin/admin-query-error.js';
import { AuditEventDrawer } from './audit-event-drawer.js';
import { AuditEventTable } from './audit-event-table.js';
import { AuditEventsChart, ReadEventsChart } from './audit-events-chart.js';
import { AuditEventsFilters } from './audit-events-filters.js';
import { ExportMenu, ExportProgress } from './export-progress.js';
import {
  numberFormat,
  SCAN_STEP,
  useAuditEventsState,
  type AuditEventsState,
} from './use-audit-events-state.js';

const HISTORY_ICON = <IconHistory size={26} stroke={1.6} />;

/** "Search N more events": widen how far the author and action filters scan the loaded events. */
function SearchMoreButton({ s, compact = false }: { s: AuditEventsState; compact?: boolean }) {
  return (
    <Button
      variant={compact ? 'light' : 'default'}
      size={compact ? 'compact-xs' : undefined}
      onClick={s.searchMore}
    >
      Search {numberFormat.format(SCAN_STEP)} {compact ? 'more' : 'more events'}
    </Button>
  );
}

/** Nothing to show: no events in the range, or none of the loaded ones match the text filters. */
function EmptyEvents({ s }: { s: AuditEventsState }) {
  const searched = s.clientFiltering && s.loaded.length > 0;
  return (
    <TableEmptyState
      icon={s.clientFiltering ? <IconSearch size={26} stroke={1.6} /> : HISTORY_ICON}
      title={
        searched
          ? 'No loaded events match the author and action filters'
          : `No audit events in ${s.rangeLabel}`
      }
      description={
        searched
          ? `The author and action filters searched the newest ${numberFormat.format(s.loaded.length)} events in ${s.rangeLabel}.`
          : 'Events appear here as people create projects, change members, settings and tokens, and administer the instance.'
      }
      actions={
        <>
          {s.clientFiltering && s.list.hasNextPage ? <SearchMoreButton s={s} /> : null}
          {s.narrowed ? (
            <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={s.clearFilters}>
              Clear filters
            </Button>
          ) : null}
        </>
      }
    />
  );
}

/** The loaded events in the virtualized table, with a retry strip when a later page failed. */
function EventsTable({ s }: { s: AuditEventsState }) {
  const { list } = s;
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      {list.isError ? (
        <ListErrorStrip
          what="Couldn’t load more events"
          error={list.error}
          onRetry={() => void list.fetchNextPage()}
        />
      ) : null}
      <AuditEventTable
        events={s.rows}
        loading={list.isPending}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={s.autoLoad ? s.loadMore : noop}
        onOpen={s.openEvent}
        selectedId={s.drawerOpen ? (s.selected?.id ?? null) : null}
        height="max(420px, calc(100vh - 300px))"
        {...(s.autoLoad
          ? {}
          : {
              moreLabel: `Author and action filters searched the newest ${numberFormat.format(s.loaded.length)} events`,
              moreAction: <SearchMoreButton s={s} compact />,
            })}
      />
    </Paper>
  );
}

/** What goes under the filters and the chart: a range problem, a load error, nothing, or the table. */
function EventsBody({ s }: { s: AuditEventsState }) {
  const { list } = s;
  if (!s.rangeUsable) {
    return (
      <div data-testid="audit-range-problem">
        <TableEmptyState
          icon={HISTORY_ICON}
          title="Fix the time range to see events"
          description={`${s.rangeProblem} No events are shown until the range is valid.`}
        />
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <AdminQueryError
        what="audit events"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data && s.rows.length === 0 && !(list.hasNextPage && s.autoLoad)) return <EmptyEvents s={s} />;
  return <EventsTable s={s} />;
}

/** The chart: counted per day by the embedded core, drawn from the events read on a remote instance. */
function EventsChart({ s }: { s: AuditEventsState }) {
  if (s.embedded) {
    return <AuditEventsChart profileId={s.profile.id} filters={s.filters} rangeLabel={s.rangeLabel} />;
  }
  return (
    <ReadEventsChart
      events={s.loaded}
      filters={s.filters}
      complete={s.complete}
      total={s.remoteTotal}
      loading={s.list.isPending}
      error={s.list.isError && !s.list.data ? s.list.error : null}
      rangeLabel={s.rangeLabel}
    />
  );
}

/**
 * Admin → Audit events: who changed what and when on the instance. Time range and entity filters go
 * to the instance (`GET /audit_events`, keyset pages on GitLab 15.11+ and the embedded core, offset
 * pages before, loaded as the virtualized table scrolls) and to exports; author and action text filter
 * the loaded rows. A chart shows events per day, a drawer shows one event, and Export streams every
 * matching event to a file in the host. Instance audit events are GitLab Premium: on the Community
 * Edition (feature `audit-events`, shared/instance-capabilities.ts) the screen says so, before the
 * administrator check ({@link AdminGuard}, which it applies itself), and sends no audit request. State and handlers live in {@link useAuditEventsState}.
 */
export function AuditEventsPage() {
  const availability = useFeatureAvailability('audit-events');
  if (availability.status !== 'available') {
    return (
      <>
        <PageHeader title="Audit events" description="Who changed what on the instance" />
        <FeatureUnavailable availability={availability} testId="audit-events-unavailable" />
      </>
    );
  }
  return (
    <AdminGuard>
      <AuditEventsScreen caveat={availability.caveat} />
    </AdminGuard>
  );
}

function AuditEventsScreen({ caveat }: { caveat: string | null }) {
  const s = useAuditEventsState();
  const { list, profile } = s;
  return (
    <>
      <PageHeader
        title="Audit events"
        description={s.description}
        actions={
          <>
            <ToolButton
              tooltip="Refresh (moves the time range up to now)"
              label="Refresh audit events"
              onClick={s.refresh}
              loading={list.isFetching && !list.isPending && !list.isFetchingNextPage}
            >
              <IconRefresh size={16} stroke={1.7} />
            </ToolButton>
            <ExportMenu
              onExport={s.exportAs}
              starting={s.startExport.isPending}
              disabled={s.rangeProblem !== null}
            />
          </>
        }
      />
      <Stack gap="md">
        {s.startExport.isError ? (
          <Text size="sm" c="red" role="alert">
            Couldn’t start the export: {describeError(s.startExport.error)}
          </Text>
        ) : null}
        {s.exportId ? (
          <ExportProgress
            key={s.exportId}
            profileId={profile.id}
            exportId={s.exportId}
            onDismiss={s.dismissExport}
            onRetry={s.exportAs}
          />
        ) : null}
        {caveat ? (
          <Text size="xs" c="dimmed" data-testid="audit-events-caveat">
            {caveat}
          </Text>
        ) : null}
        <AuditEventsFilters f={s.filterState} />
        {s.rangeUsable ? <EventsChart s={s} /> : null}
        <EventsBody s={s} />
      </Stack>
      <AuditEventDrawer event={s.selected} opened={s.drawerOpen} onClose={s.closeDrawer} />
    </>
  );
}

function noop() {}
