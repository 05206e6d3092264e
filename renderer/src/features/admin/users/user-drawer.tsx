import { Alert, Badge, Button, Group, List, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ACCESS_LEVEL_NAMES } from '../../../../../shared/access-levels.js';
import type { PersonalAccessToken, User } from '../../../../../shared/api-types/users.js';
import { describeAuditAction } from '../../../../../shared/audit-events.js';
import {
  useRevokeUserToken,
  useUserStateAction,
  type UserStateAction,
} from '../../../api/admin/users/mutations.js';
import { adminUserQueries } from '../../../api/admin/users/queries.js';
import { useFeatureAvailability } from '../../../api/capabilities/capabilities.js';
import { describeError } from '../../../api/describe-error.js';
import { ConfirmModal } from '../../../components/confirm-modal.js';
import {
  DetailDrawer,
  DetailFields,
  DetailHeading,
  DetailSection,
} from '../../../components/detail-drawer/detail-drawer.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { ImpersonationTokensSection } from './impersonation-tokens-section.js';
import { UserRoleBadges, UserStateBadge } from './user-columns.js';
import { UserDeleteModal } from './user-delete-modal.js';
import { UserFormModal } from './user-form-modal.js';
import { TokenList } from './token-list.js';
import { stateActionsFor, USER_STATE_ACTIONS } from './user-state-actions.js';

/** Props of {@link UserDrawer}. */
export interface UserDrawerProps {
  profileId: string;
  /** The user shown; null keeps the drawer closed. */
  userId: number | null;
  onClose: () => void;
}

/**
 * One user for an administrator: profile fields, the state changes GitLab allows from the user's state
 * (each confirmed in GitLab's words), edit and delete, direct memberships with their roles, personal
 * access tokens (revoke), impersonation tokens (create, revoke), and the latest audit events recorded on the user where the instance has audit
 * events. Each part is one request.
 */
export function UserDrawer({ profileId, userId, onClose }: UserDrawerProps) {
  const user = useQuery({ ...adminUserQueries.detail(profileId, userId ?? 0), enabled: userId !== null });
  const data = userId === null ? undefined : user.data;
  return (
    <DetailDrawer
      opened={userId !== null}
      onClose={onClose}
      size={560}
      testId="user-drawer"
      title={
        data ? (
          <DetailHeading title={data.name} subtitle={`@${data.username} · user #${data.id}`} />
        ) : (
          <DetailHeading title="User" subtitle={userId === null ? '' : `user #${userId}`} />
        )
      }
    >
      {user.isError ? (
        <Alert color="red" variant="light" title="Couldn’t load the user">
          {describeError(user.error)}
        </Alert>
      ) : !data ? (
        <Loader size="sm" type="dots" aria-label="Loading the user" />
      ) : (
        <UserDetails profileId={profileId} user={data} onDeleted={onClose} />
      )}
    </DetailDrawer>
  );
}

function UserDetails({
  profileId,
  user,
  onDeleted,
}: {
  profileId: string;
  user: User;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState<UserStateAction | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const stateAction = useUserStateAction(profileId);
  const actions = stateActionsFor(user.state);
  const confirmText = confirming ? USER_STATE_ACTIONS[confirming] : null;

  return (
    <Stack gap={0}>
      <Group gap="xs" mt="xs" mb="sm">
        <UserStateBadge state={user.state} />
        <UserRoleBadges user={user} />
      </Group>
      <Group gap="xs" wrap="wrap" mb="sm" data-testid="user-actions">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
        {actions.map((action) => (
          <Button
            key={action}
            size="xs"
            variant="light"
            color={USER_STATE_ACTIONS[action].danger ? 'red' : 'teal'}
            onClick={() => {
              stateAction.reset();
              setConfirming(action);
            }}
          >
            {USER_STATE_ACTIONS[action].label}
          </Button>
        ))}
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setDeleting(true)}
        >
          Delete
        </Button>
      </Group>
      <DetailSection label="Profile">
        <DetailFields
          rows={[
            ['E-mail', user.email ?? ''],
            ['Public e-mail', user.public_email ?? ''],
            ['Created', <RelativeTime key="created" iso={user.created_at} size="sm" />],
            ['Last sign-in', <RelativeTime key="signin" iso={user.last_sign_in_at ?? null} size="sm" />],
            ['Last activity', user.last_activity_on ?? 'Never'],
            [
              'Can create groups',
              user.can_create_group === undefined ? '' : user.can_create_group ? 'Yes' : 'No',
            ],
            ['Projects limit', user.projects_limit === undefined ? '' : String(user.projects_limit)],
            [
              'Two-factor',
              user.two_factor_enabled === undefined ? '' : user.two_factor_enabled ? 'Enabled' : 'Off',
            ],
            ['Admin note', user.note ?? ''],
          ]}
        />
      </DetailSection>
      <MembershipsSection profileId={profileId} userId={user.id} />
      <TokensSection profileId={profileId} userId={user.id} />
      <ImpersonationTokensSection profileId={profileId} userId={user.id} />
      <AuditSection profileId={profileId} userId={user.id} />

      <ConfirmModal
        opened={confirmText !== null}
        title={confirmText?.title(user.username) ?? ''}
        confirmLabel={confirmText?.label ?? ''}
        danger={confirmText?.danger ?? true}
        busy={stateAction.isPending}
        error={stateAction.error}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          stateAction.mutate(
            { id: user.id, action: confirming },
            {
              onSuccess: (result) => {
                notifications.show({
                  color: result.changed ? 'teal' : 'gray',
                  message: result.changed
                    ? USER_STATE_ACTIONS[result.action].done(user.username)
                    : `${user.username} was already in that state; nothing changed.`,
                });
                setConfirming(null);
              },
            },
          );
        }}
      >
        <List size="sm" spacing={4}>
          {confirmText?.effects.map((effect) => (
            <List.Item key={effect}>{effect}</List.Item>
          ))}
        </List>
      </ConfirmModal>
      <UserFormModal profileId={profileId} opened={editing} user={user} onClose={() => setEditing(false)} />
      <UserDeleteModal
        profileId={profileId}
        user={deleting ? user : null}
        onClose={() => setDeleting(false)}
        onDeleted={onDeleted}
      />
    </Stack>
  );
}

