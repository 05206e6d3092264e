import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../api/describe-error.js';
import { CHART_DETAIL_LIMIT, pipelineQueries, RECENT_PIPELINE_FILTERS } from '../../api/pipelines/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { formatDuration } from './format-duration.js';
import { isFinishedStatus, summarizeDurations, type ChartPipeline } from './pipeline-chart-data.js';
import { usePipelinesProject } from './pipelines-context.js';

/**
 * The success rate of the latest pipelines and the durations of up to {@link CHART_DETAIL_LIMIT} of them
 * (bars coloured by outcome), within the request budget of the list screen (app/request-budgets.ts):
 * - the pipelines are the list's own unfiltered first page (the same query, so no request of its own);
 *   the success rate needs only their list-level `status`;
 * - durations need `GET …/pipelines/:id` each (the list has none, doc/api/pipelines.md). On the embedded
 *   instance they are read for the latest {@link CHART_DETAIL_LIMIT} finished pipelines at once; on a
 *   remote instance only after "Load durations", and details already read (a pipeline page visited) show
 *   without asking.
 */
export function PipelineDurationsChart() {
  const { profileId, projectId } = usePipelinesProject();
  const embedded = useActiveProfile().kind === 'embedded';
  const [asked, setAsked] = useState(false);
  const query = useQuery(pipelineQueries.list(profileId, projectId, RECENT_PIPELINE_FILTERS));
  const finished = (query.data?.items ?? [])
    .filter((p) => isFinishedStatus(p.status))
    .slice(0, CHART_DETAIL_LIMIT);
  const details = useQueries({
    queries: finished.map((p) => ({
      ...pipelineQueries.detail(profileId, projectId, p.id),
      enabled: embedded || asked,
      staleTime: Infinity,
    })),
  });
  const pipelines: ChartPipeline[] = (query.data?.items ?? [])
    .map((p): ChartPipeline => {
      const index = finished.findIndex((f) => f.id === p.id);
      const detail = index >= 0 ? details[index]?.data : undefined;
      return detail
        ? { id: p.id, status: p.status, duration: detail.duration }
        : { id: p.id, status: p.status };
    })
    .reverse();
  const summary = query.data ? summarizeDurations(pipelines) : null;
  const loading = details.some((d) => d.isFetching);
  if (summary && summary.finished === 0) return null;
  const missing = summary ? Math.min(summary.finished, CHART_DETAIL_LIMIT) - summary.timed : 0;
  return (
    <Paper withBorder p="md" data-testid="pipeline-durations-chart">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <div>
          <Text fw={600} size="sm">
            Pipeline durations
          </Text>
          <Text size="xs" c="dimmed" data-testid="pipeline-durations-coverage">
            {summary
              ? `Success rate of the last ${summary.finished} finished pipelines; durations of ${summary.timed} of them, oldest first.`
              : 'The latest pipelines, oldest first.'}
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
            {summary.medianSeconds !== null ? (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  Median{' '}
                </Text>
                <Text span fw={600} size="sm">
                  {formatDuration(summary.medianSeconds)}
                </Text>
              </Text>
            ) : null}
            {missing > 0 && !embedded ? (
              <Button
                size="compact-xs"
                variant="light"
                loading={loading}
                onClick={() => setAsked(true)}
                data-testid="pipeline-durations-load"
              >
                Load durations ({missing} {missing === 1 ? 'request' : 'requests'})
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {query.isPending ? (
        <Skeleton height={120} radius="sm" />
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconInfoCircle />} title="Couldn’t load recent pipelines">
          {describeError(query.error)}
        </Alert>
      ) : summary && summary.timed > 0 ? (
        <BarChart
          h={120}
          data={summary.bars}
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
      ) : null}
    </Paper>
  );
}
