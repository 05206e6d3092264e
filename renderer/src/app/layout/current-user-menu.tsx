import { Avatar, Badge, Group, Menu, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconChevronDown, IconKeyboard } from '@tabler/icons-react';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { BridgeError } from '../../api/bridge-error.js';
import { describeError } from '../../api/describe-error.js';
import { userQueries } from '../../api/users/queries.js';
import { useShortcutsHelpRequested } from '../shortcuts/shortcuts-help-store.js';

/** True when the instance could not be asked at all (timeout, refused connection), not a token problem. */
function unreachable(error: unknown): boolean {
  return error instanceof BridgeError && (error.code === 'timeout' || error.code === 'unreachable');
}

/**
 * The user the active profile's token acts as (`GET /user`): initials avatar and name, with a menu
 * of details and the keyboard shortcut list. Avatars are initials on purpose: the CSP allows no remote images.
 */
export function CurrentUserMenu({ profile }: { profile: ProfileSummary }) {
  const { data: user, error, isPending } = useQuery(userQueries.current(profile.id));
  const helpRequested = useShortcutsHelpRequested();

  if (isPending) return <Skeleton height={32} width={140} radius="xl" />;
  if (error || !user) {
    return (
      <Tooltip label={describeError(error)} multiline w={280}>
        <Group gap={6} c="red" data-testid="current-user-error">
          <IconAlertTriangle size={18} />
          <Text size="sm">{unreachable(error) ? `${profile.name} unreachable` : 'Not signed in'}</Text>
        </Group>
      </Tooltip>
    );
  }

  return (
    <Menu position="bottom-end" width={300} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Signed in as ${user.name}`} data-testid="current-user">
          <Group gap={8} wrap="nowrap">
            <Avatar name={user.name} color="initials" size={30} radius="xl" />
            <Stack gap={0} visibleFrom="md">
              <Text size="sm" fw={500} lh={1.2}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                @{user.username}
              </Text>
            </Stack>
            <IconChevronDown size={14} stroke={1.7} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" p="xs" wrap="nowrap">
          <Avatar name={user.name} color="initials" size={40} radius="xl" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text size="sm" fw={600} truncate>
                {user.name}
              </Text>
              {user.is_admin ? (
                <Badge size="xs" variant="light">
                  Admin
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              @{user.username}
            </Text>
            {user.email ? (
              <Text size="xs" c="dimmed" truncate title={user.email}>
                {user.email}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Menu.Divider />
        <Menu.Label>Connected to</Menu.Label>
        <Stack gap={0} px="sm" pb="xs">
          <Text size="sm" fw={500}>
            {profile.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {profile.kind === 'embedded' ? 'Built into Outpost, on this computer' : profile.url}
          </Text>
        </Stack>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconKeyboard size={16} stroke={1.7} />}
          rightSection={
            <Text size="xs" c="dimmed">
              ?
            </Text>
          }
          onClick={helpRequested}
        >
          Keyboard shortcuts
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
