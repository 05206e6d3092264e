import { Alert, Avatar, Badge, Button, Group, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconExternalLink, IconThumbUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { useApproveMergeRequest } from '../../api/merge-requests/mutations.js';
import type { MergeRequestUser } from '../../api/merge-requests/types.js';
import { pipelinePaths } from '../pipelines/pipeline-paths.js';
import type { MergeRequestPanelProps } from './edit-merge-request-modal.js';
import { LabelChips } from './merge-request-badges.js';
import { useSidebarEditing, type SidebarField } from './use-sidebar-editing.js';

function People({ users }: { users: MergeRequestUser[] }) {
  if (users.length === 0) return <None />;
  return (
    <Stack gap={4}>
      {users.map((user) => (
        <Group key={user.id} gap={6}>
          <Avatar name={user.name} color="initials" size={22} />
          <Text size="sm">{user.name}</Text>
        </Group>
      ))}
    </Stack>
  );
}

function None() {
  return (
    <Text size="sm" c="dimmed">
      None
    </Text>
  );
}

/** Colour of a pipeline status badge. */
function pipelineColor(status: string): string {
  if (status === 'success') return 'green';
  if (status === 'failed') return 'red';
  if (status === 'canceled' || status === 'skipped' || status === 'manual') return 'gray';
  return 'blue';
}

/** A sidebar panel's small uppercase heading. */
function PanelTitle({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
      {children}
    </Text>
  );
}

/**
 * The Overview's sidebar: the head pipeline (status, link), approvals with Approve/Revoke
 * (`POST …/approve`, `…/unapprove`), and labels, assignees and reviewers, each editable in place
 * ({@link useSidebarEditing}).
 */
export function MergeRequestSidebar({ mr, target, approvals }: MergeRequestPanelProps) {
  const approve = useApproveMergeRequest(target.profileId, target.projectId, target.iid);
  const edit = useSidebarEditing(mr, target);
  const pipeline = mr.head_pipeline;
  const fields: { what: SidebarField; title: string; view: ReactNode }[] = [
    {
      what: 'labels',
      title: 'Labels',
      view: mr.labels.length > 0 ? <LabelChips labels={mr.labels} /> : <None />,
    },
    { what: 'assignees', title: 'Assignees', view: <People users={mr.assignees} /> },
    { what: 'reviewers', title: 'Reviewers', view: <People users={mr.reviewers} /> },
  ];

  return (
    <Stack gap="md">
      <Paper withBorder p="md" data-testid="mr-pipeline">
        <PanelTitle>Pipeline</PanelTitle>
        {pipeline ? (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Badge variant="light" color={pipelineColor(pipeline.status)} data-testid="mr-pipeline-status">
              {pipeline.status}
            </Badge>
            <Button
              component={Link}
              to={pipelinePaths.pipeline(target.projectId, pipeline.id)}
              size="compact-xs"
              variant="subtle"
              rightSection={<IconExternalLink size={12} />}
              data-testid="mr-pipeline-link"
            >
              Pipeline #{pipeline.id}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No pipeline has run for the latest commit.
          </Text>
        )}
      </Paper>
      <Paper withBorder p="md" data-testid="mr-approvals">
        <PanelTitle>Approvals</PanelTitle>
        {approvals === undefined ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : approvals === null ? (
          <Text size="sm" c="dimmed">
            This instance has no approvals API.
          </Text>
        ) : (
          <Stack gap="xs">
            <Group gap={6}>
              {(approvals.approvals_left ?? 0) > 0 ? (
                <Badge color="yellow" variant="light">
                  {approvals.approvals_left} more approval{approvals.approvals_left === 1 ? '' : 's'} required
                </Badge>
              ) : approvals.approved_by.length > 0 ? (
                <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
                  Approved
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Approval is optional
                </Badge>
              )}
            </Group>
            {approvals.approved_by.length > 0 ? (
              <Text size="sm">
                Approved by {approvals.approved_by.map((entry) => entry.user.name).join(', ')}
              </Text>
            ) : null}
            {mr.state === 'opened' ? (
              approvals.user_has_approved ? (
                <Button
                  variant="default"
                  size="xs"
                  loading={approve.isPending}
                  onClick={() => approve.mutate({ approve: false })}
                >
                  Revoke approval
                </Button>
              ) : (
                <Button
                  size="xs"
                  color="green"
                  leftSection={<IconThumbUp size={14} />}
                  loading={approve.isPending}
                  disabled={approvals.user_can_approve === false}
                  onClick={() => approve.mutate({ approve: true, sha: mr.sha })}
                >
                  Approve
                </Button>
              )
            ) : null}
            {approve.error ? <Alert color="red">{describeError(approve.error)}</Alert> : null}
          </Stack>
        )}
      </Paper>
      {fields.map(({ what, title, view }) => (
        <Paper key={what} withBorder p="md">
          <Group justify="space-between" mb={4}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {title}
            </Text>
            {edit.editing !== what ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => edit.startEditing(what)}
                aria-label={`Edit ${what}`}
              >
                Edit
              </Button>
            ) : null}
          </Group>
          {edit.editing === what ? (
            <Stack gap="xs">
              <MultiSelect
                aria-label={`Edit ${what}`}
                data={edit.choices}
                value={edit.selection}
                onChange={edit.setSelection}
                searchable
                clearable
                size="xs"
              />
              <Group gap="xs">
                <Button size="compact-xs" onClick={edit.save} loading={edit.update.isPending}>
                  Save
                </Button>
                <Button size="compact-xs" variant="default" onClick={edit.cancel}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          ) : (
            view
          )}
        </Paper>
      ))}
      {edit.update.error ? <Alert color="red">{describeError(edit.update.error)}</Alert> : null}
    </Stack>
  );
}