function MembershipsSection({ profileId, userId }: { profileId: string; userId: number }) {
  const memberships = useQuery(adminUserQueries.memberships(profileId, userId));
  const page = memberships.data;
  return (
    <DetailSection label="Memberships">
      {memberships.isError ? (
        <Text size="sm" c="red">
          Couldn’t load memberships: {describeError(memberships.error)}
        </Text>
      ) : !page ? (
        <Loader size="xs" type="dots" aria-label="Loading memberships" />
      ) : page.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not a direct member of any group or project.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} data-testid="user-memberships">
          <Table.Tbody>
            {page.items.map((membership) => (
              <Table.Tr key={`${membership.source_type}-${membership.source_id}`}>
                <Table.Td style={{ wordBreak: 'break-word' }}>{membership.source_name}</Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="light" color="gray">
                    {membership.source_type === 'Namespace' ? 'Group' : 'Project'}
                  </Badge>
                </Table.Td>
                <Table.Td>{ACCESS_LEVEL_NAMES[membership.access_level] ?? membership.access_level}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {page && page.total !== null && page.total > page.items.length ? (
        <Text size="xs" c="dimmed" mt={4}>
          Showing {page.items.length} of {page.total}.
        </Text>
      ) : null}
    </DetailSection>
  );
}

function TokensSection({ profileId, userId }: { profileId: string; userId: number }) {
  const tokens = useQuery(adminUserQueries.tokens(profileId, userId));
  const revoke = useRevokeUserToken(profileId, userId);
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);
  const items = tokens.data?.items ?? [];
  return (
    <DetailSection label="Personal access tokens">
      {tokens.isError ? (
        <Text size="sm" c="red">
          Couldn’t load tokens: {describeError(tokens.error)}
        </Text>
      ) : !tokens.data ? (
        <Loader size="xs" type="dots" aria-label="Loading tokens" />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No personal access tokens.
        </Text>
      ) : (
        <TokenList
          tokens={items}
          testId="user-tokens"
          revokeLabel={(token) => `Revoke ${token.name}`}
          onRevoke={(token) => {
            revoke.reset();
            setRevoking(token);
          }}
        />
      )}
      <ConfirmModal
        opened={revoking !== null}
        title={`Revoke token ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        error={revoke.error}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Token ${revoking.name} revoked.` });
              setRevoking(null);
            },
          });
        }}
      >
        <Text size="sm">
          Anything using this token (scripts, CI, integrations) stops working at once. This cannot be undone.
        </Text>
      </ConfirmModal>
    </DetailSection>
  );
}

function AuditSection({ profileId, userId }: { profileId: string; userId: number }) {
  const availability = useFeatureAvailability('audit-events');
  const available = availability.status === 'available';
  const events = useQuery({ ...adminUserQueries.auditEvents(profileId, userId), enabled: available });
  return (
    <DetailSection label="Recent audit events">
      {availability.status === 'unavailable' ? (
        <Text size="sm" c="dimmed">
          {availability.title}. {availability.explanation}
        </Text>
      ) : events.isError ? (
        <Text size="sm" c="red">
          Couldn’t load audit events: {describeError(events.error)}
        </Text>
      ) : !events.data ? (
        <Loader size="xs" type="dots" aria-label="Loading audit events" />
      ) : events.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No audit events recorded on this user.
        </Text>
      ) : (
        <Stack gap={4} data-testid="user-audit-events">
          {events.data.items.map((event) => (
            <Group key={event.id} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" style={{ minWidth: 0, wordBreak: 'break-word' }}>
                {describeAuditAction(event.details)}
                {event.details.author_name ? ` · by ${event.details.author_name}` : ''}
              </Text>
              <RelativeTime iso={event.created_at} size="xs" c="dimmed" style={{ flexShrink: 0 }} />
            </Group>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}
