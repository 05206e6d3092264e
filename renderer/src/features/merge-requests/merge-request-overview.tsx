import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useCreateDiscussion } from '../../api/merge-requests/mutations.js';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import type {
  Discussion,
  MergeRequestApprovals,
  MergeRequestDetail,
} from '../../api/merge-requests/types.js';
import { MarkdownView } from '../../components/markdown-view.js';
import { buildActivity } from './activity.js';
import { ActivityTimeline } from './activity-timeline.js';
import { CommentForm, type ThreadTarget } from './discussion-thread.js';
import { MergeChecksList } from './merge-checks-list.js';
import { COMMITS_PER_PAGE } from './merge-request-commits.js';
import { MergeRequestSidebar } from './merge-request-sidebar.js';

/**
 * The Overview tab: Markdown description, the merge checks of an open merge request (what blocks the
 * merge and what to do), the activity timeline ({@link buildActivity}: opening, pushes with their
 * commits, system notes, label/milestone/state events, approvals, threads — diff threads with their
 * code — and the merge), a comment box, and the sidebar ({@link MergeRequestSidebar}: head pipeline,
 * approvals with Approve/Revoke, labels, assignees and reviewers, editable).
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
  const comment = useCreateDiscussion(profileId, projectId, iid);
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
      <MergeRequestSidebar mr={mr} target={target} approvals={approvals} />
    </SimpleGrid>
  );
}
