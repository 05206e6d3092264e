import {
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { IconCircleCheck, IconExternalLink, IconThumbUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { labelQueries } from '../../api/labels/queries.js';
import {
  useApproveMergeRequest,
  useCreateDiscussion,
  useUpdateMergeRequest,
} from '../../api/merge-requests/mutations.js';
import { mergeRequestPeopleQueries, mergeRequestQueries } from '../../api/merge-requests/queries.js';
import type {
  Discussion,
  MergeRequestApprovals,
  MergeRequestDetail,
  MergeRequestUser,
} from '../../api/merge-requests/types.js';
import { pipelinePaths } from '../pipelines/pipeline-paths.js';
import { MarkdownView } from '../../components/markdown-view.js';
import { buildActivity } from './activity.js';
import { ActivityTimeline } from './activity-timeline.js';
import { CommentForm, type ThreadTarget } from './discussion-thread.js';
import { MergeChecksList } from './merge-checks-list.js';
import { LabelChips } from './merge-request-badges.js';
import { COMMITS_PER_PAGE } from './merge-request-commits.js';

function People({ users }: { users: MergeRequestUser[] }) {
  if (users.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
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

/** Colour of a pipeline status badge. */
function pipelineColor(status: string): string {
  if (status === 'success') return 'green';
  if (status === 'failed') return 'red';
  if (status === 'canceled' || status === 'skipped' || status === 'manual') return 'gray';
  return 'blue';
}

/**
 * The Overview tab: Markdown description, the merge checks of an open merge request (what blocks the
 * merge and what to do), the activity timeline ({@link buildActivity}: opening, pushes with their
 * commits, system notes, label/milestone/state events, approvals, threads — diff threads with their
 * code — and the merge), a comment
 * box, and a sidebar with the head pipeline (status, link), approvals with Approve/Revoke, labels,
 * assignees and reviewers (editable).
 */
export function MergeRequestOverview({
  mr,
  target,
  approvals,
  discussions,
  discussionsError,
}: {
  mr: MergeRequestDetail;
  target: ThreadTarget;
  approvals: MergeRequestApprovals | null | undefined;
  discussions: Discussion[];
  discussionsError: unknown;
}) {
  const { profileId, projectId, iid } = target;
  const update = useUpdateMergeRequest(profileId, projectId, iid);
  const approve = useApproveMergeRequest(profileId, projectId, iid);
  const comment = useCreateDiscussion(profileId, projectId, iid);
  const [editing, setEditing] = useState<null | 'labels' | 'assignees' | 'reviewers'>(null);
  const [selection, setSelection] = useState<string[]>([]);
  const labels = useQuery({ ...labelQueries.options(profileId, projectId), enabled: editing === 'labels' });
  const members = useQuery({
    ...mergeRequestPeopleQueries.members(profileId, projectId),
    enabled: editing === 'assignees' || editing === 'reviewers',
  });
  const versions = useQuery(mergeRequestQueries.versions(profileId, projectId, iid));
  const commits = useInfiniteQuery(
    mergeRequestQueries.commitPages(profileId, projectId, iid, COMMITS_PER_PAGE),
  );
  const hasDiffThreads = discussions.some((discussion) => discussion.notes[0]?.position);
  const changes = useQuery({
    ...mergeRequestQueries.changes(profileId, projectId, iid),
    enabled: hasDiffThreads,
  });
  const labelEvents = useQuery(mergeRequestQueries.resourceEvents(profileId, projectId, iid, 'label'));
  const milestoneEvents = useQuery(
    mergeRequestQueries.resourceEvents(profileId, projectId, iid, 'milestone'),
  );
  const stateEvents = useQuery(mergeRequestQueries.resourceEvents(profileId, projectId, iid, 'state'));
  const activity = useMemo(
    () =>
      buildActivity(
        mr,
        versions.data ?? [],
        commits.data?.pages.flatMap((page) => page.items) ?? [],
        discussions,
        approvals,
        { label: labelEvents.data, milestone: milestoneEvents.data, state: stateEvents.data },
      ),
    [
      mr,
      versions.data,
      commits.data,
      discussions,
      approvals,
      labelEvents.data,
      milestoneEvents.data,
      stateEvents.data,
    ],
  );
  const labelNames = mr.labels.map((label) => (typeof label === 'string' ? label : label.name));

  const startEditing = (what: 'labels' | 'assignees' | 'reviewers') => {
    setEditing(what);
    setSelection(
      what === 'labels'
        ? labelNames
        : (what === 'assignees' ? mr.assignees : mr.reviewers).map((user) => String(user.id)),
    );
  };
  const save = () => {
    const input =
      editing === 'labels'
        ? { labels: selection.join(',') }
        : editing === 'assignees'
          ? { assignee_ids: selection.map(Number) }
          : { reviewer_ids: selection.map(Number) };
    update.mutate(input, { onSuccess: () => setEditing(null) });
  };

  const editor = (what: 'labels' | 'assignees' | 'reviewers') =>
    editing === what ? (
      <Stack gap="xs">
        <MultiSelect
          aria-label={`Edit ${what}`}
          data={
            what === 'labels'
              ? Array.from(new Set([...(labels.data ?? []).map((label) => label.name), ...labelNames]))
              : (members.data ?? []).map((member) => ({ value: String(member.id), label: member.name }))
          }
          value={selection}
          onChange={setSelection}
          searchable
          clearable
          size="xs"
        />
        <Group gap="xs">
          <Button size="compact-xs" onClick={save} loading={update.isPending}>
            Save
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    ) : null;

  const sideHeader = (title: string, what: 'labels' | 'assignees' | 'reviewers') => (
    <Group justify="space-between" mb={4}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      {editing !== what ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => startEditing(what)}
          aria-label={`Edit ${what}`}
        >
          Edit
        </Button>
      ) : null}
    </Group>
  );

  const pipeline = mr.head_pipeline;

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Stack gap="md" style={{ gridColumn: 'span 2' }}>
        <Paper withBorder p="md">
          {mr.description ? (
            <MarkdownView source={mr.description} />
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              No description.
            </Text>
          )}
        </Paper>
        {mr.state === 'opened' ? (
          <MergeChecksList
            mr={mr}
            approvals={approvals}
            discussions={discussionsError ? undefined : discussions}
          />
        ) : null}
        <Title order={4}>Activity</Title>
        {discussionsError ? (
          <Alert color="gray" title="Threads are unavailable">
            {describeError(discussionsError)}
          </Alert>
        ) : null}
        <ActivityTimeline items={activity} target={target} changes={changes.data?.changes} />
        <Paper withBorder p="sm" hidden={Boolean(discussionsError)}>
          <CommentForm
            label="Add a comment"
            submitLabel="Comment"
            busy={comment.isPending}
            error={comment.error}
            onSubmit={(body, done) => comment.mutate({ body }, { onSuccess: done })}
          />
        </Paper>
      </Stack>
      <Stack gap="md">
        <Paper withBorder p="md" data-testid="mr-pipeline">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
            Pipeline
          </Text>
          {pipeline ? (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Badge variant="light" color={pipelineColor(pipeline.status)} data-testid="mr-pipeline-status">
                {pipeline.status}
              </Badge>
              <Button
                component={Link}
                to={pipelinePaths.pipeline(projectId, pipeline.id)}
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
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
            Approvals
          </Text>
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
                    {approvals.approvals_left} more approval{approvals.approvals_left === 1 ? '' : 's'}{' '}
                    required
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
        <Paper withBorder p="md">
          {sideHeader('Labels', 'labels')}
          {editor('labels') ??
            (mr.labels.length > 0 ? (
              <LabelChips labels={mr.labels} />
            ) : (
              <Text size="sm" c="dimmed">
                None
              </Text>
            ))}
        </Paper>
        <Paper withBorder p="md">
          {sideHeader('Assignees', 'assignees')}
          {editor('assignees') ?? <People users={mr.assignees} />}
        </Paper>
        <Paper withBorder p="md">
          {sideHeader('Reviewers', 'reviewers')}
          {editor('reviewers') ?? <People users={mr.reviewers} />}
        </Paper>
        {update.error ? <Alert color="red">{describeError(update.error)}</Alert> : null}
      </Stack>
    </SimpleGrid>
  );
}
