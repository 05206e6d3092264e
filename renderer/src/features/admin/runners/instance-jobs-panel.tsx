import { Alert, Anchor, Button, Chip, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useInstanceJobAction } from '../../../api/admin/runners/mutations.js';
import { adminRunnerQueries } from '../../../api/admin/runners/queries.js';
import type { InstanceJobScope, JobWithProject } from '../../../api/admin/runners/types.js';
import { INSTANCE_JOB_SCOPES } from '../../../api/admin/runners/types.js';
import { useFeatureAvailability } from '../../../api/capabilities/capabilities.js';
import { describeError } from '../../../api/describe-error.js';
import { FeatureUnavailable } from '../../../components/feature-unavailable.js';
import { ListPager } from '../../../components/list-pager.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { StatusBadge } from '../../pipelines/status-badge.js';

/** Jobs that can be cancelled (GitLab's `cancelable?`: not finished yet). */
const CANCELABLE = new Set([
  'created',
  'pending',
  'running',
  'waiting_for_resource',
  'preparing',
  'scheduled',
]);
/** Jobs that can be retried (GitLab's `retryable?`: finished). */
const RETRYABLE = new Set(['failed', 'success', 'canceled']);

/** The scopes shown first: what an administrator looks at in the queue. */
const DEFAULT_SCOPES: InstanceJobScope[] = ['running', 'pending', 'failed'];

/**
 * The instance's jobs (Outpost's `GET /jobs?scope[]=…`, every project, newest first, 20 a page), filtered
 * by status; each links to its job page and can be cancelled (unfinished) or retried (finished) through
 * the project's job API. On GitLab, which has no such REST list, the honest unavailable panel says where
 * GitLab shows them.
 */
export function InstanceJobsPanel({ profileId }: { profileId: string }) {
  const availability = useFeatureAvailability('instance-jobs');
  if (availability.status !== 'available')
    return (
      <FeatureUnavailable availability={availability} variant="inline" testId="instance-jobs-unavailable" />
    );
  return <InstanceJobsList profileId={profileId} />;
}

function InstanceJobsList({ profileId }: { profileId: string }) {
  const [scopes, setScopes] = useState<InstanceJobScope[]>(DEFAULT_SCOPES);
  const [page, setPage] = useState(1);
  const query = useQuery(adminRunnerQueries.instanceJobs(profileId, scopes, page));
  const action = useInstanceJobAction(profileId);

  const run = (job: JobWithProject, kind: 'cancel' | 'retry') =>
    action.mutate(
      { projectId: job.project.id, jobId: job.id, action: kind },
      {
        onSuccess: (next) =>
          notifications.show({
            color: 'teal',
            title: kind === 'cancel' ? 'Job canceled' : 'Job retried',
            message:
              kind === 'cancel'
                ? `${job.name} #${job.id} was canceled.`
                : `${job.name} runs again as #${next.id}.`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Couldn’t ${kind} ${job.name} #${job.id}`,
            message: describeError(error),
          }),
      },
    );

  return (
    <Paper withBorder p="md" data-testid="instance-jobs">
      <Chip.Group
        multiple
        value={scopes}
        onChange={(value) => {
          setScopes(value as InstanceJobScope[]);
          setPage(1);
        }}
      >
        <Group gap={6} mb="md" aria-label="Job statuses">
          {INSTANCE_JOB_SCOPES.map((scope) => (
            <Chip key={scope} value={scope} size="xs">
              {scope[0]!.toUpperCase() + scope.slice(1)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {query.isError && !query.data ? (
        <Alert color="red" variant="light" title="Couldn’t load the jobs">
          {describeError(query.error)}
        </Alert>
      ) : !query.data ? (
        <Loader size="sm" type="dots" aria-label="Loading the jobs" />
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="instance-jobs-empty">
          No jobs in these statuses.
        </Text>
      ) : (
        <Table verticalSpacing={6} striped={false} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Th>Job</Table.Th>
              <Table.Th>Project</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.items.map((job) => (
              <Table.Tr key={job.id} data-testid="instance-job" data-job-id={job.id}>
                <Table.Td>
                  <StatusBadge status={job.status} allowFailure={job.allow_failure} size="sm" />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/pipelines/${job.project.id}/jobs/${job.id}`} size="sm">
                    {job.name} #{job.id}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {job.stage} · {job.ref}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{job.project.path_with_namespace}</Text>
                </Table.Td>
                <Table.Td>
                  <RelativeTime iso={job.created_at} size="xs" c="dimmed" />
                </Table.Td>
                <Table.Td>
                  {CANCELABLE.has(job.status) ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconPlayerStop size={12} />}
                      onClick={() => run(job, 'cancel')}
                      aria-label={`Cancel ${job.name} #${job.id}`}
                    >
                      Cancel
                    </Button>
                  ) : RETRYABLE.has(job.status) ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconRefresh size={12} />}
                      onClick={() => run(job, 'retry')}
                      aria-label={`Retry ${job.name} #${job.id}`}
                    >
                      Retry
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {query.data ? <ListPager page={query.data} noun="jobs" onPageChange={setPage} /> : null}
    </Paper>
  );
}
