import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconGitMerge } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TodoItem } from '../../api/todos/types.js';
import { RelativeTime } from '../../components/relative-time.js';
import { mergeRequestRoute } from '../merge-requests/merge-request-paths.js';

/** What GitLab's to-do list says for each `action_name` (app/helpers/todos_helper.rb `todo_action_name`). */
const ACTION_TEXT: Record<string, string> = {
  assigned: 'assigned you',
  mentioned: 'mentioned you',
  build_failed: 'The pipeline failed',
  marked: 'added a to-do for',
  approval_required: 'set you as an approver for',
  unmergeable: 'Could not merge',
  directly_addressed: 'mentioned you',
  review_requested: 'requested a review of',
  review_submitted: 'reviewed',
};

/** A to-do's target inside the app: the merge request screen, or null for issues (not in Outpost). */
export function todoTargetRoute(todo: TodoItem): string | null {
  if (todo.target_type !== 'MergeRequest' || !todo.target) return null;
  return mergeRequestRoute(todo.project.id, todo.target.iid);
}

/** One to-do: who did what on which merge request, when, and "Mark as done" while pending. */
export function TodoRow({
  todo,
  onDone,
  busy,
}: {
  todo: TodoItem;
  onDone: (id: number) => void;
  busy: boolean;
}) {
  const route = todoTargetRoute(todo);
  const ref = todo.target ? `${todo.target_type === 'MergeRequest' ? '!' : '#'}${todo.target.iid}` : '';
  const title = todo.target?.title ?? todo.body;
  return (
    <Paper withBorder p="sm" data-testid="todo-row">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <IconGitMerge size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            {route ? (
              <Anchor component={Link} to={route} fw={600} truncate="end">
                {title}
              </Anchor>
            ) : (
              <Text fw={600} truncate="end">
                {title}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {todo.author?.name ?? 'Someone'} {ACTION_TEXT[todo.action_name] ?? todo.action_name}{' '}
            {todo.project.path_with_namespace}
            {ref} · <RelativeTime iso={todo.created_at} span size="xs" c="dimmed" />
          </Text>
        </Stack>
        {todo.state === 'pending' ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCheck size={14} />}
            onClick={() => onDone(todo.id)}
            loading={busy}
            aria-label={`Mark “${title}” as done`}
            style={{ flexShrink: 0 }}
          >
            Mark as done
          </Button>
        ) : (
          <Badge variant="light" color="gray">
            Done
          </Badge>
        )}
      </Group>
    </Paper>
  );
}
