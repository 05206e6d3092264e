import { Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Visibility } from '../../../../../shared/access-levels.js';
import { useCreateGroup } from '../../../api/admin/groups/mutations.js';
import type { AdminGroup } from '../../../api/admin/groups/queries.js';
import { FormModalBody } from '../../../components/form-modal/form-modal.js';
import { AdminDialog, announceAndClose } from '../admin-dialog.js';
import { attributeName, toFormErrors } from '../form-errors.js';
import { checkGroupPath, GroupVisibilityField, pathFromName } from './group-fields.js';

/** Props of {@link GroupFormModal}. */
export interface GroupFormModalProps {
  profileId: string;
  opened: boolean;
  /** The parent of a new subgroup, or null for a top-level group. */
  parent: AdminGroup | null;
  onClose: () => void;
  onCreated?: (group: AdminGroup) => void;
}

type Field = 'name' | 'path' | 'description';

/**
 * "New group" / "New subgroup" (doc/api/groups.md "Create a group"): name, path (derived from the name
 * until edited), visibility and description. GitLab's per-field refusals ("has already been taken")
 * show under the field.
 */
export function GroupFormModal({ profileId, opened, parent, onClose, onCreated }: GroupFormModalProps) {
  return (
    <AdminDialog
      opened={opened}
      onClose={onClose}
      title={parent ? `New subgroup of ${parent.full_path}` : 'New group'}
    >
      <GroupForm profileId={profileId} parent={parent} onClose={onClose} onCreated={onCreated} />
    </AdminDialog>
  );
}

function GroupForm({ profileId, parent, onClose, onCreated }: Omit<GroupFormModalProps, 'opened'>) {
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  const [visibility, setVisibility] = useState<Visibility>(parent?.visibility ?? 'private');
  const [description, setDescription] = useState('');
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateGroup(profileId);
  const server = create.error
    ? toFormErrors<Field>(create.error, (attribute) => {
        const a = attributeName(attribute);
        return a === 'name' || a === 'path' || a === 'description' ? a : null;
      })
    : { fields: {}, general: null };
  const shownPath = pathEdited ? path : pathFromName(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!name.trim()) errors.name = 'Give a name.';
    const pathError = checkGroupPath(shownPath);
    if (pathError) errors.path = pathError;
    setLocal(errors);
    if (Object.keys(errors).length > 0) return;
    create.mutate(
      {
        name: name.trim(),
        path: shownPath,
        visibility,
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(parent ? { parent_id: parent.id } : {}),
      },
      {
        onSuccess: (group) =>
          announceAndClose(
            onClose,
            () => ({ title: 'Group created', message: `${group.full_path} is ready.` }),
            () => onCreated?.(group),
          )(group),
      },
    );
  };

  return (
    <FormModalBody
      onSubmit={submit}
      onCancel={onClose}
      submitLabel="Create group"
      busy={create.isPending}
      error={server.general}
      errorTitle="The group was not created"
      formTestId="group-form"
    >
      <Stack gap="sm">
        <TextInput
          label="Group name"
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={local.name ?? server.fields.name}
        />
        <TextInput
          label="Group path"
          required
          description={parent ? `${parent.full_path}/${shownPath || '…'}` : undefined}
          value={shownPath}
          onChange={(event) => {
            setPathEdited(true);
            setPath(event.currentTarget.value);
          }}
          error={local.path ?? server.fields.path}
        />
        <GroupVisibilityField value={visibility} onChange={setVisibility} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={server.fields.description}
        />
      </Stack>
    </FormModalBody>
  );
}
