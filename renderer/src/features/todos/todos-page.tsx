/**
 * The To-do list of the active instance (issue 30, defect 1): the signed-in user's to-dos from
 * `GET /todos` (doc/api/todos.md), newest first, pending or done, merge requests or every type, each
 * linking to its merge request, with "Mark as done" per item and "Mark all as done", and the pending count.
 * The MR menu's "Add a to-do" (`POST …/merge_requests/:iid/todo`) fills it.
 */
import { Alert, Button, Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useMarkAllTodosDone, useMarkTodoDone } from '../../api/todos/mutations.js';
import { todoQueries } from '../../api/todos/queries.js';
import type { TodoListFilters, TodoState } from '../../api/todos/types.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { TableEmptyState } from '../../components/data-table/index.js';
import { PageHeader } from '../../components/page-header.js';
import { TodoRow } from './todo-row.js';

const PER_PAGE = 20;

export function TodosPage() {
  const profile = useActiveProfile();
  const [state, setState] = useState<TodoState>('pending');
  const [type, setType] = useState<TodoListFilters['type']>(null);
  const [page, setPage] = useState(1);
  const filters: TodoListFilters = { state, type, page, perPage: PER_PAGE };
  const list = useQuery(todoQueries.list(profile.id, filters));
  const pending = useQuery(todoQueries.pendingCount(profile.id));
  const markDone = useMarkTodoDone(profile.id);
  const markAll = useMarkAllTodosDone(profile.id);

  const pendingCount = pending.data ?? null;
  const onDone = (id: number) =>
    markDone.mutate(id, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Couldn’t mark the to-do done',
          message: describeError(error),
        }),
    });
  const onAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: 'All to-dos are marked as done.' }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Couldn’t mark all as done',
          message: describeError(error),
        }),
    });

  const items = list.data?.items ?? [];
  const totalPages = list.data?.totalPages ?? (list.data?.nextPage ? page + 1 : page);

  return (
    <Stack gap="md">
      <PageHeader
        title="To-do list"
        description={
          <span data-testid="todo-pending-count">
            {pendingCount === null
              ? `Your to-dos on ${profile.name}`
              : `${pendingCount} pending ${pendingCount === 1 ? 'to-do' : 'to-dos'} on ${profile.name}`}
          </span>
        }
        actions={
          <Button
            leftSection={<IconChecks size={16} />}
            variant="default"
            onClick={onAll}
            loading={markAll.isPending}
            disabled={pendingCount === 0}
          >
            Mark all as done
          </Button>
        }
      />
      <Group gap="sm">
        <SegmentedControl
          aria-label="State"
          value={state}
          onChange={(v) => {
            setState(v as TodoState);
            setPage(1);
          }}
          data={[
            { value: 'pending', label: 'To do' },
            { value: 'done', label: 'Done' },
          ]}
        />
        <SegmentedControl
          aria-label="Type"
          value={type ?? 'all'}
          onChange={(v) => {
            setType(v === 'all' ? null : (v as 'MergeRequest' | 'Issue'));
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'MergeRequest', label: 'Merge requests' },
            { value: 'Issue', label: 'Issues' },
          ]}
        />
      </Group>
      {list.isError ? (
        <Alert color="red" title="Couldn’t load the to-do list">
          {describeError(list.error)}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Text c="dimmed">Loading to-dos…</Text>
      ) : items.length === 0 && !list.isError ? (
        <TableEmptyState
          icon={<IconListCheck size={26} stroke={1.6} />}
          title={state === 'pending' ? 'Nothing to do' : 'No done to-dos'}
          description="Use “Add a to-do” in a merge request’s menu to keep it here until you mark it done."
        />
      ) : (
        <Stack gap="xs" data-testid="todo-list">
          {items.map((todo) => (
            <TodoRow
              key={todo.id}
              todo={todo}
              onDone={onDone}
              busy={markDone.isPending && markDone.variables === todo.id}
            />
          ))}
        </Stack>
      )}
      {totalPages > 1 ? (
        <Pagination total={totalPages} value={page} onChange={setPage} aria-label="Pages" />
      ) : null}
    </Stack>
  );
}
