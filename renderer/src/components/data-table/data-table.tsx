import { Group, Skeleton, Table, UnstyledButton, type TableTrProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type Header,
  type OnChangeFn,
  type RowData,
  type SortingState,
  type TableMeta,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

/** How a column sizes: shrink to its content, take the free space, or hold the row actions. */
export type DataColumnSize = 'shrink' | 'grow' | 'actions';

/** Container widths (px) below which a column can give way; each has a class in the CSS module. */
export type HideBelow = 620 | 720 | 760 | 880 | 900 | 1000 | 1040 | 1100 | 1240;

/** What {@link DataTable} reads from a column's `meta`. */
export interface DataColumnMeta {
  size?: DataColumnSize;
  /**
   * Hide the column while the table's container is at most this wide (px; CSS container query), so a
   * narrow window drops low-priority columns instead of scrolling them out of view.
   */
  hideBelow?: HideBelow;
  /** Extra class of the column's cells (header, skeleton and data). */
  className?: string;
  /** Width of the skeleton bar while loading (default 70%). */
  skeletonWidth?: number | string;
  /** Height of the skeleton bar (default 10 px). */
  skeletonHeight?: number;
  /** The whole skeleton cell, when a bar doesn't fit (an avatar and two lines, say). */
  skeleton?: ReactNode;
}

declare module '@tanstack/react-table' {
  // Column `meta` is typed as DataColumnMeta in every table of the app (a merge into TanStack's
  // interface, whose declaration has both type parameters).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- see above
  interface ColumnMeta<TData extends RowData, TValue> extends DataColumnMeta {}
}

const SIZE_CLASSES: Record<DataColumnSize, string | undefined> = {
  shrink: classes.shrink,
  grow: classes.grow,
  actions: classes.actions,
};

/** The class that hides a column below a container width (for tables not built on {@link DataTable}). */
export function hideBelowClass(width: HideBelow): string | undefined {
  return classes[`hideBelow${width}`];
}

/** The classes of a column's cells from its meta: size, when it hides, and its own class. */
export function dataColumnClass(meta: DataColumnMeta | undefined): string | undefined {
  const { size, hideBelow, className } = meta ?? {};
  return (
    [size ? SIZE_CLASSES[size] : undefined, hideBelow ? hideBelowClass(hideBelow) : undefined, className]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/** The `meta` a {@link DataTable} was given, typed as the cells expect it. */
export function tableMeta<M>(table: { options: { meta?: unknown } }): M {
  return table.options.meta as M;
}

/** Server-side sorting: the current order and what to call when a header is clicked. */
export interface DataTableSorting {
  state: SortingState;
  onChange: OnChangeFn<SortingState>;
}

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  data: T[];
  /**
   * Columns (`createColumnHelper<T>()`), defined once at module level: TanStack Table renders each
   * cell function as a component, so a new function per render would remount every cell. Value
   * types may differ per column (`any` is TanStack's documented way to mix them).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  columns: ColumnDef<T, any>[];
  /** What the cells need beyond their row (callbacks, UI state); read with {@link tableMeta}. */
  meta?: TableMeta<T>;
  getRowId: (row: T) => string;
  /** Skeleton rows instead of data (first load). */
  loading: boolean;
  skeletonRows?: number;
  /** `data-testid` of every data row; skeleton rows get `<rowTestId>-skeleton`. */
  rowTestId: string;
  /** Minimum width before the table scrolls sideways (default 760). */
  minWidth?: number;
  /** Accessible name of the table. */
  label?: string;
  /** Dim the rows while a new page or search loads over the previous one. */
  stale?: boolean;
  /** Row padding (Mantine `verticalSpacing`, default `sm`). */
  verticalSpacing?: number | 'xs' | 'sm' | 'md';
  /** Sort on the server by the columns that `enableSorting`; without it nothing sorts. */
  sorting?: DataTableSorting;
  /** Extra props of a data row (click handler, selection attribute, class). */
  rowProps?: (row: T) => TableTrProps & Record<`data-${string}`, unknown>;
}

/** A header cell's content: the header, as a sort button when the column sorts. */
function HeaderLabel<T>({ header }: { header: Header<T, unknown> }) {
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return label;
  const sorted = header.column.getIsSorted();
  return (
    <UnstyledButton onClick={header.column.getToggleSortingHandler()} className={classes.sortButton}>
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
  );
}

/** A skeleton cell: the column's own skeleton, or a bar of its skeleton size. */
function SkeletonCell<T>({ column }: { column: Column<T, unknown> }) {
  const meta = column.columnDef.meta;
  return (
    <Table.Td className={dataColumnClass(meta)}>
      {meta?.skeleton ?? (
        <Skeleton height={meta?.skeletonHeight ?? 10} width={meta?.skeletonWidth ?? '70%'} />
      )}
    </Table.Td>
  );
}

/**
 * A client-rendered table (@tanstack/react-table for the model, Mantine Table for the look) with the
 * shared header style, column sizes and container-width column dropping from the columns' `meta`
 * ({@link DataColumnMeta}), skeleton rows while the first load runs, and optional server sorting.
 */
export function DataTable<T>({
  data,
  columns,
  getRowId,
  loading,
  skeletonRows = 4,
  rowTestId,
  minWidth = 760,
  label,
  meta,
  stale = false,
  verticalSpacing = 'sm',
  sorting,
  rowProps,
}: DataTableProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table v8 is not compiler-aware; nothing here is memoized by the compiler.
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    meta,
    enableSorting: sorting !== undefined,
    manualSorting: true,
    enableSortingRemoval: false,
    state: sorting ? { sorting: sorting.state } : {},
    onSortingChange: sorting?.onChange,
  });

  return (
    <div className={classes.container}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          highlightOnHover
          verticalSpacing={verticalSpacing}
          horizontalSpacing="md"
          className={classes.table}
          aria-label={label}
          data-stale={stale || undefined}
          aria-busy={loading || stale}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th
                      key={header.id}
                      className={dataColumnClass(header.column.columnDef.meta)}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      <HeaderLabel header={header} />
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} data-testid={`${rowTestId}-skeleton`}>
                    {table.getVisibleLeafColumns().map((column) => (
                      <SkeletonCell key={column.id} column={column} />
                    ))}
                  </Table.Tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <Table.Tr key={row.id} data-testid={rowTestId} {...rowProps?.(row.original)}>
                    {row.getVisibleCells().map((cell) => (
                      <Table.Td key={cell.id} className={dataColumnClass(cell.column.columnDef.meta)}>
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

/** The shared table classes, for tables laid out by hand (`table`, `shrink`, `grow`, `actions`, …). */
export { classes as dataTableClasses };
