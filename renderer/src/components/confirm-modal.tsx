import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../api/describe-error.js';

/** Props of {@link ConfirmModal}. */
export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** The last attempt's error, shown above the buttons. */
  error?: unknown;
  /** Red confirm button for destructive actions (default true). */
  danger?: boolean;
}

/** A small confirmation dialog that names what the action does and keeps its error inline. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  error,
  danger = true,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={<Text fw={600}>{title}</Text>}
      size="md"
    >
      <Stack gap="md">
        <div>{children}</div>
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="That didn’t work">
            {describeError(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
