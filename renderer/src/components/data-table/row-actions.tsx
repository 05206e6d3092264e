import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ColumnDef, Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One button of a row's actions: an icon with a tooltip, that either runs `onClick` or links `to`. */
export interface RowAction {
  /** Tooltip text ("Edit"). */
  tooltip: string;
  /** Accessible name, naming the row ("Edit production"). */
  label: string;
  icon: ReactNode;
  /** `red` for destructive actions; default `gray`. */
  color?: 'gray' | 'red';
  onClick?: () => void;
  /** Route to link to instead of a click handler. */
  to?: string;
  testId?: string;
  disabled?: boolean;
}

/** Props of {@link RowActions}. */
export interface RowActionsProps {
  actions: RowAction[];
  /** Space between the buttons (px; default 4). */
  gap?: number;
}

/** A row's action buttons, right-aligned and never wrapping: for a table's last cell. */
export function RowActions({ actions, gap = 4 }: RowActionsProps) {
  return (
    <Group gap={gap} justify="flex-end" wrap="nowrap">
      {actions.map((action) => (
        <Tooltip key={action.tooltip} label={action.tooltip}>
          {action.to !== undefined ? (
            <ActionIcon
              variant="subtle"
              color={action.color ?? 'gray'}
              component={Link}
              to={action.to}
              aria-label={action.label}
              data-testid={action.testId}
            >
              {action.icon}
            </ActionIcon>
          ) : (
            <ActionIcon
              variant="subtle"
              color={action.color ?? 'gray'}
              aria-label={action.label}
              onClick={action.onClick}
              disabled={action.disabled}
              data-testid={action.testId}
            >
              {action.icon}
            </ActionIcon>
          )}
        </Tooltip>
      ))}
    </Group>
  );
}

/** The usual "Edit <name>" action (pencil). */
export function editAction(name: string, onClick: () => void): RowAction {
  return { tooltip: 'Edit', label: `Edit ${name}`, icon: <IconPencil size={16} stroke={1.7} />, onClick };
}

/** The usual "Delete <name>" action (red bin). */
export function deleteAction(name: string, onClick: () => void): RowAction {
  return {
    tooltip: 'Delete',
    label: `Delete ${name}`,
    icon: <IconTrash size={16} stroke={1.7} />,
    color: 'red',
    onClick,
  };
}

/** Options of {@link rowActionsColumn}. */
export interface RowActionsColumnOptions {
  /** Skeleton bar width while loading (default 48). */
  skeletonWidth?: number;
  /** Space between the buttons (px; default 4). */
  gap?: number;
}

/**
 * The last column of a {@link DataTable}: a visually hidden "Actions" header and, per row, the buttons
 * `actions` returns for it. `actions` gets the row and the table (read callbacks from its `meta` with
 * `tableMeta`); define the column once at module level, like every other column.
 */
export function rowActionsColumn<T>(
  actions: (row: T, table: Table<T>) => RowAction[],
  { skeletonWidth = 48, gap }: RowActionsColumnOptions = {},
): ColumnDef<T, unknown> {
  return {
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    enableSorting: false,
    meta: { size: 'actions', skeletonWidth },
    cell: ({ row, table }) => <RowActions actions={actions(row.original, table)} gap={gap} />,
  };
}
