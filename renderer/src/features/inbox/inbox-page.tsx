/**
 * Inbox (issue 29, "One inbox"): what waits for you on every instance Outpost keeps, in one list newest
 * first — pending to-dos (`GET /todos`, doc/api/todos.md), merge requests waiting for your review
 * (`GET /merge_requests?scope=all&state=opened&reviewer_username=`, GitLab 13.8+) and merge requests
 * assigned to you (`scope=assigned_to_me`, doc/api/merge_requests.md). Each instance is read in the
 * background within 3 requests a round, every 2 minutes while the window is visible; an instance that
 * does not answer is one calm line. A row opens its merge request on its instance (switching the active
 * profile); "Mark as done" and "Mark all done" go to the to-do's own instance. New items after the first
 * load raise one summary OS notification per round.
 */
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { inboxKeys } from '../../api/inbox/keys.js';
import { wasRefused } from '../../api/inbox/queries.js';
import { useMarkInboxTodoDone, useMarkInstanceTodosDone } from '../../api/inbox/mutations.js';
import type { InboxItem, InboxKind } from '../../api/inbox/types.js';
import { useSetActiveProfile } from '../../api/profiles/mutations.js';
import { TableEmptyState } from '../../components/data-table/index.js';
import { PageHeader } from '../../components/page-header.js';
import { mergeRequestRoute } from '../merge-requests/merge-request-paths.js';
import { InboxInstances } from './inbox-instances.js';
import { noteInboxRound } from './inbox-news.js';
import { InboxRow } from './inbox-row.js';
import { useInbox, type InstanceInboxState } from './use-inbox.js';

type KindFilter = InboxKind | 'all';

export function InboxPage() {
  const { items, instances, isFetching, profilesLoading } = useInbox();
  const [kind, setKind] = useState<KindFilter>('all');
  const queryClient = useQueryClient();
  const setActive = useSetActiveProfile();
  const navigate = useNavigate();
  const markDone = useMarkInboxTodoDone();
  const markAll = useMarkInstanceTodosDone();

  // One summary notification per round: once no instance is fetching, compare with what was seen.
  const roundSignature = items.map((item) => item.key).join('|');
  const loadedIds = instances.filter((instance) => instance.loaded).map((instance) => instance.profile.id);
  const lastRound = useRef<string | null>(null);
  useEffect(() => {
    if (isFetching || loadedIds.length === 0) return;
    const signature = `${roundSignature}#${loadedIds.join(',')}`;
    if (lastRound.current === signature) return;
    lastRound.current = signature;
    void noteInboxRound(items, loadedIds);
  });

  const open = (item: InboxItem) => {
    if (!item.mergeRequest) return;
    const route = mergeRequestRoute(item.mergeRequest.projectId, item.mergeRequest.iid);
    const go = () => void navigate(route);
    const profile = instances.find((instance) => instance.profile.id === item.profileId)?.profile;
    if (!profile || profile.active) return go();
    const previousId = instances.find((instance) => instance.profile.active)?.profile.id ?? null;
    setActive.mutate(
      { id: profile.id, previousId },
      {
        onSuccess: go,
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Couldn’t switch to ${profile.name}`,
            message: describeError(error),
          }),
      },
    );
  };

  const onDone = (item: InboxItem) => {
    for (const id of item.todoIds)
      markDone.mutate(
        { profileId: item.profileId, id },
        {
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: `Couldn’t mark the to-do done on ${item.instanceName}`,
              message: describeError(error),
            }),
        },
      );
  };

  const onMarkAll = (instance: InstanceInboxState) =>
    markAll.mutate(
      { profileId: instance.profile.id },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `All to-dos on ${instance.profile.name} are marked as done.`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Couldn’t mark all as done on ${instance.profile.name}`,
            message: describeError(error),
          }),
      },
    );

  const shown = kind === 'all' ? items : items.filter((item) => item.kinds.includes(kind));
  const pending = instances.reduce((sum, instance) => sum + (instance.pendingTodos ?? 0), 0);
  const firstLoad = instances.some((instance) => instance.loading) && items.length === 0;

  return (
    <Stack gap="md">
      <PageHeader
        title="Inbox"
        description={
          <span data-testid="inbox-summary">
            {instances.length === 0
              ? 'To-dos, review requests and assigned merge requests from every instance.'
              : `${items.length} ${items.length === 1 ? 'item' : 'items'} · ${pending} pending ${
                  pending === 1 ? 'to-do' : 'to-dos'
                } · ${instances.length} ${instances.length === 1 ? 'instance' : 'instances'}`}
          </span>
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={isFetching}
            onClick={() =>
              void Promise.all(
                instances.flatMap(({ profile }) =>
                  [inboxKeys.todos(profile.id), inboxKeys.mergeRequests(profile.id)].map((queryKey) =>
                    // A list the instance refused (404/403) stays refused: not asked again, even here.
                    queryClient.invalidateQueries({
                      queryKey,
                      predicate: (query) => !wasRefused(query),
                    }),
                  ),
                ),
              )
            }
          >
            Refresh
          </Button>
        }
      />
      {instances.length > 0 ? (
        <InboxInstances
          instances={instances}
          onMarkAll={onMarkAll}
          markingProfileId={markAll.isPending ? (markAll.variables?.profileId ?? null) : null}
        />
      ) : null}
      <Group gap="sm">
        <SegmentedControl
          aria-label="Kind"
          value={kind}
          onChange={(value) => setKind(value as KindFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'todo', label: 'To-dos' },
            { value: 'review', label: 'Review requests' },
            { value: 'assigned', label: 'Assigned' },
          ]}
        />
      </Group>
      {profilesLoading || firstLoad ? (
        <Text c="dimmed">Reading every instance…</Text>
      ) : shown.length === 0 ? (
        <TableEmptyState
          icon={<IconInbox size={26} stroke={1.6} />}
          title="Nothing waiting for you"
          description="To-dos, review requests and merge requests assigned to you on any instance appear here."
        />
      ) : (
        <Stack gap="xs" data-testid="inbox-list">
          {shown.map((item) => (
            <InboxRow
              key={item.key}
              item={item}
              onOpen={open}
              onDone={onDone}
              busy={
                markDone.isPending &&
                markDone.variables?.profileId === item.profileId &&
                item.todoIds.includes(markDone.variables.id)
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
