import { Modal, Text, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link AdminDialog}. */
export interface AdminDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** The form; mounted only while the dialog is open. */
  children: ReactNode;
}

/**
 * The dialog around an Admin form: a semibold title, and the form mounted per opening, so each
 * opening starts from the row (or from empty) instead of from what was typed last time. The form
 * inside renders `FormModalBody` (components/form-modal) for its alert and Cancel / Submit footer.
 */
export function AdminDialog({ opened, onClose, title, size = 'md', children }: AdminDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} size={size}>
      {opened ? children : null}
    </Modal>
  );
}
