import {
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { ProfileSummary, UpdateProfileInput } from '../../../../shared/ipc-contract.js';
import { useRemoveProfile, useUpdateProfile } from '../../api/profiles/mutations.js';
import { ErrorAlert } from '../../components/error-alert/error-alert.js';

/** Props of {@link EditInstanceModal}. */
export interface EditInstanceModalProps {
  /** The remote profile to edit; null: closed. */
  profile: ProfileSummary | null;
  onClose: () => void;
}

/**
 * Which field a host validation error of `profiles:update` is about (electron/host/network/trust.ts
 * `validateCaPem`, profile-store.ts `resolveNetwork`), so it shows under that field; null: the form's.
 */
function fieldOfError(error: unknown, sent: UpdateProfileInput): 'ca' | 'timeout' | null {
  const message = error instanceof Error ? error.message : '';
  if (sent.timeoutSeconds !== undefined && /timeout/i.test(message)) return 'timeout';
  if (sent.caCertificate !== undefined && /CA certificate|PEM/.test(message)) return 'ca';
  return null;
}

/**
 * "Edit instance": rename a remote GitLab instance, give it a new personal access token (the host
 * checks it with `GET /user` first and keeps the old one when the instance refuses it), set its own
 * certificate authority (PEM, pasted; "Remove" clears it) and its timeout in seconds (empty: the
 * default, 15 s), or remove it (after a confirmation; the embedded instance becomes active if it was).
 * The host validates everything before it changes anything (issue 27); its error shows under the
 * field it is about, or above the form, and clears as soon as a field changes.
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
  const [ca, setCa] = useState(profile.caCertificate ?? '');
  const [timeout, setTimeoutSeconds] = useState<string | number>(profile.timeoutSeconds ?? '');
  const [sent, setSent] = useState<UpdateProfileInput>({ id: profile.id });
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
    const caChanged = ca.trim() !== (profile.caCertificate ?? '').trim();
    const timeoutValue = timeout === '' ? null : Number(timeout);
    const timeoutChanged = timeoutValue !== (profile.timeoutSeconds ?? null);
    const input: UpdateProfileInput = {
      id: profile.id,
      ...(trimmed === profile.name ? {} : { name: trimmed }),
      ...(token.trim() ? { token: token.trim() } : {}),
      ...(caChanged ? { caCertificate: ca.trim() === '' ? null : ca } : {}),
      ...(timeoutChanged ? { timeoutSeconds: timeoutValue } : {}),
    };
    if (Object.keys(input).length === 1) {
      onClose();
      return;
    }
    setSent(input);
    update.mutate(input, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          message: input.token
            ? `${saved.name}: new token saved`
            : input.name !== undefined
              ? `Renamed to ${saved.name}`
              : `${saved.name}: connection settings saved`,
        });
        onClose();
      },
      onSettled: () => setToken(''),
    });
  };

  const errorField = update.isError ? fieldOfError(update.error, sent) : null;
  const fieldError = (field: 'ca' | 'timeout') =>
    errorField === field && update.error instanceof Error ? update.error.message : null;

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
        {update.isError && errorField === null ? <ErrorAlert title="Not saved" error={update.error} /> : null}
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
        <Textarea
          label="Certificate authority (PEM)"
          description="Optional. The CA that issued this instance’s TLS certificate, trusted for this instance besides this computer’s trust store: paste the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----."
          placeholder="-----BEGIN CERTIFICATE-----"
          value={ca}
          onChange={(event) => {
            setCa(event.currentTarget.value);
            if (update.isError) update.reset();
          }}
          error={fieldError('ca')}
          autosize
          minRows={3}
          maxRows={8}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        {ca !== '' ? (
          <Group justify="flex-end" mt={-8}>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              aria-label="Remove the certificate authority"
              onClick={() => {
                setCa('');
                if (update.isError) update.reset();
              }}
            >
              Remove
            </Button>
          </Group>
        ) : null}
        <NumberInput
          label="Timeout (seconds)"
          description="How long to wait for the instance to answer, 1 to 300 s. Empty: the default, 15 s."
          placeholder="15"
          value={timeout}
          onChange={(value) => {
            setTimeoutSeconds(value);
            if (update.isError) update.reset();
          }}
          error={fieldError('timeout')}
          min={1}
          max={300}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
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
