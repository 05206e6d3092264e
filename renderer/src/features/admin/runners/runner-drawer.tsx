import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteRunner, useSetRunnerPaused } from '../../../api/admin/runners/mutations.js';
import { adminRunnerQueries } from '../../../api/admin/runners/queries.js';
import type { RunnerDetails } from '../../../api/admin/runners/types.js';
import { describeError } from '../../../api/describe-error.js';
import { ConfirmModal } from '../../../components/confirm-modal.js';
import {
  DetailDrawer,
  DetailFields,
  DetailHeading,
  DetailSection,
} from '../../../components/detail-drawer/detail-drawer.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { StatusBadge } from '../../pipelines/status-badge.js';
import { RUNNER_TYPE_LABELS, RunnerStateBadge } from './runner-status.js';

/** Props of {@link RunnerDrawer}. */
export interface RunnerDrawerProps {
  profileId: string;
  /** The runner shown; null keeps the drawer closed. */
  runnerId: number | null;
  /** True on Outpost's embedded core: its one runner is built in and cannot be removed. */
  builtIn: boolean;
  onClose: () => void;
}

/** "1 h", "10 min" of a timeout in seconds. */
function formatTimeout(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/**
 * One runner for an administrator (doc/api/runners.md "Get runner's details"): state, type, version,
 * platform, last contact, tags, maximum timeout; pause or resume (`PUT /runners/:id` `paused`); its 10
 * latest jobs (`GET /runners/:id/jobs`), each linking to the job's page; and delete after confirmation,
 * except for Outpost's built-in runner, which cannot be removed (pausing is what stops it).
 */
export function RunnerDrawer({ profileId, runnerId, builtIn, onClose }: RunnerDrawerProps) {
  const runner = useQuery({
    ...adminRunnerQueries.detail(profileId, runnerId ?? 0),
    enabled: runnerId !== null,
  });
  const data = runnerId === null ? undefined : runner.data;
  return (
    <DetailDrawer
      opened={runnerId !== null}
      onClose={onClose}
      size={600}
      testId="runner-drawer"
      title={
        <DetailHeading
          title={data ? data.description || `Runner #${data.id}` : 'Runner'}
          subtitle={runnerId === null ? '' : `runner #${runnerId}`}
        />
      }
    >
      {runner.isError ? (
        <Alert color="red" variant="light" title="Couldn’t load the runner">
          {describeError(runner.error)}
        </Alert>
      ) : !data ? (
        <Loader size="sm" type="dots" aria-label="Loading the runner" />
      ) : (
        <RunnerDetailsView profileId={profileId} runner={data} builtIn={builtIn} onDeleted={onClose} />
      )}
    </DetailDrawer>
  );
}

function RunnerDetailsView({
  profileId,
  runner,
  builtIn,
  onDeleted,
}: {
  profileId: string;
  runner: RunnerDetails;
  builtIn: boolean;
  onDeleted: () => void;
}) {
  const setPaused = useSetRunnerPaused(profileId);
  const deleteRunner = useDeleteRunner(profileId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = runner.description || `runner #${runner.id}`;

  const togglePause = () =>
    setPaused.mutate(
      { id: runner.id, paused: !runner.paused },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: runner.paused ? 'Runner resumed' : 'Runner paused',
            message: runner.paused
              ? `${name} takes new jobs again.`
              : `${name} takes no new jobs; jobs it is running finish.`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Couldn’t ${runner.paused ? 'resume' : 'pause'} ${name}`,
            message: describeError(error),
          }),
      },
    );

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={runner.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
          loading={setPaused.isPending}
          onClick={togglePause}
        >
          {runner.paused ? 'Resume' : 'Pause'}
        </Button>
        {builtIn ? null : (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirmDelete(true)}
          >
            Delete
          </Button>
        )}
      </Group>
      {runner.paused ? (
        <Alert variant="light" color="yellow" title="Paused" data-testid="runner-paused-note">
          New jobs wait as pending until the runner is resumed; jobs already running finish.
        </Alert>
      ) : null}
      {builtIn ? (
        <Text size="sm" c="dimmed" data-testid="runner-built-in-note">
          This is Outpost’s built-in runner: it runs this instance’s jobs on this computer and cannot be
          removed. Pause it to stop new jobs from starting; the job sandbox and limits are under Admin →
          Security.
        </Text>
      ) : null}
      <DetailSection label="Details">
        <DetailFields
          rows={[
            ['State', <RunnerStateBadge key="state" runner={runner} />],
            ['Type', RUNNER_TYPE_LABELS[runner.runner_type] ?? runner.runner_type],
            ['Version', runner.version],
            ['Platform', [runner.platform, runner.architecture].filter(Boolean).join(' / ') || null],
            ['IP address', runner.ip_address ?? null],
            ['Last contact', <RelativeTime key="contact" iso={runner.contacted_at} size="sm" />],
            [
              'Tags',
              runner.tag_list.length > 0 ? (
                <Group key="tags" gap={4}>
                  {runner.tag_list.map((tag) => (
                    <Badge key={tag} size="xs" variant="outline">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              ) : runner.run_untagged ? (
                'None (runs untagged jobs)'
              ) : (
                'None'
              ),
            ],
            ['Maximum job timeout', formatTimeout(runner.maximum_timeout)],
            ['Protected branches only', runner.access_level === 'ref_protected' ? 'Yes' : 'No'],
          ]}
        />
      </DetailSection>
      <DetailSection label="Recent jobs">
        <RunnerJobs profileId={profileId} runnerId={runner.id} />
      </DetailSection>
      <ConfirmModal
        opened={confirmDelete}
        title={`Delete runner ${name}?`}
        confirmLabel="Delete runner"
        busy={deleteRunner.isPending}
        error={deleteRunner.error}
        onClose={() => {
          deleteRunner.reset();
          setConfirmDelete(false);
        }}
        onConfirm={() =>
          deleteRunner.mutate(runner.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', title: 'Runner deleted', message: `${name} was removed.` });
              setConfirmDelete(false);
              onDeleted();
            },
          })
        }
      >
        <Text size="sm">
          The runner can no longer pick up jobs and must be registered again to come back. Jobs it ran keep
          their logs.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function RunnerJobs({ profileId, runnerId }: { profileId: string; runnerId: number }) {
  const jobs = useQuery(adminRunnerQueries.runnerJobs(profileId, runnerId));
  if (jobs.isError)
    return (
      <Alert color="red" variant="light" title="Couldn’t load the runner’s jobs">
        {describeError(jobs.error)}
      </Alert>
    );
  if (!jobs.data) return <Loader size="sm" type="dots" aria-label="Loading the runner’s jobs" />;
  if (jobs.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This runner has not run any job yet.
      </Text>
    );
  return (
    <Table verticalSpacing={4} data-testid="runner-jobs">
      <Table.Tbody>
        {jobs.data.items.map((job) => (
          <Table.Tr key={job.id} data-testid="runner-job">
            <Table.Td>
              <StatusBadge status={job.status} allowFailure={job.allow_failure} size="sm" />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/pipelines/${job.project.id}/jobs/${job.id}`} size="sm">
                {job.name} #{job.id}
              </Anchor>
              <Text size="xs" c="dimmed">
                {job.project.path_with_namespace}
              </Text>
            </Table.Td>
            <Table.Td>
              <RelativeTime iso={job.finished_at ?? job.started_at ?? job.created_at} size="xs" c="dimmed" />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
