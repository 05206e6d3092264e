import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { useRemoveProfile, useUpdateProfile } from '../../api/profiles/mutations.js';
import { ErrorAlert } from '../../components/error-alert/error-alert.js';

/** Props of {@link EditInstanceModal}. */
export interface EditInstanceModalProps {
  /** The remote profile to edit; null: closed. */
  profile: ProfileSummary | null;
  onClose: () => void;
}

/**
 * "Edit instance": rename a remote GitLab instance, give it a new personal access token (the host
 * checks it with `GET /user` first and keeps the old one when the instance refuses it), or remove it
 * (after a confirmation; the embedded instance becomes active if it was). Errors show inline and clear
 * as soon as the field they are about changes.
 */
export function EditInstanceModal({ profile, onClose }: EditInstanceModalProps) {
  return (
    <Modal opened={profile !== null} onClose={onClose} title={<Text fw={600}>Edit instance</Text>} size="md">
      {profile ? <EditInstanceForm key={profile.id} profile={profile} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditInstanceForm({ profile, onClose }: { profile: ProfileSummary; onClose: () => void }) {
  const [name, setName] = useState(profile.name);
  const [token, setToken] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const update = useUpdateProfile();
  const remove = useRemoveProfile();
  const busy = update.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 100) {
      setNameError('Give the instance a name of 1 to 100 characters.');
      return;
    }
    const input = {
      id: profile.id,
      ...(trimmed === profile.name ? {} : { name: trimmed }),
      ...(token.trim() ? { token: token.trim() } : {}),
    };
    if (input.name === undefined && input.token === undefined) {
      onClose();
      return;
    }
    update.mutate(input, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          message: input.token ? `${saved.name}: new token saved` : `Renamed to ${saved.name}`,
        });
        onClose();
      },
      onSettled: () => setToken(''),
    });
  };

  const removeInstance = () =>
    remove.mutate(profile.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `Removed ${profile.name}` });
        onClose();
      },
    });

  if (confirmRemove) {
    return (
      <Stack gap="md">
        <Text size="sm">
          Remove <b>{profile.name}</b> ({profile.url}) from Outpost? Its token is deleted from this computer’s
          vault. Nothing changes on the instance itself.
          {profile.active ? ' The built-in instance becomes active.' : ''}
        </Text>
        {remove.isError ? <ErrorAlert title="Could not remove it" error={remove.error} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirmRemove(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={removeInstance} loading={remove.isPending}>
            Remove instance
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {profile.url}
        </Text>
        {update.isError ? <ErrorAlert title="Not saved" error={update.error} /> : null}
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
            if (update.isError) update.reset();
          }}
          error={nameError}
          required
          data-autofocus
        />
        <PasswordInput
          label="New personal access token"
          description="Leave empty to keep the stored token. A new one is checked with the instance before it is saved."
          placeholder="glpat-…"
          value={token}
          onChange={(event) => {
            setToken(event.currentTarget.value);
            if (update.isError) update.reset();
          }}
          autoComplete="off"
        />
        <Group justify="space-between" gap="sm" mt="xs">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirmRemove(true)}
            disabled={busy}
          >
            Remove…
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
