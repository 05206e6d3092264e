import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { describeError } from '../../api/describe-error.js';
import { pipelineQueries, RECENT_PIPELINES } from '../../api/pipelines/queries.js';
import { formatDuration } from './format-duration.js';
import { summarizeDurations } from './pipeline-chart-data.js';
import { usePipelinesProject } from './pipelines-context.js';

/** Durations of the last finished pipelines (bars coloured by outcome) and their success rate. */
export function PipelineDurationsChart() {
  const { profileId, projectId } = usePipelinesProject();
  const query = useQuery(pipelineQueries.recent(profileId, projectId));
  const summary = query.data ? summarizeDurations(query.data) : null;
  if (summary && summary.finished === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="pipeline-durations-chart">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <div>
          <Text fw={600} size="sm">
            Pipeline durations
          </Text>
          <Text size="xs" c="dimmed">
            The last {RECENT_PIPELINES} pipelines that finished, oldest first.
          </Text>
        </div>
        {summary ? (
          <Group gap="lg">
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Success rate{' '}
              </Text>
              <Text span fw={600} size="sm" data-testid="pipeline-success-rate">
                {summary.successRate}%
              </Text>{' '}
              <Text span c="dimmed" size="xs">
                ({summary.passed}/{summary.finished})
              </Text>
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Median{' '}
              </Text>
              <Text span fw={600} size="sm">
                {formatDuration(summary.medianSeconds)}
              </Text>
            </Text>
          </Group>
        ) : null}
      </Group>
      {query.isPending ? (
        <Skeleton height={120} radius="sm" />
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconInfoCircle />} title="Couldn’t load recent pipelines">
          {describeError(query.error)}
        </Alert>
      ) : (
        <BarChart
          h={120}
          data={summary?.bars ?? []}
          dataKey="pipeline"
          type="stacked"
          unit="s"
          withLegend={false}
          gridAxis="y"
          series={[
            { name: 'Passed', color: 'green.6' },
            { name: 'Failed', color: 'red.6' },
            { name: 'Other', color: 'gray.5' },
          ]}
          barProps={{ maxBarSize: 28 }}
        />
      )}
    </Paper>
  );
}
