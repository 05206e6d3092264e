import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconFolderPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Visibility } from '../../../../../shared/access-levels.js';
import { useDeleteGroup, useTransferGroup, useUpdateGroup } from '../../../api/admin/groups/mutations.js';
import { adminGroupQueries, type AdminGroup } from '../../../api/admin/groups/queries.js';
import { describeError } from '../../../api/describe-error.js';
import { AsyncSearchSelect } from '../../../components/async-search-select.js';
import { ConfirmModal } from '../../../components/confirm-modal.js';
import {
  DetailDrawer,
  DetailHeading,
  DetailSection,
} from '../../../components/detail-drawer/detail-drawer.js';
import { FormErrorAlert } from '../../../components/form-modal/form-modal.js';
import { MembersPanel } from '../../../components/members/members-panel.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { attributeName, toFormErrors } from '../form-errors.js';
import { checkGroupPath, GroupVisibilityField } from './group-fields.js';
import { GroupFormModal } from './group-form-modal.js';

/** Props of {@link GroupDrawer}. */
export interface GroupDrawerProps {
  profileId: string;
  /** The group shown; null keeps the drawer closed. */
  groupId: number | null;
  onClose: () => void;
  /** Opens another group (a subgroup link). */
  onOpenGroup: (id: number) => void;
}

/**
 * One group for an administrator: members (add, change role and expiry, remove), subgroups (with "New
 * subgroup"), its latest projects, settings (name, path, visibility, description), transfer to another
 * parent or the top level, and delete — shown as "marked for deletion" where the instance keeps the group
 * for a while (GitLab's delayed deletion).
 */
export function GroupDrawer({ profileId, groupId, onClose, onOpenGroup }: GroupDrawerProps) {
  const group = useQuery({ ...adminGroupQueries.detail(profileId, groupId ?? 0), enabled: groupId !== null });
  const data = groupId === null ? undefined : group.data;
  return (
    <DetailDrawer
      opened={groupId !== null}
      onClose={onClose}
      size={640}
      testId="group-drawer"
      title={
        <DetailHeading
          title={data?.name ?? 'Group'}
          subtitle={
            data ? `${data.full_path} · group #${data.id}` : groupId === null ? '' : `group #${groupId}`
          }
        />
      }
    >
      {group.isError ? (
        <Alert color="red" variant="light" title="Couldn’t load the group">
          {describeError(group.error)}
        </Alert>
      ) : !data ? (
        <Loader size="sm" type="dots" aria-label="Loading the group" />
      ) : (
        <GroupDetails
          key={data.id}
          profileId={profileId}
          group={data}
          onDeleted={onClose}
          onOpenGroup={onOpenGroup}
        />
      )}
    </DetailDrawer>
  );
}

function GroupDetails({
  profileId,
  group,
  onDeleted,
  onOpenGroup,
}: {
  profileId: string;
  group: AdminGroup;
  onDeleted: () => void;
  onOpenGroup: (id: number) => void;
}) {
  return (
    <Stack gap={0}>
      {group.marked_for_deletion_on ? (
        <Alert color="orange" variant="light" mt="sm" title="Marked for deletion">
          GitLab marked this group for deletion on {group.marked_for_deletion_on}; it is removed when the
          instance’s deletion delay has passed.
        </Alert>
      ) : null}
      <DetailSection label="Members">
        <MembersPanel profileId={profileId} source={{ kind: 'groups', id: group.id }} noun="group" />
      </DetailSection>
      <SubgroupsSection profileId={profileId} group={group} onOpenGroup={onOpenGroup} />
      <ProjectsSection profileId={profileId} group={group} />
      <SettingsSection profileId={profileId} group={group} />
      <TransferSection profileId={profileId} group={group} />
      <DeleteSection profileId={profileId} group={group} onDeleted={onDeleted} />
    </Stack>
  );
}

