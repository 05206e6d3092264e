import { Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconBellOff, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import type { Pipeline } from '../../../../shared/api-types/pipelines.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { QueryContent } from '../../components/query-content/query-content.js';
import { RelativeTime } from '../../components/relative-time.js';
import { JobSandboxBanner } from './job-sandbox-banner.js';
import { pipelinePaths } from './pipeline-paths.js';
import { isActiveStatus } from './pipeline-status.js';
import { PipelineTabs } from './pipeline-tabs.js';
import { BackLink, Fact, RunFacts } from './run-facts.js';
import { StatusBadge } from './status-badge.js';
import { usePipelineState, type PipelineState } from './use-pipeline-state.js';

/**
 * One pipeline: header facts, actions, the stage/job graph, the Tests tab and the variables. State
 * and handlers live in {@link usePipelineState}.
 */
export function PipelinePage() {
  const s = usePipelineState();
  return (
    <QueryContent query={s.pipeline} errorTitle="Couldn’t load the pipeline" skeletonHeight={220}>
      {(p) => <PipelineView s={s} p={p} />}
    </QueryContent>
  );
}

/** The loaded pipeline. */
function PipelineView({ s, p }: { s: PipelineState; p: Pipeline }) {
  const { projectId, profileId, action, watched, doAction } = s;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <BackLink to={pipelinePaths.list(projectId)}>All pipelines</BackLink>
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

      <RunFacts run={p} now={s.now} durationTestId="pipeline-duration">
        <Fact label="Jobs" value={s.jobs.data ? String(s.jobs.data.length) : '—'} />
      </RunFacts>

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
