import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { kindLabel } from '../../api/inbox/merge-inbox.js';
import type { InboxItem, InboxKind } from '../../api/inbox/types.js';
import { RelativeTime } from '../../components/relative-time.js';

const KIND_COLOR: Record<InboxKind, string> = { todo: 'blue', review: 'grape', assigned: 'teal' };

/**
 * One Inbox row: the instance badge, why it is here (to-do / review requested / assigned), the title
 * (opening the merge request on its instance), project, author and time, and "Mark as done" for its
 * pending to-dos.
 */
export function InboxRow({
  item,
  onOpen,
  onDone,
  busy,
}: {
  item: InboxItem;
  onOpen: (item: InboxItem) => void;
  onDone: (item: InboxItem) => void;
  busy: boolean;
}) {
  return (
    <Paper withBorder p="sm" data-testid="inbox-row" data-instance={item.instanceName}>
      <Group justify="space-between" wrap="nowrap" gap="md" align="center">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Badge
              size="sm"
              variant="outline"
              color="gray"
              data-testid="inbox-instance"
              title={item.instanceName}
              tt="none"
              style={{ maxWidth: 220 }}
            >
              {item.instanceName}
            </Badge>
            {item.kinds.map((kind) => (
              <Badge key={kind} size="sm" variant="light" color={KIND_COLOR[kind]}>
                {kindLabel(kind)}
              </Badge>
            ))}
          </Group>
          {item.mergeRequest ? (
            <Anchor
              component="button"
              type="button"
              ta="left"
              fw={600}
              truncate="end"
              onClick={() => onOpen(item)}
              title={item.title}
              data-testid="inbox-title"
            >
              {item.title}
            </Anchor>
          ) : (
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end" data-testid="inbox-title">
                {item.title}
              </Text>
              {item.webUrl ? (
                <Anchor href={item.webUrl} target="_blank" rel="noreferrer" aria-label="Open on the instance">
                  <IconExternalLink size={14} />
                </Anchor>
              ) : null}
            </Group>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.project}
            {item.mergeRequest ? `!${item.mergeRequest.iid}` : ''}
            {item.author ? ` · ${item.author}` : ''} ·{' '}
            <RelativeTime iso={item.at} span size="xs" c="dimmed" />
          </Text>
        </Stack>
        {item.todoIds.length > 0 ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCheck size={14} />}
            onClick={() => onDone(item)}
            loading={busy}
            aria-label={`Mark “${item.title}” as done on ${item.instanceName}`}
            style={{ flexShrink: 0 }}
          >
            Mark as done
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