function SubgroupsSection({
  profileId,
  group,
  onOpenGroup,
}: {
  profileId: string;
  group: AdminGroup;
  onOpenGroup: (id: number) => void;
}) {
  const subgroups = useQuery(adminGroupQueries.subgroups(profileId, group.id));
  const [creating, setCreating] = useState(false);
  return (
    <DetailSection label="Subgroups">
      <Stack gap={4}>
        {subgroups.isError ? (
          <Text size="sm" c="red">
            Couldn’t load subgroups: {describeError(subgroups.error)}
          </Text>
        ) : !subgroups.data ? (
          <Loader size="xs" type="dots" aria-label="Loading subgroups" />
        ) : subgroups.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No subgroups.
          </Text>
        ) : (
          subgroups.data.items.map((child) => (
            <Anchor
              key={child.id}
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() => onOpenGroup(child.id)}
            >
              {child.name}{' '}
              <Text span size="xs" c="dimmed">
                {child.full_path}
              </Text>
            </Anchor>
          ))
        )}
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFolderPlus size={14} />}
            onClick={() => setCreating(true)}
          >
            New subgroup
          </Button>
        </Group>
      </Stack>
      <GroupFormModal
        profileId={profileId}
        opened={creating}
        parent={group}
        onClose={() => setCreating(false)}
      />
    </DetailSection>
  );
}

function ProjectsSection({ profileId, group }: { profileId: string; group: AdminGroup }) {
  const projects = useQuery(adminGroupQueries.projects(profileId, group.id));
  const page = projects.data;
  return (
    <DetailSection label="Projects">
      {projects.isError ? (
        <Text size="sm" c="red">
          Couldn’t load projects: {describeError(projects.error)}
        </Text>
      ) : !page ? (
        <Loader size="xs" type="dots" aria-label="Loading projects" />
      ) : page.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No projects in this group.
        </Text>
      ) : (
        <Stack gap={4} data-testid="group-projects">
          {page.items.map((project) => (
            <Group key={project.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate="end">
                {project.path_with_namespace}
              </Text>
              <RelativeTime iso={project.last_activity_at} size="xs" c="dimmed" style={{ flexShrink: 0 }} />
            </Group>
          ))}
          {page.total !== null && page.total > page.items.length ? (
            <Text size="xs" c="dimmed">
              The latest {page.items.length} of {page.total}.
            </Text>
          ) : null}
        </Stack>
      )}
    </DetailSection>
  );
}

type SettingsField = 'name' | 'path' | 'description';

