import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmModal } from '../../components/confirm-modal.js';

/** Props of {@link MutationConfirmModal}. */
export interface MutationConfirmModalProps<V> {
  opened: boolean;
  title: string;
  confirmLabel: string;
  /** The mutation Confirm runs (its pending state and error show in the dialog). */
  mutation: UseMutationResult<unknown, Error, V>;
  /** What Confirm passes to the mutation. */
  variables: V;
  /** The teal notification shown once it succeeded. */
  done: { title: string; message: string };
  /** Close the dialog (after success too); the mutation's state is reset first. */
  onClose: () => void;
  /** What will happen, in plain words. */
  children: ReactNode;
}

/**
 * A confirmation that runs one mutation: Confirm sends `variables`, a success shows the `done`
 * notification, resets the mutation and closes; a failure stays in the dialog with its reason.
 * Used by the delete-branch, delete-merged-branches, delete-tag and unprotect dialogs.
 */
export function MutationConfirmModal<V>({
  opened,
  title,
  confirmLabel,
  mutation,
  variables,
  done,
  onClose,
  children,
}: MutationConfirmModalProps<V>) {
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      error={mutation.error}
      onClose={close}
      onConfirm={() =>
        mutation.mutate(variables, {
          onSuccess: () => {
            notifications.show({ color: 'teal', ...done });
            close();
          },
        })
      }
    >
      {children}
    </ConfirmModal>
  );
}

/** Props of {@link DeleteRefModal}. */
export interface DeleteRefModalProps {
  kind: 'branch' | 'tag';
  /** The branch or tag to delete; the dialog is open while it is set. */
  target: { name: string } | null;
  /** `useDeleteBranch` / `useDeleteTag`: called with the name. */
  mutation: UseMutationResult<unknown, Error, string>;
  onClose: () => void;
  /** What deleting it means, in plain words. */
  children: ReactNode;
}

/** "Delete branch" / "Delete tag": confirms, deletes by name, and says "<Branch|Tag> deleted". */
export function DeleteRefModal({ kind, target, mutation, onClose, children }: DeleteRefModalProps) {
  return (
    <MutationConfirmModal
      opened={target !== null}
      title={`Delete ${kind}`}
      confirmLabel={`Delete ${kind}`}
      mutation={mutation}
      variables={target?.name ?? ''}
      done={{
        title: kind === 'branch' ? 'Branch deleted' : 'Tag deleted',
        message: `${target?.name} was deleted.`,
      }}
      onClose={onClose}
    >
      {children}
    </MutationConfirmModal>
  );
}
