import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useAddRemoteProfile } from '../../api/profiles/mutations.js';
import {
  hasConnectionErrors,
  insecureHttpConsent,
  InstanceConnectionFields,
  normalizedInstanceUrl,
  validateConnectionFields,
  type ConnectionFieldErrors,
} from './instance-connection-fields.js';
import { ErrorAlert } from '../../components/error-alert/error-alert.js';

/** Props of {@link AddInstanceModal}. */
export interface AddInstanceModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the new profile's id once the connection check passed. */
  onAdded: (profileId: string) => void;
}

/**
 * "Add GitLab instance": name (optional: the host names it after the URL's host), URL and personal
 * access token. Each error clears as soon as its field changes. Saves the profile through the host
 * (`profiles:add-remote`), checks the connection (`profiles:check`) and shows the host's sentence
 * when it fails. After a failure the pasted token stays in its field (only in this dialog's memory, never
 * persisted) so the administrator can fix the URL or name and retry; it is cleared on success and on close.
 */
export function AddInstanceModal({ opened, onClose, onAdded }: AddInstanceModalProps) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [allowInsecureHttp, setAllowInsecureHttp] = useState(false);
  const [errors, setErrors] = useState<ConnectionFieldErrors & { name?: string | undefined }>({});
  const addRemote = useAddRemoteProfile();

  const close = () => {
    if (addRemote.isPending) return;
    setName('');
    setUrl('');
    setToken('');
    setAllowInsecureHttp(false);
    setErrors({});
    addRemote.reset();
    onClose();
  };

  // An error is about the input it names: it goes as soon as that input changes, and the host's
  // sentence about the last attempt goes with any change.
  const clearError = (field: keyof typeof errors) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (addRemote.isError) addRemote.reset();
  };

  const changeUrl = (next: string) => {
    setUrl(next);
    // A confirmation is for the address it was given for.
    setAllowInsecureHttp(false);
    clearError('url');
    clearError('insecure');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextErrors = {
      name: name.trim().length > 100 ? 'Give the instance a name of at most 100 characters.' : undefined,
      ...validateConnectionFields(url, token, allowInsecureHttp),
    };
    setErrors(nextErrors);
    if (nextErrors.name || hasConnectionErrors(nextErrors)) return;
    const base = normalizedInstanceUrl(url);
    const input = {
      name: name.trim(),
      url: base,
      token: token.trim(),
      ...insecureHttpConsent(base, allowInsecureHttp),
    };
    addRemote.mutate(input, {
      onSuccess: ({ profile, check }) => {
        setToken('');
        notifications.show({
          color: 'teal',
          title: `Connected to ${profile.name}`,
          message: [
            check.username ? `Signed in as @${check.username}` : null,
            check.version ? `GitLab ${check.version}` : null,
          ]
            .filter(Boolean)
            .join(' · '),
        });
        onAdded(profile.id);
        setName('');
        setUrl('');
        setAllowInsecureHttp(false);
        setErrors({});
        addRemote.reset();
        onClose();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>Add GitLab instance</Text>} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Connect Outpost to a GitLab instance with a personal access token. The token is kept in this
            computer’s vault and never shown again.
          </Text>
          {addRemote.isError ? (
            <ErrorAlert title="Could not connect" error={addRemote.error}>
              {' '}
              The instance was not added.
            </ErrorAlert>
          ) : null}
          <TextInput
            label="Name"
            placeholder="GitLab.com"
            value={name}
            description="Optional: the instance's host name when left empty."
            onChange={(event) => {
              setName(event.currentTarget.value);
              clearError('name');
            }}
            error={errors.name}
            data-autofocus
          />
          <InstanceConnectionFields
            url={url}
            token={token}
            onUrlChange={changeUrl}
            onTokenChange={(next) => {
              setToken(next);
              clearError('token');
            }}
            allowInsecureHttp={allowInsecureHttp}
            onAllowInsecureHttpChange={(allow) => {
              setAllowInsecureHttp(allow);
              clearError('insecure');
            }}
            errors={errors}
            tokenDescription="Needs the api scope (read_api is enough to browse)."
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={addRemote.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={addRemote.isPending} leftSection={<IconPlugConnected size={16} />}>
              Connect
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
