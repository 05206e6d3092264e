import { Alert, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useCreateAlertIntegration, useUpdateAlertIntegration } from '../../api/alerts/mutations.js';
import type { AlertIntegration, AlertIntegrationWithToken } from '../../api/alerts/types.js';
import { ApiError } from '../../api/api-error.js';
import { describeError } from '../../api/describe-error.js';
import { asSentence } from '../../lib/as-sentence.js';
import { useAlertsProject } from './alerts-context.js';

/** Props of {@link IntegrationFormModal}. */
export interface IntegrationFormModalProps {
  profileId: string;
  projectId: number;
  opened: boolean;
  /** The integration to rename; null to create one. */
  integration: AlertIntegration | null;
  onClose: () => void;
  /** A new integration was created: its URL and key, to show once. */
  onCreated: (integration: AlertIntegrationWithToken) => void;
  /** An integration was renamed. */
  onSaved: (integration: AlertIntegration) => void;
}

/** Longest integration name the form takes (GitLab's limit for integration names). */
export const INTEGRATION_NAME_MAX = 255;

/** Why an integration name can't be used, or null. Pure. */
export function integrationNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a name, such as “Prometheus production”.';
  if (name.trim().length > INTEGRATION_NAME_MAX) return `Use at most ${INTEGRATION_NAME_MAX} characters.`;
  return null;
}

/**
 * "Add HTTP endpoint" (name and active flag; the instance answers with the URL and the key, shown
 * once by the caller) and "Rename endpoint". The instance's per-field errors land on the name.
 */
export function IntegrationFormModal(props: IntegrationFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={<Text fw={600}>{props.integration ? 'Rename HTTP endpoint' : 'Add HTTP endpoint'}</Text>}
      size="md"
    >
      {props.opened ? <IntegrationForm key={props.integration?.id ?? 'new'} {...props} /> : null}
    </Modal>
  );
}

function IntegrationForm({
  profileId,
  projectId,
  integration,
  onClose,
  onCreated,
  onSaved,
}: IntegrationFormModalProps) {
  const [name, setName] = useState(integration?.name ?? '');
  const [active, setActive] = useState(integration?.active ?? true);
  const [submitted, setSubmitted] = useState(false);
  const { fullPath } = useAlertsProject();
  const create = useCreateAlertIntegration(profileId, projectId, fullPath);
  const update = useUpdateAlertIntegration(profileId, projectId);
  const mutation = integration ? update : create;

  const localProblem = submitted ? integrationNameProblem(name) : null;
  const serverFieldErrors = mutation.error instanceof ApiError ? mutation.error.fieldErrors : {};
  const serverNameError = serverFieldErrors.name?.map((message) => asSentence(`Name ${message}`)).join(' ');
  const generalError = mutation.isError && !serverNameError ? describeError(mutation.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (integrationNameProblem(name)) return;
    if (integration) {
      update.mutate(
        { id: integration.id, input: { name: name.trim() } },
        { onSuccess: (saved) => onSaved(saved) },
      );
    } else {
      create.mutate({ name: name.trim(), active }, { onSuccess: (created) => onCreated(created) });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Shown in this list; use the tool and environment, e.g. “Prometheus production”."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={localProblem ?? serverNameError}
          maxLength={INTEGRATION_NAME_MAX}
          data-autofocus
          required
        />
        {integration ? null : (
          <Switch
            label="Active"
            description="An inactive endpoint refuses every alert posted to it."
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
          />
        )}
        {generalError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="That didn’t work">
            {generalError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {integration ? 'Save' : 'Add endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
