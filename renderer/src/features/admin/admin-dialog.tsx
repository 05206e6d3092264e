import { Modal, Text, type ModalProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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

/** What the "done" notification of an Admin dialog says about the result. */
export type DoneNotice<T> = (result: T) => { title: string; message: string };

/**
 * An `onSuccess` for an Admin dialog's mutation: a green notification saying what was done, then
 * `then` (follow-up, e.g. following a scheduled move) and `onClose`.
 */
export function announceAndClose<T>(
  onClose: () => void,
  notice: DoneNotice<T>,
  then?: () => void,
): (result: T) => void {
  return (result) => {
    notifications.show({ color: 'teal', ...notice(result) });
    then?.();
    onClose();
  };
}
