import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBell,
  IconBellOff,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { elapsedSeconds, formatDuration } from './format-duration.js';
import { JobSandboxBanner } from './job-sandbox-banner.js';
import { pipelinePaths } from './pipeline-paths.js';
import { isActiveStatus } from './pipeline-status.js';
import { PipelineTabs } from './pipeline-tabs.js';
import { StatusBadge } from './status-badge.js';
import { usePipelineState } from './use-pipeline-state.js';

/**
 * One pipeline: header facts, actions, the stage/job graph, the Tests tab and the variables. State
 * and handlers live in {@link usePipelineState}.
 */
export function PipelinePage() {
  const s = usePipelineState();
  const { pipeline, projectId, profileId, action, watched, doAction } = s;
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
            onClick={() => void s.toggleWatch(p.ref)}
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
            onClick={() => s.setConfirmDelete(true)}
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
        <Fact label="Duration" value={formatDuration(elapsedSeconds(p, s.now))} testId="pipeline-duration" />
        <Fact label="Queued" value={formatDuration(p.queued_duration)} />
        <Fact label="Coverage" value={p.coverage !== null ? `${p.coverage}%` : '—'} />
        <Fact label="Jobs" value={s.jobs.data ? String(s.jobs.data.length) : '—'} />
      </SimpleGrid>

      <PipelineTabs s={s} pipeline={p} />

      <ConfirmModal
        opened={s.confirmDelete}
        title={`Delete pipeline #${p.id}?`}
        confirmLabel="Delete pipeline"
        busy={s.remove.isPending}
        error={s.remove.error}
        onClose={() => s.setConfirmDelete(false)}
        onConfirm={() => s.deletePipeline(p.id)}
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