function SettingsSection({ profileId, group }: { profileId: string; group: AdminGroup }) {
  const [name, setName] = useState(group.name);
  const [path, setPath] = useState(group.path);
  const [visibility, setVisibility] = useState<Visibility>(group.visibility);
  const [description, setDescription] = useState(group.description ?? '');
  const [pathError, setPathError] = useState<string | null>(null);
  const update = useUpdateGroup(profileId, group.id);
  const server = update.error
    ? toFormErrors<SettingsField>(update.error, (attribute) => {
        const a = attributeName(attribute);
        return a === 'name' || a === 'path' || a === 'description' ? a : null;
      })
    : { fields: {}, general: null };
  const changed =
    name.trim() !== group.name ||
    path.trim() !== group.path ||
    visibility !== group.visibility ||
    description.trim() !== (group.description ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = checkGroupPath(path.trim());
    setPathError(error);
    if (error) return;
    update.mutate(
      {
        ...(name.trim() !== group.name ? { name: name.trim() } : {}),
        ...(path.trim() !== group.path ? { path: path.trim() } : {}),
        ...(visibility !== group.visibility ? { visibility } : {}),
        ...(description.trim() !== (group.description ?? '') ? { description: description.trim() } : {}),
      },
      {
        onSuccess: (saved) =>
          notifications.show({ color: 'teal', message: `${saved.full_path}: settings saved.` }),
      },
    );
  };

  return (
    <DetailSection label="Settings">
      <form onSubmit={submit} aria-label="Group settings">
        <Stack gap="sm">
          <FormErrorAlert error={server.general} title="The settings were not saved" />
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={server.fields.name}
          />
          <TextInput
            label="Path"
            description="Changing the path changes every URL and clone address of the group and its projects."
            value={path}
            onChange={(e) => setPath(e.currentTarget.value)}
            error={pathError ?? server.fields.path}
          />
          <GroupVisibilityField value={visibility} onChange={setVisibility} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={server.fields.description}
          />
          <Group>
            <Button size="xs" type="submit" disabled={!changed} loading={update.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </DetailSection>
  );
}

function TransferSection({ profileId, group }: { profileId: string; group: AdminGroup }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const candidates = useQuery({
    ...adminGroupQueries.list(profileId, { search: debounced, page: 1 }),
    enabled: debounced.trim().length >= 2,
  });
  const transfer = useTransferGroup(profileId, group.id);
  const options = [
    ...(group.parent_id !== null ? [{ value: 'top', label: 'Top level (no parent group)' }] : []),
    ...(candidates.data?.items ?? [])
      .filter(
        (candidate) => candidate.id !== group.id && !candidate.full_path.startsWith(`${group.full_path}/`),
      )
      .map((candidate) => ({ value: String(candidate.id), label: candidate.full_path })),
  ];
  const targetLabel = options.find((option) => option.value === target)?.label ?? '';
  return (
    <DetailSection label="Transfer">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <AsyncSearchSelect
          label="New parent group"
          placeholder="Type 2+ letters of a group"
          search={search}
          onSearchChange={setSearch}
          options={options}
          value={target}
          onChange={(value) => setTarget(value)}
          loading={candidates.isFetching}
          nothingFound={debounced.trim().length < 2 ? 'Type at least 2 letters' : 'No group found'}
          style={{ flex: '1 1 16rem' }}
        />
        <Button size="xs" variant="default" disabled={!target} onClick={() => setConfirming(true)}>
          Transfer
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={`Transfer ${group.full_path}?`}
        confirmLabel="Transfer group"
        busy={transfer.isPending}
        error={transfer.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          transfer.mutate(target === 'top' ? null : Number(target), {
            onSuccess: (moved) => {
              notifications.show({ color: 'teal', message: `Moved to ${moved.full_path}.` });
              setConfirming(false);
              setTarget(null);
            },
          })
        }
      >
        <Text size="sm">
          {group.full_path} moves {target === 'top' ? 'to the top level' : `under ${targetLabel}`}. Its URL,
          its projects’ URLs and clone addresses change; members of the old parent lose the access they had
          through it.
        </Text>
      </ConfirmModal>
    </DetailSection>
  );
}

function DeleteSection({
  profileId,
  group,
  onDeleted,
}: {
  profileId: string;
  group: AdminGroup;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteGroup(profileId);
  return (
    <DetailSection label="Delete">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 18rem' }}>
          Deletes the group with its subgroups and projects, repositories included.
        </Text>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          onClick={() => setConfirming(true)}
        >
          Delete group
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={`Delete group ${group.full_path}?`}
        confirmLabel="Delete group"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(group.id, {
            onSuccess: (result) => {
              notifications.show({
                color: 'teal',
                title: result.kind === 'deleted' ? 'Group deleted' : 'Group marked for deletion',
                message:
                  result.kind === 'deleted'
                    ? `${group.full_path} and everything in it were deleted.`
                    : `GitLab marked ${group.full_path} for deletion${result.on ? ` on ${result.on}` : ''}; it is removed after the instance’s deletion delay.`,
              });
              setConfirming(false);
              if (result.kind === 'deleted') onDeleted();
            },
          })
        }
      >
        <Text size="sm">
          The group, its subgroups and all their projects (repositories, merge requests, pipelines) are
          deleted. On GitLab with delayed deletion the group is first marked for deletion and can be restored
          there until then.
        </Text>
      </ConfirmModal>
    </DetailSection>
  );
}
