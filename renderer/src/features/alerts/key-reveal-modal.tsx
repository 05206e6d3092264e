import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { AlertIntegrationWithToken } from '../../api/alerts/types.js';
import { CopyTextButton } from '../../components/copy-button/copy-button.js';
import { CopyField } from './copy-field.js';
import { curlCommand } from './curl-command.js';

/** Props of {@link KeyRevealModal}. */
export interface KeyRevealModalProps {
  /** The integration with its key; null when closed. */
  revealed: AlertIntegrationWithToken | null;
  /** Why the key is shown: a new endpoint, or a key reset. */
  reason: 'created' | 'reset';
  onClose: () => void;
}

const SAMPLE = '{"title": "Test alert from curl", "severity": "low"}';

/**
 * The one time an endpoint's authorization key is shown: the URL and the key with copy buttons,
 * a ready `curl` command, and a plain warning that the key can't be seen again (the instance keeps
 * only a digest). Closes only through its buttons, so a stray click can't lose the key.
 */
export function KeyRevealModal({ revealed, reason, onClose }: KeyRevealModalProps) {
  const curl = revealed ? curlCommand(revealed.url, revealed.token, SAMPLE) : '';
  return (
    <Modal
      opened={revealed !== null}
      onClose={onClose}
      closeOnClickOutside={false}
      title={
        <Text fw={600}>
          {reason === 'created'
            ? `Endpoint “${revealed?.name ?? ''}” is ready`
            : `New key for “${revealed?.name ?? ''}”`}
        </Text>
      }
      size="lg"
    >
      {revealed ? (
        <Stack gap="md" data-testid="key-reveal">
          <Alert color="yellow" variant="light" icon={<IconKey />} title="Copy the key now">
            You won’t see this key again: the instance stores only a digest of it.
            {reason === 'reset' ? ' The previous key has stopped working.' : ''} If you lose it, reset the key
            and update your monitoring tool.
          </Alert>
          <CopyField
            label="Webhook URL"
            value={revealed.url}
            description="Monitoring tools POST JSON alerts here."
            testId="reveal-url"
          />
          <CopyField
            label="Authorization key"
            value={revealed.token}
            description="Send it as the header Authorization: Bearer <key>."
            testId="reveal-key"
          />
          <div>
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={500}>
                Try it with curl
              </Text>
              <CopyTextButton value={curl} label="Copy command" />
            </Group>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>
              {curl}
            </Code>
          </div>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              I’ve copied the key
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
