import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import type { AuditEvent, AuditEventFilters } from '../../../../shared/audit-events.js';
import { describeError } from '../../api/describe-error.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import { refusedByAdminMode } from '../../components/admin-mode-required.js';
import { auditEventQueries } from '../../api/audit-events/queries.js';
import { readDayCounts } from '../../api/audit-events/read-day-counts.js';

/** Props of {@link AuditEventsChart}. */
export interface AuditEventsChartProps {
  profileId: string;
  filters: AuditEventFilters;
  /** "the last 7 days", for the caption. */
  rangeLabel: string;
}

const number = new Intl.NumberFormat('en-US');

/** Above this many events GitLab (and the embedded core) leave `x-total` out. */
const UNCOUNTED_FLOOR = 10_000;
const UNCOUNTED_SERIES = 'More than 10,000 (not counted)';

/**
 * Events per day over the selected range, each bar counted by the instance for that day with the
 * same time and entity filters (not the author and action text filters, which apply to loaded rows).
 * The embedded core only: one count request per bar (8 to 64). Remote instances use
 * {@link ReadEventsChart}.
 */
export const AuditEventsChart = memo(function AuditEventsChart({
  profileId,
  filters,
  rangeLabel,
}: AuditEventsChartProps) {
  const query = useQuery(auditEventQueries.daily(profileId, filters));
  const days = query.data?.days ?? [];
  const uncounted = days.filter((day) => day.count === null).length;
  // A day the instance did not count holds more than 10,000 events: drawn as a 10,000 floor in its own colour.
  const total = days.reduce((sum, day) => sum + (day.count ?? UNCOUNTED_FLOOR), 0);
  const per = query.data?.step === 'week' ? 'week' : 'day';

  return (
    <Paper withBorder p="md" data-testid="audit-events-chart">
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            Events per {per}
          </Text>
          <Text size="xs" c="dimmed">
            Counted by the instance for {rangeLabel}
            {filters.entity_type ? ' and the entity filter' : ''}; author and action filters are not applied.
          </Text>
        </div>
        {query.data ? (
          <Text size="sm" c="dimmed">
            {uncounted === 0
              ? `${number.format(total)} in range`
              : `more than ${number.format(total)} in range`}
          </Text>
        ) : null}
      </Group>
      {query.isPending ? (
        <Skeleton height={132} radius="sm" />
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconInfoCircle />} title="Couldn’t count events per day">
          {describeError(query.error)}
        </Alert>
      ) : (
        <>
          <BarChart
            h={132}
            data={days.map((day) => ({
              day: day.label,
              Events: day.count ?? 0,
              [UNCOUNTED_SERIES]: day.count === null ? UNCOUNTED_FLOOR : 0,
            }))}
            dataKey="day"
            type="stacked"
            series={
              uncounted > 0
                ? [
                    { name: 'Events', color: 'outpost.5' },
                    { name: UNCOUNTED_SERIES, color: 'orange.4' },
                  ]
                : [{ name: 'Events', color: 'outpost.5' }]
            }
            tickLine="none"
            gridAxis="y"
            withYAxis
            yAxisProps={{ width: 44, allowDecimals: false, tickCount: 3 }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
            maxBarWidth={28}
            valueFormatter={(value) => number.format(value)}
            aria-label={`Audit events per ${per}`}
          />
          {uncounted > 0 ? (
            <Text size="xs" c="dimmed" mt={4}>
              Orange bars: the instance did not count{' '}
              {uncounted === 1 ? `one ${per}` : `${uncounted} ${per}s`} (GitLab leaves totals out above 10,000
              events), so they show 10,000 as a floor.
            </Text>
          ) : null}
        </>
      )}
    </Paper>
  );
});

/** Props of {@link ReadEventsChart}. */
export interface ReadEventsChartProps {
  /** The events the list has read, newest first (time and entity filters applied by the instance). */
  events: readonly AuditEvent[];
  filters: AuditEventFilters;
  /** The list was read to its end (no `Link` rel="next"). */
  complete: boolean;
  /** The instance's count when it sent one (offset `X-Total`), else null. */
  total: number | null;
  /** The first page is still loading. */
  loading: boolean;
  /** Why the first page failed, when it did. */
  error: unknown;
  /** "the last 7 days", for the caption. */
  rangeLabel: string;
}

const coveredFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Events per day on a remote instance, drawn only from the events the list has read (no count request:
 * GitLab 18 sends no `X-Total` for keyset pages and drops it on large offset lists). When the list goes
 * on past what was read, the caption says the chart covers the latest K events and since when; bars
 * wholly before the oldest event read are left empty and named as not read, never given a number.
 */
export const ReadEventsChart = memo(function ReadEventsChart({
  events,
  filters,
  complete,
  total,
  loading,
  error,
  rangeLabel,
}: ReadEventsChartProps) {
  const chart = useMemo(
    () => readDayCounts(events, filters, complete, new Date()),
    [events, filters, complete],
  );
  const { capabilities } = useInstanceCapabilities();
  // Refused by Admin Mode: the screen already explains it; an empty chart or a red error would mislead.
  if (error && refusedByAdminMode(error, capabilities)) return null;
  const per = chart.step === 'week' ? 'week' : 'day';
  const notRead = chart.days.filter((day) => day.count === null).length;
  const read = number.format(events.length);
  const coverage = complete
    ? `Drawn from all ${read} events in ${rangeLabel}${filters.entity_type ? ' and the entity filter' : ''}, as read from the instance; author and action filters are not applied.`
    : `Chart covers the latest ${read} events${total !== null ? ` of ${number.format(total)}` : ''}${
        chart.coveredFrom ? ` (since ${coveredFormat.format(new Date(chart.coveredFrom))})` : ''
      }; older events in ${rangeLabel} were not read${
        notRead > 0 ? ` (${notRead === 1 ? `one ${per}` : `${notRead} ${per}s`} left empty)` : ''
      }. The table reads further as you scroll.`;

  return (
    <Paper withBorder p="md" data-testid="audit-events-chart">
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            Events per {per}
          </Text>
          <Text size="xs" c="dimmed" data-testid="audit-chart-coverage">
            {loading ? `Reading the latest events in ${rangeLabel}…` : coverage}
          </Text>
        </div>
        {loading || error ? null : (
          <Text size="sm" c="dimmed">
            {complete ? `${number.format(chart.read)} in range` : `latest ${read} read`}
          </Text>
        )}
      </Group>
      {loading ? (
        <Skeleton height={132} radius="sm" />
      ) : error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconInfoCircle />}
          title="Couldn’t read events for the chart"
        >
          {describeError(error)}
        </Alert>
      ) : (
        <BarChart
          h={132}
          data={chart.days.map((day) => ({ day: day.label, Events: day.count ?? 0 }))}
          dataKey="day"
          series={[{ name: 'Events', color: 'outpost.5' }]}
          tickLine="none"
          gridAxis="y"
          withYAxis
          yAxisProps={{ width: 44, allowDecimals: false, tickCount: 3 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
          maxBarWidth={28}
          valueFormatter={(value) => number.format(value)}
          aria-label={`Audit events per ${per}, from events read`}
        />
      )}
    </Paper>
  );
});
