import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconSearch, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ACCESS_LEVEL_NAMES, MEMBER_ACCESS_LEVELS } from '../../../../shared/access-levels.js';
import { describeError } from '../../api/describe-error.js';
import { useAddMember, useRemoveMember, useUpdateMember } from '../../api/members/mutations.js';
import { memberQueries } from '../../api/members/queries.js';
import type { Member, MemberSource } from '../../api/members/types.js';
import { AsyncSearchSelect } from '../async-search-select.js';
import { ConfirmModal } from '../confirm-modal.js';
import { FormErrorAlert } from '../form-modal/form-modal.js';
import { ListPager } from '../list-pager.js';

const ROLE_OPTIONS = MEMBER_ACCESS_LEVELS.map((level) => ({
  value: String(level),
  label: ACCESS_LEVEL_NAMES[level] ?? String(level),
}));

/** Props of {@link MembersPanel}. */
export interface MembersPanelProps {
  profileId: string;
  source: MemberSource;
  /** "group" or "project", for sentences. */
  noun: string;
}

/**
 * The direct members of a group or project (doc/api/members.md): searched and paged on the server, each
 * with a role select and an expiry date that save on change, a remove button behind a confirmation,
 * and "Add member" with a server-side user search. GitLab's refusals (403, 409 "Member already exists")
 * show inline; nothing typed is lost.
 */
export function MembersPanel({ profileId, source, noun }: MembersPanelProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const members = useQuery(memberQueries.list(profileId, source, debounced, page));
  const update = useUpdateMember(profileId, source);
  const remove = useRemoveMember(profileId, source);
  const [removing, setRemoving] = useState<Member | null>(null);
  const items = members.data?.items ?? [];

  const change = (member: Member, input: { access_level?: number; expires_at?: string }) =>
    update.mutate(
      { userId: member.id, input },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: `${member.username}: membership updated.` }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `${member.username} was not updated`,
            message: describeError(error),
          }),
      },
    );

  return (
    <Stack gap="sm" data-testid="members-panel">
      <AddMemberForm profileId={profileId} source={source} noun={noun} />
      <TextInput
        size="xs"
        aria-label="Search members"
        placeholder="Search members by name or username"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      {members.isError ? (
        <Text size="sm" c="red">
          Couldn’t load members: {describeError(members.error)}
        </Text>
      ) : !members.data ? (
        <Text size="sm" c="dimmed">
          Loading members…
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="members-empty">
          {debounced.trim()
            ? `No member matches “${debounced.trim()}”.`
            : `This ${noun} has no direct members yet. Add people above: members can be picked as reviewers and assignees.`}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={6} data-testid="members-table">
          <Table.Tbody>
            {items.map((member) => (
              <Table.Tr key={member.id} data-member={member.username}>
                <Table.Td style={{ minWidth: 0 }}>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar
                      src={member.avatar_url}
                      size={24}
                      radius="xl"
                      name={member.name}
                      color="initials"
                    />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate="end">
                        {member.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        @{member.username}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td w={140}>
                  <Select
                    size="xs"
                    aria-label={`Role of ${member.username}`}
                    data={ROLE_OPTIONS}
                    value={String(member.access_level)}
                    allowDeselect={false}
                    onChange={(value) => value && change(member, { access_level: Number(value) })}
                  />
                </Table.Td>
                <Table.Td w={150}>
                  <TextInput
                    size="xs"
                    type="date"
                    aria-label={`Membership of ${member.username} expires on`}
                    defaultValue={member.expires_at ?? ''}
                    onBlur={(event) => {
                      const value = event.currentTarget.value;
                      if (value !== (member.expires_at ?? '')) change(member, { expires_at: value });
                    }}
                  />
                </Table.Td>
                <Table.Td w={40}>
                  <Tooltip label="Remove member">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${member.username}`}
                      onClick={() => {
                        remove.reset();
                        setRemoving(member);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {members.data ? <ListPager page={members.data} noun="members" onPageChange={setPage} /> : null}
      <ConfirmModal
        opened={removing !== null}
        title={`Remove ${removing?.username ?? ''} from this ${noun}?`}
        confirmLabel="Remove member"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `${removing.username} was removed.` });
              setRemoving(null);
            },
          });
        }}
      >
        <Text size="sm">
          They lose the access this membership gives them. Access they have through a parent group stays.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

/** "Add member": a server-side user search, a role (default Developer) and an optional expiry. */
function AddMemberForm({ profileId, source, noun }: MembersPanelProps) {
  const [userSearch, setUserSearch] = useState('');
  const [debounced] = useDebouncedValue(userSearch, 250);
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState('30');
  const [expires, setExpires] = useState('');
  const users = useQuery(memberQueries.userSearch(profileId, debounced));
  const add = useAddMember(profileId, source);
  const options = (users.data ?? []).map((user) => ({
    value: String(user.id),
    label: `${user.name} (@${user.username})`,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return;
    const label = options.find((option) => option.value === userId)?.label ?? 'The user';
    add.mutate(
      { user_id: Number(userId), access_level: Number(role), ...(expires ? { expires_at: expires } : {}) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: `${label} is now a ${ACCESS_LEVEL_NAMES[Number(role)]} of this ${noun}.`,
          });
          setUserId(null);
          setUserSearch('');
          setExpires('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add a member">
      <Stack gap={6}>
        <FormErrorAlert error={add.error} title="The member was not added" />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <AsyncSearchSelect
            label="Add member"
            placeholder="Type 2+ letters of a name or username"
            search={userSearch}
            onSearchChange={setUserSearch}
            options={options}
            value={userId}
            onChange={(value) => setUserId(value)}
            loading={users.isFetching}
            nothingFound={
              debounced.trim().length < 2
                ? 'Type at least 2 letters'
                : users.isFetching
                  ? 'Searching…'
                  : 'No user found'
            }
            style={{ flex: '1 1 14rem' }}
          />
          <Select
            size="xs"
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            onChange={(value) => value && setRole(value)}
            allowDeselect={false}
            w={130}
          />
          <TextInput
            size="xs"
            type="date"
            label="Expires (optional)"
            value={expires}
            onChange={(event) => setExpires(event.currentTarget.value)}
            w={150}
          />
          <Button
            size="xs"
            type="submit"
            leftSection={<IconUserPlus size={14} />}
            disabled={!userId}
            loading={add.isPending}
          >
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
