import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconServer, IconWorldShare } from '@tabler/icons-react';
import { describeError } from '../../api/describe-error.js';
import { WelcomeOption } from './welcome-option.js';

/** Props of {@link ChooseStep}. */
export interface ChooseStepProps {
  onEmbedded: () => void;
  onRemote: () => void;
  /** True while the embedded choice is being recorded. */
  busy: boolean;
  /** Why recording the embedded choice failed, if it did. */
  error: unknown;
}

/**
 * The first thing a new administrator sees: where Outpost should work. The embedded instance is the
 * default (focused, so Enter picks it); a remote GitLab instance is the other way in.
 */
export function ChooseStep({ onEmbedded, onRemote, busy, error }: ChooseStepProps) {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} size="h2">
          Welcome to Outpost
        </Title>
        <Text c="dimmed">
          Administer GitLab-style instances from your desktop. Where should Outpost work?
        </Text>
      </Stack>
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title="Outpost could not save your choice"
        >
          {describeError(error)}
        </Alert>
      ) : null}
      <Stack gap="sm">
        <WelcomeOption
          primary
          autoFocus
          disabled={busy}
          icon={<IconServer size={22} stroke={1.7} />}
          title="Use the embedded instance"
          description="A GitLab-compatible instance that runs inside Outpost on this computer; no server or account needed."
          onClick={onEmbedded}
        />
        <WelcomeOption
          disabled={busy}
          icon={<IconWorldShare size={22} stroke={1.7} />}
          title="Connect to a GitLab instance"
          description="GitLab.com or your own server, with its URL and a personal access token."
          onClick={onRemote}
        />
      </Stack>
    </Stack>
  );
}
