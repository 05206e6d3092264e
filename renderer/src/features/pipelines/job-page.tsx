import { Button, Code, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { useJobAction } from '../../api/pipelines/mutations.js';
import { pipelineQueries } from '../../api/pipelines/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { failureReasonText } from './failure-reason.js';
import { JobTrace } from './job-trace.js';
import { useLiveRefetch } from './live-refetch.js';
import { jobActionFor } from './pipeline-graph.js';
import { pipelinePaths } from './pipeline-paths.js';
import { isActiveStatus } from './pipeline-status.js';
import { usePipelinesProject } from './pipelines-context.js';
import { BackLink, Fact, RunFacts } from './run-facts.js';
import { StatusBadge } from './status-badge.js';
import { useNow } from './use-now.js';

/** Trace refresh while the job runs, in ms (the core publishes status changes, not output). */
const TRACE_REFRESH_MS = 1500;

/** One job: status, timings, retry/cancel/play and its live trace. */
export function JobPage() {
  const { profileId, projectId } = usePipelinesProject();
  const embedded = useActiveProfile().kind === 'embedded';
  const jobId = Number(useParams().jobId);
  const navigate = useNavigate();
  const refetchInterval = useLiveRefetch(profileId);
  const job = useQuery({ ...pipelineQueries.job(profileId, projectId, jobId), refetchInterval });
  const active = job.data ? isActiveStatus(job.data.status) : false;
  const trace = useQuery({
    ...pipelineQueries.trace(profileId, projectId, jobId),
    enabled: job.data !== undefined && job.data.status !== 'manual' && job.data.status !== 'created',
    refetchInterval: job.data?.status === 'running' ? TRACE_REFRESH_MS : false,
  });
  const action = useJobAction(profileId, projectId);
  const now = useNow(active ? 1000 : null);

  if (job.isError) {
    return (
      <QueryErrorAlert
        title="Couldn’t load the job"
        error={job.error}
        onRetry={() => job.refetch()}
        retrying={job.isFetching}
      />
    );
  }
  if (!job.data) return <Skeleton height={300} />;
  const j = job.data;
  const kind = jobActionFor(j);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <BackLink to={pipelinePaths.pipeline(projectId, j.pipeline.id)}>Pipeline #{j.pipeline.id}</BackLink>
          <Group gap="sm">
            <StatusBadge status={j.status} allowFailure={j.allow_failure} size="lg" />
            <Title order={3}>{j.name}</Title>
            <Text c="dimmed">#{j.id}</Text>
          </Group>
          <Group gap={8}>
            <Text size="sm" c="dimmed">
              Stage {j.stage} ·
            </Text>
            <Code>{j.ref}</Code>
            {j.commit ? <Code>{j.commit.short_id}</Code> : null}
            {j.failure_reason ? (
              <Text size="sm" c="red" data-testid="job-failure-reason">
                {failureReasonText(j.failure_reason, embedded)}
              </Text>
            ) : null}
          </Group>
        </Stack>
        {kind ? (
          <Button
            variant="default"
            leftSection={
              kind === 'play' ? (
                <IconPlayerPlay size={16} />
              ) : kind === 'cancel' ? (
                <IconX size={16} />
              ) : (
                <IconRefresh size={16} />
              )
            }
            loading={action.isPending}
            onClick={() =>
              action.mutate(
                { jobId: j.id, action: kind },
                {
                  onSuccess: (result) => {
                    if (kind === 'retry' && result.id !== j.id)
                      navigate(pipelinePaths.job(projectId, result.id));
                  },
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: `Couldn’t ${kind} the job`,
                      message: describeError(error),
                    }),
                },
              )
            }
          >
            {kind === 'play' ? 'Run job' : kind === 'cancel' ? 'Cancel' : 'Retry'}
          </Button>
        ) : null}
      </Group>

      <RunFacts run={j} now={now}>
        <Fact
          label="Started"
          value={j.started_at ? <RelativeTime iso={j.started_at} fw={600} /> : <Text fw={600}>—</Text>}
        />
      </RunFacts>

      {trace.isError ? (
        <QueryErrorAlert
          title="Couldn’t load the trace"
          error={trace.error}
          onRetry={() => trace.refetch()}
          retrying={trace.isFetching}
        />
      ) : j.status === 'manual' || j.status === 'created' ? (
        <Paper withBorder p="lg">
          <Text c="dimmed" size="sm">
            {j.status === 'manual'
              ? 'This is a manual job: run it to see its trace.'
              : 'This job has not started yet.'}
          </Text>
        </Paper>
      ) : trace.data === undefined ? (
        <Skeleton height={300} />
      ) : (
        <JobTrace trace={trace.data} running={active} fileName={`job-${j.id}.log`} />
      )}
    </Stack>
  );
}
