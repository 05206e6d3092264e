import { Paper } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { TableEmptyState, type TableEmptyStateProps } from '../../components/data-table/index.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { announceAndClose } from './admin-dialog.js';
import { AdminLoadError } from './admin-query-error.js';

/**
 * Which dialog of an Admin list is open: none, add, edit or delete a row, or one of the page's own
 * kinds (`Extra`, e.g. `'import'`).
 */
export type ListDialog<T, Extra extends string = never> =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: Extra }
  | { kind: 'edit'; item: T }
  | { kind: 'delete'; item: T };

/** What {@link useListDialog} returns. */
export interface ListDialogState<T, Extra extends string> {
  dialog: ListDialog<T, Extra>;
  open: (dialog: ListDialog<T, Extra>) => void;
  /** Close whatever is open, and forget the delete mutation's last error. */
  close: () => void;
  /** The row being edited, when the edit dialog is open. */
  editing: T | null;
  /** The row whose deletion waits for confirmation. */
  deleting: T | null;
}

/** The open dialog of an Admin list; closing resets the delete mutation (`reset`) so its error goes. */
export function useListDialog<T, Extra extends string = never>(deletion: {
  reset: () => void;
}): ListDialogState<T, Extra> {
  const [dialog, setDialog] = useState<ListDialog<T, Extra>>({ kind: 'none' });
  return {
    dialog,
    open: setDialog,
    close: () => {
      deletion.reset();
      setDialog({ kind: 'none' });
    },
    editing: dialog.kind === 'edit' && 'item' in dialog ? dialog.item : null,
    deleting: dialog.kind === 'delete' && 'item' in dialog ? dialog.item : null,
  };
}

/** Props of {@link AdminListBody}. */
export interface AdminListBodyProps {
  /** The list's query (TanStack Query result). */
  query: {
    isError: boolean;
    error: unknown;
    data: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  /** What the list holds, for "Couldn’t load <what>". */
  what: string;
  /** True once loaded with no rows: shows `empty` instead of the card. */
  isEmpty: boolean;
  empty: TableEmptyStateProps;
  /** The card's content (toolbar, table, pager). */
  children: ReactNode;
}

/**
 * The body of an Admin list screen: the load error (or "admin access required" on a 403) until data
 * came, the empty state once it came empty, else the card holding the table.
 */
export function AdminListBody({ query, what, isEmpty, empty, children }: AdminListBodyProps) {
  if (query.isError && !query.data) {
    return <AdminLoadError what={what} query={query} />;
  }
  if (query.data && isEmpty) return <TableEmptyState {...empty} />;
  return <Paper withBorder>{children}</Paper>;
}

/** Props of {@link AdminDeleteConfirm}. */
export interface AdminDeleteConfirmProps<T, Id> {
  /** The row to delete; null keeps the dialog closed. */
  item: T | null;
  /** The delete mutation, called with `idOf(item)`. */
  mutation: Pick<UseMutationResult<unknown, unknown, Id>, 'mutate' | 'isPending' | 'error'>;
  idOf: (item: T) => Id;
  title: (item: T | null) => string;
  confirmLabel: string;
  /** The notification once deleted. */
  deleted: (item: T) => { title: string; message: string };
  onClose: () => void;
  /** What deleting does, in plain words. */
  children: ReactNode;
}

/** "Delete …?" for an Admin list row: runs the mutation, announces the deletion and closes. */
export function AdminDeleteConfirm<T, Id>({
  item,
  mutation,
  idOf,
  title,
  confirmLabel,
  deleted,
  onClose,
  children,
}: AdminDeleteConfirmProps<T, Id>) {
  return (
    <ConfirmModal
      opened={item !== null}
      title={title(item)}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onConfirm={() => {
        if (!item) return;
        mutation.mutate(idOf(item), { onSuccess: announceAndClose(onClose, () => deleted(item)) });
      }}
    >
      {children}
    </ConfirmModal>
  );
}

/** "3 clusters" / "1 cluster". */
export function countNoun(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
