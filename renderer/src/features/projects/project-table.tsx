import { Group, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type OnChangeFn,
  type SortingState,
} from '@tanstack/react-table';
import type { Project } from '../../../../shared/api-types/projects.js';
import type { TableDensity } from '../../stores/ui-prefs-store.js';
import { projectColumns } from './project-columns.js';
import classes from './project-table.module.css';

/**
 * Column sizing: badges and dates shrink to their content; name and description share the rest.
 * Low-priority columns give way as the table's container narrows (CSS container queries): the
 * description first, then the default branch, then the last activity, so nothing scrolls sideways
 * at 1024 px.
 */
const COLUMN_CLASSES: Record<string, string | undefined> = {
  name: classes.nameColumn,
  description: `${classes.descriptionColumn} ${classes.hideBelow900}`,
  visibility: classes.shrink,
  default_branch: `${classes.shrink} ${classes.hideBelow760}`,
  last_activity_at: `${classes.shrink} ${classes.hideBelow620}`,
  import_status: classes.shrink,
  actions: classes.shrink,
};

/** The skeleton row's cells, in column order, with the same classes as the real cells. */
const SKELETON_COLUMNS = [
  'description',
  'visibility',
  'default_branch',
  'last_activity_at',
  'import_status',
  'actions',
];
const SKELETON_SIZES: Record<string, { height: number; width: number | string }> = {
  description: { height: 8, width: '80%' },
  visibility: { height: 18, width: 64 },
  default_branch: { height: 8, width: 56 },
  last_activity_at: { height: 8, width: 72 },
  import_status: { height: 8, width: 24 },
  actions: { height: 18, width: 18 },
};

/** Props of {@link ProjectTable}. */
export interface ProjectTableProps {
  projects: Project[];
  /** Show skeleton rows instead of data (first load). */
  loading: boolean;
  skeletonRows: number;
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  density: TableDensity;
  /** Dim the rows while a new page or search loads over the previous one. */
  stale: boolean;
}

/** The project list as a table (@tanstack/react-table for the model, Mantine Table for the look). */
export function ProjectTable({
  projects,
  loading,
  skeletonRows,
  sorting,
  onSortingChange,
  density,
  stale,
}: ProjectTableProps) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table v8 is not compiler-aware; nothing here is memoized by the compiler.
  const table = useReactTable({
    data: projects,
    columns: projectColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (project) => String(project.id),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange,
  });

  return (
    <div className={classes.container}>
      <Table.ScrollContainer minWidth={520} type="native">
        <Table
          highlightOnHover
          verticalSpacing={density === 'compact' ? 6 : 'sm'}
          horizontalSpacing="md"
          className={classes.table}
          data-stale={stale || undefined}
          aria-busy={loading || stale}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.Th
                      key={header.id}
                      className={COLUMN_CLASSES[header.column.id]}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <UnstyledButton
                          onClick={header.column.getToggleSortingHandler()}
                          className={classes.sortButton}
                        >
                          <Group gap={4} wrap="nowrap">
                            {label}
                            {sorted === 'asc' ? (
                              <IconArrowUp size={14} />
                            ) : sorted === 'desc' ? (
                              <IconArrowDown size={14} />
                            ) : (
                              <IconArrowsSort size={14} className={classes.sortIdle} />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} data-testid="project-row-skeleton">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Skeleton height={34} width={34} radius="md" />
                        <div style={{ flex: 1 }}>
                          <Skeleton height={10} width="60%" mb={8} />
                          <Skeleton height={8} width="40%" />
                        </div>
                      </Group>
                    </Table.Td>
                    {SKELETON_COLUMNS.map((id) => (
                      <Table.Td key={id} className={COLUMN_CLASSES[id]}>
                        <Skeleton height={SKELETON_SIZES[id]!.height} width={SKELETON_SIZES[id]!.width} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="project-row">
                    {row.getVisibleCells().map((cell) => (
                      <Table.Td key={cell.id} className={COLUMN_CLASSES[cell.column.id]}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
