import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBell,
  IconBellOff,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { useDeletePipeline, usePipelineAction } from '../../api/pipelines/mutations.js';
import { pipelineQueries } from '../../api/pipelines/queries.js';
import { FINISHED_STATUSES } from '../../api/pipelines/change-events.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { useIsPipelineWatched, usePipelineWatchStore } from '../../stores/pipeline-watch-store.js';
import { elapsedSeconds, formatDuration } from './format-duration.js';
import { useLiveRefetch } from './live-refetch.js';
import { notifyPipelineFinished, prepareNotifications } from './notify-pipeline.js';
import { PipelineGraph } from './pipeline-graph.js';
import { pipelinePaths } from './pipeline-paths.js';
import { isActiveStatus } from './pipeline-status.js';
import { JobSandboxBanner } from './job-sandbox-banner.js';
import { usePipelinesProject } from './pipelines-context.js';
import { StatusBadge } from './status-badge.js';
import { TestReportView } from './test-report-view.js';
import { useNow } from './use-now.js';

type TabValue = 'pipeline' | 'tests' | 'variables';

/** One pipeline: header facts, actions, the stage/job graph, the Tests tab and the variables. */
export function PipelinePage() {
  const { profileId, projectId, project } = usePipelinesProject();
  const pipelineId = Number(useParams().pipelineId);
  const [params, setParams] = useSearchParams();
  const tab = (
    ['tests', 'variables'].includes(params.get('tab') ?? '') ? params.get('tab') : 'pipeline'
  ) as TabValue;
  const navigate = useNavigate();
  const refetchInterval = useLiveRefetch(profileId);
  const pipeline = useQuery({ ...pipelineQueries.detail(profileId, projectId, pipelineId), refetchInterval });
  const active = pipeline.data ? isActiveStatus(pipeline.data.status) : false;
  const jobs = useQuery({
    ...pipelineQueries.pipelineJobs(profileId, projectId, pipelineId),
    refetchInterval: useLiveRefetch(profileId, () => active),
  });
  const tests = useQuery({
    ...pipelineQueries.testReport(profileId, projectId, pipelineId),
    enabled: tab === 'tests',
  });
  const variables = useQuery({
    ...pipelineQueries.variables(profileId, projectId, pipelineId),
    enabled: tab === 'variables',
  });
  const action = usePipelineAction(profileId, projectId, pipelineId);
  const remove = useDeletePipeline(profileId, projectId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const now = useNow(active ? 1000 : null);
  const watched = useIsPipelineWatched(profileId, pipelineId);
  const { pipelineWatched, pipelineUnwatched } = usePipelineWatchStore.getState();

  // Remote profiles have no change events: notify from the polled status instead.
  const lastStatus = useRef<string | null>(null);
  useEffect(() => {
    const status = pipeline.data?.status ?? null;
    const before = lastStatus.current;
    lastStatus.current = status;
    if (!status || !before || before === status || !FINISHED_STATUSES.has(status)) return;
    const watch = usePipelineWatchStore.getState().watched[`${profileId}:${pipelineId}`];
    if (!watch) return;
    pipelineUnwatched(profileId, pipelineId);
    void notifyPipelineFinished(watch, status).catch(() => undefined);
  }, [pipeline.data?.status, profileId, pipelineId, pipelineUnwatched]);

  if (pipeline.isError) {
    return (
      <QueryErrorAlert
        title="Couldn’t load the pipeline"
        error={pipeline.error}
        onRetry={() => pipeline.refetch()}
        retrying={pipeline.isFetching}
      />
    );
  }
  if (!pipeline.data) return <Skeleton height={220} />;
  const p = pipeline.data;

  const toggleWatch = async () => {
    if (watched) {
      pipelineUnwatched(profileId, pipelineId);
      return;
    }
    const allowed = await prepareNotifications().catch(() => false);
    pipelineWatched({ profileId, projectId, pipelineId, projectName: project.name, ref: p.ref });
    notifications.show({
      title: `Watching pipeline #${pipelineId}`,
      message: allowed
        ? 'You’ll get a notification when it finishes.'
        : 'Notifications are blocked for Outpost; allow them to be told when it finishes.',
      color: allowed ? 'blue' : 'orange',
    });
  };

  const doAction = (kind: 'retry' | 'cancel') =>
    action.mutate(kind, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: `Couldn’t ${kind} the pipeline`,
          message: describeError(error),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <Anchor component={Link} to={pipelinePaths.list(projectId)} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> All pipelines
            </Group>
          </Anchor>
          <Group gap="sm">
            <StatusBadge status={p.status} size="lg" />
            <Title order={3}>Pipeline #{p.id}</Title>
          </Group>
          <Group gap={8} wrap="wrap">
            <Text size="sm" c="dimmed">
              {p.tag ? 'Tag' : 'Branch'}
            </Text>
            <Code>{p.ref}</Code>
            <Text size="sm" c="dimmed">
              commit
            </Text>
            <Code>{p.sha.slice(0, 8)}</Code>
            <Text size="sm" c="dimmed">
              · started by {p.user?.username ?? 'unknown'} ·{' '}
              <RelativeTime iso={p.created_at} span size="sm" />
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            variant={watched ? 'light' : 'default'}
            leftSection={watched ? <IconBellOff size={16} /> : <IconBell size={16} />}
            onClick={() => void toggleWatch()}
            disabled={!watched && !isActiveStatus(p.status)}
          >
            {watched ? 'Stop watching' : 'Watch'}
          </Button>
          {isActiveStatus(p.status) ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={16} />}
              loading={action.isPending && action.variables === 'cancel'}
              onClick={() => doAction('cancel')}
            >
              Cancel
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={action.isPending && action.variables === 'retry'}
              onClick={() => doAction('retry')}
              disabled={!['failed', 'canceled'].includes(p.status)}
            >
              Retry
            </Button>
          )}
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirmDelete(true)}
          >
            Delete
          </Button>
        </Group>
      </Group>

      <JobSandboxBanner profileId={profileId} />

      {p.yaml_errors ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title="This pipeline’s configuration is invalid"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="yaml-errors">
            {p.yaml_errors}
          </Text>
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Duration" value={formatDuration(elapsedSeconds(p, now))} testId="pipeline-duration" />
        <Fact label="Queued" value={formatDuration(p.queued_duration)} />
        <Fact label="Coverage" value={p.coverage !== null ? `${p.coverage}%` : '—'} />
        <Fact label="Jobs" value={jobs.data ? String(jobs.data.length) : '—'} />
      </SimpleGrid>

      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'pipeline' ? { tab: v } : {}, { replace: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="pipeline">Pipeline</Tabs.Tab>
          <Tabs.Tab
            value="tests"
            rightSection={
              tests.data ? (
                <Badge size="xs" variant="light" color={tests.data.failed_count ? 'red' : 'gray'}>
                  {tests.data.total_count}
                </Badge>
              ) : null
            }
          >
            Tests
          </Tabs.Tab>
          <Tabs.Tab value="variables">Variables</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pipeline" pt="md">
          {jobs.isError ? (
            <QueryErrorAlert
              title="Couldn’t load the jobs"
              error={jobs.error}
              onRetry={() => jobs.refetch()}
              retrying={jobs.isFetching}
            />
          ) : !jobs.data ? (
            <Skeleton height={160} />
          ) : jobs.data.length === 0 ? (
            <EmptyState
              py={40}
              variant="light"
              title="No jobs"
              description="This pipeline created no jobs."
            />
          ) : (
            <PipelineGraph jobs={jobs.data} sha={p.sha} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="tests" pt="md">
          {tests.isError ? (
            <QueryErrorAlert
              title="Couldn’t load the test report"
              error={tests.error}
              onRetry={() => tests.refetch()}
              retrying={tests.isFetching}
            />
          ) : !tests.data ? (
            <Skeleton height={160} />
          ) : (
            <TestReportView report={tests.data} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="variables" pt="md">
          {variables.isError ? (
            <QueryErrorAlert
              title="Couldn’t load the variables"
              error={variables.error}
              onRetry={() => variables.refetch()}
              retrying={variables.isFetching}
            />
          ) : !variables.data ? (
            <Skeleton height={80} />
          ) : variables.data.length === 0 ? (
            <EmptyState
              py={40}
              variant="light"
              title="No variables"
              description="This pipeline was run without variables."
            />
          ) : (
            <Paper withBorder>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Value</Table.Th>
                    <Table.Th>Type</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {variables.data.map((v) => (
                    <Table.Tr key={v.key}>
                      <Table.Td>
                        <Code>{v.key}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text
                          size="sm"
                          ff="monospace"
                          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                        >
                          {v.value}
                        </Text>
                      </Table.Td>
                      <Table.Td>{v.variable_type === 'file' ? 'File' : 'Variable'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </Tabs.Panel>
      </Tabs>

      <ConfirmModal
        opened={confirmDelete}
        title={`Delete pipeline #${p.id}?`}
        confirmLabel="Delete pipeline"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(p.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              notifications.show({ color: 'green', message: `Pipeline #${p.id} deleted` });
              navigate(pipelinePaths.list(projectId));
            },
          })
        }
      >
        The pipeline, its jobs and their traces are removed for good.
      </ConfirmModal>
    </Stack>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
