import { Skeleton, Table } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type TableMeta,
} from '@tanstack/react-table';
import classes from './admin-table.module.css';

/** How a column sizes: shrink to its content, take the free space, or hold row actions. */
export type AdminColumnSize = 'shrink' | 'grow' | 'actions';

/** Column metadata read by {@link AdminTable}. */
export interface AdminColumnMeta {
  size?: AdminColumnSize;
  /** Width of the skeleton bar while loading. */
  skeletonWidth?: number | string;
  /**
   * Hide the column while the table's container is at most this wide (px; CSS container query), so a
   * narrow window drops low-priority columns instead of scrolling them out of view.
   */
  hideBelow?: 720 | 880 | 1040 | 1240;
}

/** Props of {@link AdminTable}. */
export interface AdminTableProps<T> {
  data: T[];
  /**
   * Display columns (`columnHelper.display`), defined once at module level: TanStack Table renders
   * each cell function as a component, so a new function per render would remount every cell.
   */
  columns: ColumnDef<T, unknown>[];
  /** What the cells need beyond their row (callbacks, UI state); read with {@link tableMeta}. */
  meta?: TableMeta<T>;
  getRowId: (row: T) => string;
  /** Skeleton rows instead of data (first load). */
  loading: boolean;
  skeletonRows?: number;
  /** `data-testid` of every data row. */
  rowTestId: string;
  /** Minimum width before the table scrolls sideways. */
  minWidth?: number;
  /** Accessible name of the table. */
  label: string;
}

/** The `meta` an {@link AdminTable} was given, typed as the cells expect it. */
export function tableMeta<M>(table: { options: { meta?: unknown } }): M {
  return table.options.meta as M;
}

const SIZE_CLASSES: Record<AdminColumnSize, string | undefined> = {
  shrink: classes.shrink,
  grow: classes.grow,
  actions: classes.actions,
};

const HIDE_CLASSES: Record<NonNullable<AdminColumnMeta['hideBelow']>, string | undefined> = {
  720: classes.hideBelow720,
  880: classes.hideBelow880,
  1040: classes.hideBelow1040,
  1240: classes.hideBelow1240,
};

function sizeClass(meta: unknown): string | undefined {
  const { size, hideBelow } = (meta as AdminColumnMeta | undefined) ?? {};
  return (
    [size ? SIZE_CLASSES[size] : undefined, hideBelow ? HIDE_CLASSES[hideBelow] : undefined]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/**
 * A client-side table for the Admin screens (@tanstack/react-table for the model, Mantine Table for
 * the look), with skeleton rows while the first load runs.
 */
export function AdminTable<T>({
  data,
  columns,
  getRowId,
  loading,
  skeletonRows = 4,
  rowTestId,
  minWidth = 760,
  label,
  meta,
}: AdminTableProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table v8 is not compiler-aware; nothing here is memoized by the compiler.
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    meta,
  });

  return (
    <div className={classes.container}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          className={classes.table}
          aria-label={label}
          aria-busy={loading}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id} className={sizeClass(header.column.columnDef.meta)}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} data-testid={`${rowTestId}-skeleton`}>
                    {table.getVisibleLeafColumns().map((column) => (
                      <Table.Td key={column.id} className={sizeClass(column.columnDef.meta)}>
                        <Skeleton
                          height={10}
                          width={
                            (column.columnDef.meta as AdminColumnMeta | undefined)?.skeletonWidth ?? '70%'
                          }
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <Table.Tr key={row.id} data-testid={rowTestId}>
                    {row.getVisibleCells().map((cell) => (
                      <Table.Td key={cell.id} className={sizeClass(cell.column.columnDef.meta)}>
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
