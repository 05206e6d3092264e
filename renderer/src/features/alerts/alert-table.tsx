import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import type { Alert } from '../../api/alerts/types.js';
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

const COLUMNS = ['Severity', 'Alert', 'Events', 'Started', 'Ended', 'Source', 'Status'];

/**
 * (The description line clamps instead of `nowrap`, so it never sets the Alert column's minimum width.)
 * Low-priority columns give way as the table's container narrows (CSS container queries), so the
 * status badge stays in view without scrolling: Ended first, then Source, then Events.
 */
const HIDE: Record<string, string | undefined> = {
  Ended: classes.hideBelow1100,
  Source: classes.hideBelow1000,
  Events: classes.hideBelow760,
};

/** A cell's class: its sizing plus when it hides. */
function cellClass(column: string): string {
  return [column === 'Alert' ? classes.grow : classes.shrink, HIDE[column]].filter(Boolean).join(' ');
}

/**
 * The alert list: severity, title (opens the detail), event count, start and end as relative times,
 * service and monitoring tool, and status. Rows are clickable; the title is the keyboard target.
 */
export function AlertTable({ alerts, loading, onOpen, selectedIid }: AlertTableProps) {
  return (
    <div className={classes.container}>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          className={classes.table}
          aria-label="Alerts"
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} className={cellClass(column)}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: 5 }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} data-testid="alert-row-skeleton">
                    {COLUMNS.map((column) => (
                      <Table.Td key={column} className={cellClass(column)}>
                        <Skeleton height={10} width={column === 'Alert' ? '60%' : 56} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : alerts.map((alert) => {
                  const severity = normalizeSeverity(alert.severity);
                  const source = alertSource(alert);
                  return (
                    <Table.Tr
                      key={alert.iid}
                      data-testid="alert-row"
                      data-iid={alert.iid}
                      className={classes.row}
                      data-selected={selectedIid === alert.iid || undefined}
                      onClick={() => onOpen(alert)}
                    >
                      <Table.Td className={cellClass('Severity')}>
                        <SeverityBadge severity={severity} size="sm" />
                      </Table.Td>
                      <Table.Td className={cellClass('Alert')}>
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          size="sm"
                          c="var(--mantine-color-text)"
                          className={classes.title}
                          onClick={(event) => {
                            event.stopPropagation();
                            onOpen(alert);
                          }}
                        >
                          {alert.title}
                        </Anchor>
                        <Text size="xs" c="dimmed" lineClamp={1} maw={520}>
                          #{alert.iid}
                          {alert.description ? ` · ${alert.description}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td className={cellClass('Events')}>
                        <Text size="sm" fw={500} ta="right" data-testid="alert-events">
                          {alert.events}
                        </Text>
                      </Table.Td>
                      <Table.Td className={cellClass('Started')}>
                        <RelativeTime iso={alert.started_at} size="sm" />
                      </Table.Td>
                      <Table.Td className={cellClass('Ended')}>
                        <RelativeTime iso={alert.ended_at} size="sm" />
                      </Table.Td>
                      <Table.Td className={cellClass('Source')}>
                        {source ? (
                          <Text size="sm" truncate="end" maw={220}>
                            {source}
                          </Text>
                        ) : (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td className={cellClass('Status')}>
                        <StatusBadge status={alert.status} size="sm" />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
