import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { AuditEntityType, AuditEvent, AuditEventFilters } from '../../../../shared/audit-events.js';
import type { ExportFormat } from '../../../../shared/ipc-contract.js';
import { useStartAuditExport } from '../../api/audit-events/exports.js';
import { auditEventKeys } from '../../api/audit-events/keys.js';
import { auditEventQueries, CHART_MAX_PAGES, type AuditPaging } from '../../api/audit-events/queries.js';
import { useFeatureAvailability } from '../../api/capabilities/capabilities.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { matchesClientFilters, noClientFilters } from './client-filter.js';
import { customRangeProblem, describeTimeRange, timeRangeFilters, type TimeRange } from './time-range.js';

export const numberFormat = new Intl.NumberFormat('en-US');

/** How many more loaded events the author/action filters search before asking to go on. */
export const SCAN_STEP = 5_000;

/** The filter bar's values and setters (see {@link useAuditEventsState}). */
export interface AuditFilterState {
  range: TimeRange;
  setRange: (update: (current: TimeRange) => TimeRange) => void;
  rangeProblem: string | null;
  entityType: AuditEntityType | '';
  setEntityType: (value: AuditEntityType | '') => void;
  entityIdInput: string | number;
  setEntityIdInput: (value: string | number) => void;
  author: string;
  setAuthor: (value: string) => void;
  action: string;
  setAction: (value: string) => void;
}

/**
 * What the header says of the number of matching events: the instance's count, the number read when
 * the list was read to its end, or that no count is available with how many were read so far (GitLab
 * sends no `X-Total` for keyset pages, nor for offset pages of lists above 10,000 events). Never a
 * made-up number. Pure.
 */
export function describeMatching(
  counted: { total: number | null } | null,
  read: { loaded: number; complete: boolean; paging: AuditPaging },
): string {
  const events = (n: number) => `${numberFormat.format(n)} ${n === 1 ? 'event' : 'events'}`;
  if (counted) return counted.total === null ? 'More than 10,000 events' : events(counted.total);
  if (read.complete) return events(read.loaded);
  const why =
    read.paging === 'keyset'
      ? 'GitLab does not count keyset pages'
      : 'GitLab leaves the total out above 10,000 events';
  return `Count unavailable (${why}) · ${numberFormat.format(read.loaded)}+ read so far`;
}

/**
 * State of Admin → Audit events: the filters (time range and entity go to the instance and to
 * exports; author and action text filter the loaded rows), the list (`GET /audit_events`, keyset pages
 * on GitLab 15.11+ and the embedded core, offset pages before), how many events match, how far the
 * text filters scan, the event open in the drawer, and exports.
 *
 * Counting: the embedded core counts (`X-Total` of a one-row page, and per day in the chart). A remote
 * instance is not asked to count: the header uses the first offset page's `X-Total` when GitLab sent
 * one, else what was read; its chart is drawn from the events read, and on first view the list reads
 * up to {@link CHART_MAX_PAGES} pages for it (issue 27: a list screen sends at most ~6 requests).
 */
export function useAuditEventsState() {
  const profile = useActiveProfile();
  const embedded = profile.kind === 'embedded';
  const paging: AuditPaging =
    useFeatureAvailability('audit-events-keyset').status === 'unavailable' ? 'offset' : 'keyset';
  const queryClient = useQueryClient();
  const [range, setRangeValue] = useState<TimeRange>(() => ({
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
  const list = useInfiniteQuery({
    ...auditEventQueries.list(profile.id, filters, paging),
    enabled: rangeUsable,
  });
  const count = useQuery({
    ...auditEventQueries.count(profile.id, filters),
    enabled: rangeUsable && embedded,
  });
  const pages = list.data?.pages;
  const loaded = useMemo(() => (pages ?? []).flatMap((page) => page.items), [pages]);
  const clientFiltering = !noClientFilters(clientFilters);
  const rows = useMemo(
    () => (clientFiltering ? loaded.filter((event) => matchesClientFilters(event, clientFilters)) : loaded),
    [loaded, clientFilters, clientFiltering],
  );
  const autoLoad = !clientFiltering || loaded.length < scanLimit;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError: listFailed } = list;
  // `cancelRefetch: false`: the table and the chart may both ask for the next page in one render; the
  // second call joins the request under way instead of sending the same page again.
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A remote instance's chart is drawn from events read: read up to CHART_MAX_PAGES pages, no more.
  const pagesRead = pages?.length ?? 0;
  const chartWantsMore =
    !embedded && rangeUsable && pagesRead > 0 && pagesRead < CHART_MAX_PAGES && hasNextPage && !listFailed;
  useEffect(() => {
    if (chartWantsMore && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [chartWantsMore, isFetchingNextPage, fetchNextPage]);
  const complete = list.data !== undefined && !hasNextPage;

  const rangeLabel = describeTimeRange(range);
  // Remote: the first offset page's X-Total (GitLab sends none for keyset pages, nor above 10,000).
  const remoteTotal = pages?.[0]?.total ?? null;
  const counted = embedded
    ? count.data === undefined
      ? undefined
      : { total: count.data }
    : remoteTotal === null
      ? null
      : { total: remoteTotal };
  let description = `Who changed what on ${profile.name}, newest first`;
  if (rangeUsable && counted !== undefined && (embedded || list.data !== undefined)) {
    const matching = describeMatching(counted, { loaded: loaded.length, complete, paging });
    description = `${matching} in ${rangeLabel} on ${profile.name}`;
    if (clientFiltering) {
      description += ` · ${numberFormat.format(rows.length)} of ${numberFormat.format(loaded.length)} loaded match the author and action filters`;
    }
  }

  const refresh = () => {
    setRangeValue((current) => ({ ...current, anchoredAt: Date.now() }));
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
    setRangeValue({ preset: '30d', anchoredAt: Date.now(), from: '', to: '' });
  };
  const narrowed = entityType !== '' || clientFiltering || range.preset !== '30d';

  const filterState: AuditFilterState = {
    range,
    setRange: setRangeValue,
    rangeProblem,
    entityType,
    setEntityType,
    entityIdInput,
    setEntityIdInput,
    author,
    setAuthor,
    action,
    setAction,
  };

  return {
    profile,
    embedded,
    paging,
    complete,
    remoteTotal,
    filterState,
    filters,
    rangeUsable,
    rangeProblem,
    rangeLabel,
    description,
    list,
    loaded,
    rows,
    clientFiltering,
    autoLoad,
    loadMore,
    searchMore: () => setScanLimit(loaded.length + SCAN_STEP),
    narrowed,
    clearFilters,
    refresh,
    selected,
    drawerOpen,
    openEvent,
    closeDrawer: () => setDrawerOpen(false),
    exportId,
    dismissExport: () => setExportId(null),
    exportAs,
    startExport,
  };
}

/** What {@link useAuditEventsState} returns. */
export type AuditEventsState = ReturnType<typeof useAuditEventsState>;
