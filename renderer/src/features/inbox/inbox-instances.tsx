import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { InstanceInboxState } from './use-inbox.js';

function counts(instance: InstanceInboxState): string {
  const parts: string[] = [];
  if (instance.pendingTodos !== null)
    parts.push(`${instance.pendingTodos} pending ${instance.pendingTodos === 1 ? 'to-do' : 'to-dos'}`);
  if (instance.reviewCount !== null) parts.push(`${instance.reviewCount} to review`);
  if (instance.assignedCount !== null) parts.push(`${instance.assignedCount} assigned`);
  return parts.join(' · ');
}

/**
 * One line per instance: what it has for you, or one calm sentence when it could not be read, and
 * "Mark all done" for its to-dos.
 */
export function InboxInstances({
  instances,
  onMarkAll,
  markingProfileId,
}: {
  instances: InstanceInboxState[];
  onMarkAll: (instance: InstanceInboxState) => void;
  markingProfileId: string | null;
}) {
  return (
    <Paper withBorder p="xs" data-testid="inbox-instances">
      <Stack gap={4}>
        {instances.map((instance) => (
          <Group
            key={instance.profile.id}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            data-testid="inbox-instance-line"
            data-instance={instance.profile.name}
          >
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {instance.profile.name}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                {instance.problem
                  ? `· Not reachable right now: ${/[.!?]$/.test(instance.problem) ? instance.problem : `${instance.problem}.`} Trying again in 2 minutes.`
                  : instance.loading
                    ? '· Reading…'
                    : `· ${counts(instance) || 'nothing listed'}`}
                {!instance.problem && instance.notes.length > 0 ? ` · ${instance.notes.join(' ')}` : ''}
              </Text>
            </Text>
            {instance.problem ? null : (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconChecks size={14} />}
                disabled={!instance.pendingTodos}
                loading={markingProfileId === instance.profile.id}
                onClick={() => onMarkAll(instance)}
                aria-label={`Mark all to-dos done on ${instance.profile.name}`}
                style={{ flexShrink: 0 }}
              >
                Mark all done
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
