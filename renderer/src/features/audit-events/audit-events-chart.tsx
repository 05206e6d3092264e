import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { memo } from 'react';
import type { AuditEventFilters } from '../../../../shared/audit-events.js';
import { describeError } from '../../api/describe-error.js';
import { auditEventQueries } from '../../api/audit-events/queries.js';

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
