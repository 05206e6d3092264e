import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { User } from '../../../../../shared/api-types/users.js';
import { tableMeta } from '../../../components/data-table/index.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { stateBadge } from './user-state-actions.js';

const column = createColumnHelper<User>();

/** What the user rows can do; the table's `meta`. */
export interface UserTableMeta {
  onOpen: (user: User) => void;
}

/** The user's role badges: Admin, External, Bot. */
export function UserRoleBadges({ user }: { user: User }) {
  return (
    <Group gap={4} wrap="wrap">
      {user.is_admin ? (
        <Badge size="xs" variant="light" color="grape">
          Admin
        </Badge>
      ) : null}
      {user.external ? (
        <Badge size="xs" variant="light" color="orange">
          External
        </Badge>
      ) : null}
      {user.bot ? (
        <Badge size="xs" variant="light" color="gray">
          Bot
        </Badge>
      ) : null}
    </Group>
  );
}

/** A state badge ("Blocked", "Pending approval"). */
export function UserStateBadge({ state }: { state: string }) {
  const badge = stateBadge(state);
  return (
    <Badge size="sm" variant="light" color={badge.color}>
      {badge.label}
    </Badge>
  );
}

/**
 * Columns of the Admin → Users table: the user (avatar, name, @username, e-mail), state, roles,
 * created, last activity. Columns of lesser weight give way on narrow windows.
 */
export const userColumns: ColumnDef<User, unknown>[] = [
  column.display({
    id: 'user',
    header: 'User',
    meta: { size: 'grow', skeletonWidth: '60%' },
    cell: ({ row, table }) => {
      const user = row.original;
      const { onOpen } = tableMeta<UserTableMeta>(table);
      return (
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={user.avatar_url} alt="" size={32} radius="xl" name={user.name} color="initials" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              ta="left"
              c="var(--mantine-color-text)"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(user);
              }}
              data-testid="user-name"
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}
            >
              {user.name}
            </Anchor>
            <Text size="xs" c="dimmed" truncate="end">
              @{user.username}
              {user.email ? ` · ${user.email}` : ''}
            </Text>
          </Stack>
        </Group>
      );
    },
  }),
  column.display({
    id: 'state',
    header: 'State',
    meta: { size: 'shrink', skeletonWidth: 64 },
    cell: ({ row }) => <UserStateBadge state={row.original.state} />,
  }),
  column.display({
    id: 'roles',
    header: 'Role',
    meta: { size: 'shrink', skeletonWidth: 48, hideBelow: 720 },
    cell: ({ row }) => <UserRoleBadges user={row.original} />,
  }),
  column.display({
    id: 'created_at',
    header: 'Created',
    meta: { size: 'shrink', skeletonWidth: 72, hideBelow: 880 },
    cell: ({ row }) => <RelativeTime iso={row.original.created_at} size="sm" c="dimmed" />,
  }),
  column.display({
    id: 'last_activity_on',
    header: 'Last activity',
    meta: { size: 'shrink', skeletonWidth: 72, hideBelow: 1000 },
    cell: ({ row }) =>
      row.original.last_activity_on ? (
        <Text size="sm" c="dimmed">
          {row.original.last_activity_on}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          Never
        </Text>
      ),
  }),
];
