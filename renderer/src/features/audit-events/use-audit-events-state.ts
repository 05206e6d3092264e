import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { AuditEntityType, AuditEvent, AuditEventFilters } from '../../../../shared/audit-events.js';
import type { ExportFormat } from '../../../../shared/ipc-contract.js';
import { useStartAuditExport } from '../../api/audit-events/exports.js';
import { auditEventKeys } from '../../api/audit-events/keys.js';
import { auditEventQueries } from '../../api/audit-events/queries.js';
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
 * State of Admin → Audit events: the filters (time range and entity go to the instance and to
 * exports; author and action text filter the loaded rows), the keyset-paged list and its count
 * (`GET /audit_events`), how far the text filters scan, the event open in the drawer, and exports.
 */
export function useAuditEventsState() {
  const profile = useActiveProfile();
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
        : `${numberFormat.format(total)} ${total === 1 ? 'event' : 'events'}`;
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
