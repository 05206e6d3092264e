import { Anchor, Text } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Alert } from '../../api/alerts/types.js';
import { DataTable, tableMeta } from '../../components/data-table/index.js';
import { RelativeTime } from '../../components/relative-time.js';
import { alertSource } from './alert-fields.js';
import { SeverityBadge, StatusBadge } from './alert-badges.js';
import { normalizeSeverity } from './alert-severity.js';
import classes from './alert-table.module.css';

/** Props of {@link AlertTable}. */
export interface AlertTableProps {
  alerts: Alert[];
  /** Skeleton rows instead of data (first load). */
  loading: boolean;
  onOpen: (alert: Alert) => void;
  /** The alert open in the drawer, highlighted. */
  selectedIid: number | null;
}

/** What the cells need beyond their row: the table's `meta`. */
interface AlertTableMeta {
  onOpen: (alert: Alert) => void;
}

const column = createColumnHelper<Alert>();
const shrink = { size: 'shrink', skeletonWidth: 56 } as const;

/**
 * Columns of the alert list. (The description line clamps instead of `nowrap`, so it never sets the
 * Alert column's minimum width.) Low-priority columns give way as the table's container narrows, so
 * the status badge stays in view without scrolling: Ended first, then Source, then Events.
 */
const alertColumns: ColumnDef<Alert, unknown>[] = [
  column.display({
    id: 'severity',
    header: 'Severity',
    meta: shrink,
    cell: ({ row }) => <SeverityBadge severity={normalizeSeverity(row.original.severity)} size="sm" />,
  }),
  column.display({
    id: 'alert',
    header: 'Alert',
    meta: { size: 'grow', skeletonWidth: '60%' },
    cell: ({ row, table }) => {
      const alert = row.original;
      return (
        <>
          <Anchor
            component="button"
            type="button"
            fw={600}
            size="sm"
            c="var(--mantine-color-text)"
            className={classes.title}
            onClick={(event) => {
              event.stopPropagation();
              tableMeta<AlertTableMeta>(table).onOpen(alert);
            }}
          >
            {alert.title}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1} maw={520}>
            #{alert.iid}
            {alert.description ? ` · ${alert.description}` : ''}
          </Text>
        </>
      );
    },
  }),
  column.display({
    id: 'events',
    header: 'Events',
    meta: { ...shrink, hideBelow: 760 },
    cell: ({ row }) => (
      <Text size="sm" fw={500} ta="right" data-testid="alert-events">
        {row.original.events}
      </Text>
    ),
  }),
  column.display({
    id: 'started',
    header: 'Started',
    meta: shrink,
    cell: ({ row }) => <RelativeTime iso={row.original.started_at} size="sm" />,
  }),
  column.display({
    id: 'ended',
    header: 'Ended',
    meta: { ...shrink, hideBelow: 1100 },
    cell: ({ row }) => <RelativeTime iso={row.original.ended_at} size="sm" />,
  }),
  column.display({
    id: 'source',
    header: 'Source',
    meta: { ...shrink, hideBelow: 1000 },
    cell: ({ row }) => {
      const source = alertSource(row.original);
      return source ? (
        <Text size="sm" truncate="end" maw={220}>
          {source}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      );
    },
  }),
  column.display({
    id: 'status',
    header: 'Status',
    meta: shrink,
    cell: ({ row }) => <StatusBadge status={row.original.status} size="sm" />,
  }),
];

/**
 * The alert list (the shared {@link DataTable}): severity, title (opens the detail), event count,
 * start and end as relative times, service and monitoring tool, and status. Rows are clickable; the
 * title is the keyboard target.
 */
export function AlertTable({ alerts, loading, onOpen, selectedIid }: AlertTableProps) {
  return (
    <DataTable
      label="Alerts"
      data={alerts}
      columns={alertColumns}
      meta={{ onOpen } satisfies AlertTableMeta}
      getRowId={(alert) => String(alert.iid)}
      loading={loading}
      skeletonRows={5}
      rowTestId="alert-row"
      minWidth={560}
      rowProps={(alert) => ({
        className: classes.row,
        'data-iid': alert.iid,
        'data-selected': selectedIid === alert.iid || undefined,
        onClick: () => onOpen(alert),
      })}
    />
  );
}
