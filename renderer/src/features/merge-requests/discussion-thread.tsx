import { Alert, Avatar, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useReplyToDiscussion, useResolveDiscussion } from '../../api/merge-requests/mutations.js';
import type { Discussion } from '../../api/merge-requests/types.js';
import { RelativeTime } from '../../components/relative-time.js';
import { NoteBody } from './note-body.js';

/** Where a thread's mutations go. */
export interface ThreadTarget {
  profileId: string;
  projectId: number;
  iid: number;
}

/** Who wrote a note whose author was deleted (the API sends `author: null`). */
const DELETED_AUTHOR = 'Someone';

/** One thread: its notes (Markdown), a reply box and, for resolvable threads, Resolve/Unresolve. */
export function DiscussionThread({ discussion, target }: { discussion: Discussion; target: ThreadTarget }) {
  const reply = useReplyToDiscussion(target.profileId, target.projectId, target.iid);
  const resolve = useResolveDiscussion(target.profileId, target.projectId, target.iid);
  const [body, setBody] = useState('');
  const [replying, setReplying] = useState(false);
  const first = discussion.notes[0];
  if (!first) return null;
  const resolvable = discussion.notes.some((note) => note.resolvable);
  const resolved = resolvable && discussion.notes.every((note) => !note.resolvable || note.resolved);

  if (first.system) {
    return (
      <Text size="xs" c="dimmed" px="xs">
        <b>{first.author?.name ?? DELETED_AUTHOR}</b> {first.body} ·{' '}
        <RelativeTime iso={first.created_at} span size="xs" />
      </Text>
    );
  }

  return (
    <Paper withBorder p="sm" data-testid="mr-thread" radius="md">
      <Stack gap="sm">
        {discussion.notes.map((note) => (
          <Group key={note.id} align="flex-start" gap="sm" wrap="nowrap">
            <Avatar name={note.author?.name ?? DELETED_AUTHOR} color="initials" size={28} />
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {note.author?.name ?? DELETED_AUTHOR}
                </Text>
                <Text size="xs" c="dimmed">
                  {note.author ? `@${note.author.username} · ` : ''}
                  <RelativeTime iso={note.created_at} span size="xs" />
                </Text>
              </Group>
              <NoteBody note={note} target={target} />
            </Stack>
          </Group>
        ))}
        {replying ? (
          <Stack gap="xs">
            <Textarea
              aria-label="Reply"
              placeholder="Write a reply (Markdown)"
              autosize
              minRows={2}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              autoFocus
            />
            {reply.error ? <Alert color="red">{describeError(reply.error)}</Alert> : null}
            <Group gap="xs" justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setReplying(false)}>
                Cancel
              </Button>
              <Button
                size="xs"
                loading={reply.isPending}
                disabled={body.trim() === ''}
                onClick={() =>
                  reply.mutate(
                    { discussionId: discussion.id, body },
                    {
                      onSuccess: () => {
                        setBody('');
                        setReplying(false);
                      },
                    },
                  )
                }
              >
                Reply
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs" justify="space-between">
            <Button variant="subtle" size="compact-sm" onClick={() => setReplying(true)}>
              Reply
            </Button>
            {resolvable ? (
              <Group gap="xs">
                {resolved ? (
                  <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
                    Resolved
                  </Badge>
                ) : null}
                <Button
                  variant="default"
                  size="compact-sm"
                  loading={resolve.isPending}
                  onClick={() => resolve.mutate({ discussionId: discussion.id, resolved: !resolved })}
                >
                  {resolved ? 'Unresolve thread' : 'Resolve thread'}
                </Button>
              </Group>
            ) : null}
          </Group>
        )}
        {resolve.error ? <Alert color="red">{describeError(resolve.error)}</Alert> : null}
      </Stack>
    </Paper>
  );
}

/** A Markdown comment box that posts through `onSubmit` and clears itself when it succeeds. */
export function CommentForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  busy,
  error,
  autoFocus,
  suggestion,
  extraActions,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (body: string, done: () => void) => void;
  onCancel?: () => void;
  busy: boolean;
  error: unknown;
  autoFocus?: boolean;
  /** A ```suggestion block of the commented lines: offers "Insert suggestion" (doc/api/suggestions.md). */
  suggestion?: string;
  /** More submit buttons beside the main one (review buttons), each given the body and `done`. */
  extraActions?: (body: string, done: () => void) => ReactNode;
}) {
  const [body, setBody] = useState('');
  return (
    <Stack gap="xs">
      <Textarea
        aria-label={label}
        placeholder={`${label} (Markdown)`}
        autosize
        minRows={2}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autoFocus={autoFocus}
      />
      {error ? <Alert color="red">{describeError(error)}</Alert> : null}
      <Group gap="xs" justify="flex-end">
        {suggestion ? (
          <Button
            variant="subtle"
            size="xs"
            mr="auto"
            data-testid="mr-insert-suggestion"
            onClick={() =>
              setBody(
                (previous) => `${previous}${previous && !previous.endsWith('\n') ? '\n' : ''}${suggestion}\n`,
              )
            }
          >
            Insert suggestion
          </Button>
        ) : null}
        {onCancel ? (
          <Button variant="default" size="xs" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button
          size="xs"
          loading={busy}
          disabled={body.trim() === ''}
          onClick={() => onSubmit(body, () => setBody(''))}
        >
          {submitLabel}
        </Button>
        {extraActions?.(body, () => setBody(''))}
      </Group>
    </Stack>
  );
}
