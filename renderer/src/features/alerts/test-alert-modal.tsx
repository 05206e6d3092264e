import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useSendTestAlert } from '../../api/alerts/mutations.js';
import type { AlertIntegration } from '../../api/alerts/types.js';
import { describeError } from '../../api/describe-error.js';
import { checkAlertPayload, samplePayloadText } from './alert-payload.js';

/** Props of {@link TestAlertModal}. */
export interface TestAlertModalProps {
  profileId: string;
  projectId: number;
  /** The integration to test; null when closed. */
  integration: AlertIntegration | null;
  onClose: () => void;
  /** The instance accepted the test alert. */
  onSent: (integration: AlertIntegration) => void;
}

/**
 * "Send test alert": an editable sample payload (monospace, checked as JSON while typing, with
 * warnings for fields the receiver will read differently) posted through the integration's test
 * action, which processes it like a received alert.
 */
export function TestAlertModal(props: TestAlertModalProps) {
  return (
    <Modal
      opened={props.integration !== null}
      onClose={props.onClose}
      title={<Text fw={600}>Send a test alert to “{props.integration?.name ?? ''}”</Text>}
      size="xl"
    >
      {props.integration ? <TestAlertForm key={props.integration.id} {...props} /> : null}
    </Modal>
  );
}

function TestAlertForm({ profileId, projectId, integration, onClose, onSent }: TestAlertModalProps) {
  const [text, setText] = useState(() => samplePayloadText());
  const send = useSendTestAlert(profileId, projectId);
  const check = checkAlertPayload(text);
  if (!integration) return null;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The instance handles this payload exactly like one posted by a monitoring tool: a new alert, or one
        more event on an open alert with the same fingerprint. An <code>end_time</code> resolves it.
      </Text>
      <Textarea
        label="Sample payload (JSON)"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={12}
        maxRows={22}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        error={check.ok ? undefined : check.error}
        data-autofocus
      />
      {check.ok && check.warnings.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title="Worth a second look">
          <List size="sm" spacing={2}>
            {check.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="The instance refused the alert">
          {describeError(send.error)}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" onClick={() => setText(samplePayloadText())} disabled={send.isPending}>
          Reset to sample
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            disabled={!check.ok}
            loading={send.isPending}
            onClick={() => {
              if (!check.ok) return;
              send.mutate(
                { id: integration.id, payload: check.payload },
                { onSuccess: () => onSent(integration) },
              );
            }}
          >
            Send test alert
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
