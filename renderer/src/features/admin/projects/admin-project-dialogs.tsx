/**
 * The row dialogs of Admin → Projects: archive/unarchive, transfer to another namespace, delete. Each
 * uses the project hooks of api/projects/mutations.ts (the requests and deletion flow the project
 * settings use), then refreshes the admin list.
 */
import { Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { decideFeature, instanceName } from '../../../../../shared/instance-capabilities.js';
import { useRefreshAdminProjects } from '../../../api/admin/projects/mutations.js';
import { adminProjectQueries, type AdminProject } from '../../../api/admin/projects/queries.js';
import { useInstanceCapabilities } from '../../../api/capabilities/capabilities.js';
import { describeDeletion } from '../../../api/projects/deletion.js';
import {
  useDeleteProject,
  useSetProjectArchived,
  useTransferProject,
} from '../../../api/projects/mutations.js';
import { AsyncSearchSelect } from '../../../components/async-search-select.js';
import { ConfirmModal } from '../../../components/confirm-modal.js';
import { FormModal } from '../../../components/form-modal/form-modal.js';

/** Props shared by the dialogs: the project (null: closed) and how to close. */
interface DialogProps {
  profileId: string;
  project: AdminProject | null;
  onClose: () => void;
}

/** Archive or unarchive (`POST /projects/:id/archive|unarchive`), after a confirmation. */
export function ArchiveProjectDialog({ profileId, project, onClose }: DialogProps) {
  if (!project) return null;
  return <ArchiveConfirm profileId={profileId} project={project} onClose={onClose} />;
}

function ArchiveConfirm({ profileId, project, onClose }: DialogProps & { project: AdminProject }) {
  const archive = useSetProjectArchived(profileId, project.id);
  const refresh = useRefreshAdminProjects(profileId);
  const archiving = !project.archived;
  const path = project.path_with_namespace;
  return (
    <ConfirmModal
      opened
      title={`${archiving ? 'Archive' : 'Unarchive'} ${path}?`}
      confirmLabel={archiving ? 'Archive project' : 'Unarchive project'}
      danger={false}
      busy={archive.isPending}
      error={archive.error}
      onClose={onClose}
      onConfirm={() =>
        archive.mutate(archiving, {
          onSuccess: async () => {
            notifications.show({
              color: 'teal',
              message: `${path} ${archiving ? 'archived' : 'unarchived'}.`,
            });
            await refresh();
            onClose();
          },
        })
      }
    >
      <Text size="sm">
        {archiving
          ? 'An archived project is read-only: no pushes, merge requests, issues or pipelines until it is unarchived. It stays listed and can be cloned.'
          : 'The project becomes writable again: pushes, merge requests and pipelines work as before.'}
      </Text>
    </ConfirmModal>
  );
}

/** Transfer to another namespace (`PUT /projects/:id/transfer`), picked by a server-side search. */
export function TransferProjectDialog({ profileId, project, onClose }: DialogProps) {
  if (!project) return null;
  return <TransferForm profileId={profileId} project={project} onClose={onClose} />;
}

function TransferForm({ profileId, project, onClose }: DialogProps & { project: AdminProject }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [target, setTarget] = useState<string | null>(null);
  const transfer = useTransferProject(profileId, project.id);
  const refresh = useRefreshAdminProjects(profileId);
  const candidates = useQuery({
    ...adminProjectQueries.namespaces(profileId, debounced),
    enabled: debounced.length >= 2,
  });
  const options = (candidates.data ?? [])
    .filter((namespace) => namespace.id !== project.namespace.id)
    .map((namespace) => ({
      value: String(namespace.id),
      label: namespace.full_path,
    }));
  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Transfer ${project.path_with_namespace}`}
      onSubmit={() =>
        target &&
        transfer.mutate(Number(target), {
          onSuccess: async (moved) => {
            notifications.show({ color: 'teal', message: `Moved to ${moved.path_with_namespace}.` });
            await refresh();
            onClose();
          },
        })
      }
      busy={transfer.isPending}
      submitLabel="Transfer project"
      submitDisabled={!target}
      error={transfer.isError ? transfer.error : null}
      errorTitle="Not transferred"
    >
      <Text size="sm">
        The project’s URL and clone addresses change to the new namespace; its members stay, members of the
        old group lose the access they had through it.
      </Text>
      <AsyncSearchSelect
        label="New namespace"
        placeholder="Type 2+ letters of a group or user"
        search={search}
        onSearchChange={setSearch}
        options={options}
        value={target}
        onChange={(value) => setTarget(value)}
        loading={candidates.isFetching}
        nothingFound={debounced.length < 2 ? 'Type at least 2 letters' : 'No namespace found'}
        size="sm"
      />
    </FormModal>
  );
}

/**
 * Delete, confirmed by typing the full path as GitLab asks: `useDeleteProject` (DELETE, then on GitLab
 * 18.0+ the one read that tells "marked for deletion" from gone) and `describeDeletion` for the outcome.
 */
export function DeleteProjectDialog({ profileId, project, onClose }: DialogProps) {
  if (!project) return null;
  return <DeleteForm profileId={profileId} project={project} onClose={onClose} />;
}

function DeleteForm({ profileId, project, onClose }: DialogProps & { project: AdminProject }) {
  const [typed, setTyped] = useState('');
  const { capabilities } = useInstanceCapabilities();
  const remove = useDeleteProject(profileId, capabilities);
  const refresh = useRefreshAdminProjects(profileId);
  const path = project.path_with_namespace;
  const marks =
    capabilities?.kind === 'gitlab' &&
    decideFeature('project-delayed-deletion', capabilities).status === 'available';
  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Delete ${path}?`}
      onSubmit={() => {
        if (typed !== path) return;
        remove.mutate(project.id, {
          onSuccess: async (outcome) => {
            notifications.show({
              color: 'teal',
              title: outcome.kind === 'marked' ? 'Marked for deletion' : undefined,
              message: describeDeletion(outcome, path),
              autoClose: outcome.kind === 'marked' ? 12_000 : undefined,
            });
            await refresh();
            onClose();
          },
        });
      }}
      busy={remove.isPending}
      submitLabel="Yes, delete project"
      submitColor="red"
      submitDisabled={typed !== path}
      error={remove.isError ? remove.error : null}
      errorTitle="Not deleted"
    >
      <Text size="sm">
        {marks ? (
          <>
            {capabilities ? instanceName(capabilities) : 'GitLab'} marks <b>{path}</b> for deletion and
            removes it with everything in it after the retention period (deletion_adjourned_period, 30 days
            unless changed); an owner can restore it until then.
          </>
        ) : (
          <>
            This deletes <b>{path}</b> with its repository, merge requests and pipelines. It cannot be undone.
          </>
        )}
      </Text>
      <Group>
        <TextInput
          label={`Type ${path} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
          style={{ flex: 1 }}
        />
      </Group>
    </FormModal>
  );
}
