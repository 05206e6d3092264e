import { Text } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { CiVariable } from '../../../api/admin/ci-variables/types.js';
import {
  deleteAction,
  editAction,
  rowActionsColumn,
  tableMeta,
} from '../../../components/data-table/index.js';
import { VariableFlagBadges, VariableTypeBadge } from './variable-badges.js';
import { VariableValueCell } from './variable-value-cell.js';

/** What the variable rows can do, and which values are revealed; given to the table as its `meta`. */
export interface CiVariableRowActions {
  isRevealed: (key: string) => boolean;
  onToggleReveal: (key: string) => void;
  onEdit: (variable: CiVariable) => void;
  onDelete: (variable: CiVariable) => void;
}

const column = createColumnHelper<CiVariable>();

/**
 * Columns of the instance variable table: key, hidden value, type, flags, actions. Row actions and
 * the revealed values come from the table's `meta` ({@link CiVariableRowActions}).
 */
export const ciVariableColumns: ColumnDef<CiVariable, unknown>[] = [
  column.display({
    id: 'key',
    header: 'Key',
    meta: { skeletonWidth: '60%' },
    cell: ({ row }) => (
      <Text size="sm" fw={600} ff="monospace" data-testid="variable-key" style={{ wordBreak: 'break-all' }}>
        {row.original.key}
      </Text>
    ),
  }),
  column.display({
    id: 'value',
    header: 'Value',
    meta: { size: 'grow', skeletonWidth: '50%' },
    cell: ({ row, table }) => {
      const actions = tableMeta<CiVariableRowActions>(table);
      return (
        <VariableValueCell
          variableKey={row.original.key}
          value={row.original.value}
          revealed={actions.isRevealed(row.original.key)}
          onToggle={() => actions.onToggleReveal(row.original.key)}
        />
      );
    },
  }),
  column.display({
    id: 'variable_type',
    header: 'Type',
    meta: { size: 'shrink', skeletonWidth: 64 },
    cell: ({ row }) => <VariableTypeBadge type={row.original.variable_type} />,
  }),
  column.display({
    id: 'flags',
    header: 'Attributes',
    meta: { size: 'shrink', skeletonWidth: 96 },
    cell: ({ row }) => <VariableFlagBadges variable={row.original} />,
  }),
  rowActionsColumn<CiVariable>((variable, table) => {
    const actions = tableMeta<CiVariableRowActions>(table);
    return [
      editAction(variable.key, () => actions.onEdit(variable)),
      deleteAction(variable.key, () => actions.onDelete(variable)),
    ];
  }),
];
