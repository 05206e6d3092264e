/**
 * # data-table: the shared TABLE block (owner: RA, issue 19)
 *
 * One table look and behaviour for every list screen, instead of a table component and a CSS module
 * per feature.
 *
 * ## A table from columns
 * ```tsx
 * const column = createColumnHelper<Cluster>();
 * // Module level, once: TanStack Table renders each cell function as a component.
 * export const clusterColumns: ColumnDef<Cluster, unknown>[] = [
 *   column.display({ id: 'name', header: 'Cluster', meta: { size: 'grow' }, cell: ... }),
 *   // Gives way when the table's container is at most 1040 px wide (CSS container query).
 *   column.display({ id: 'api_url', header: 'API URL', meta: { hideBelow: 1040 }, cell: ... }),
 *   column.display({ id: 'scope', header: 'Scope', meta: { size: 'shrink', skeletonWidth: 48 }, cell: ... }),
 *   // The row-actions column: a hidden "Actions" header, icon buttons with tooltips per row.
 *   rowActionsColumn<Cluster>((cluster, table) => {
 *     const actions = tableMeta<ClusterRowActions>(table); // what the page passed as `meta`
 *     return [
 *       editAction(cluster.name, () => actions.onEdit(cluster)),
 *       deleteAction(cluster.name, () => actions.onDelete(cluster)),
 *       { tooltip: 'Settings', label: `Settings of ${cluster.name}`, icon: <IconSettings size={16} />, to: '/…' },
 *     ];
 *   }),
 * ];
 *
 * <DataTable label="Clusters" data={clusters} columns={clusterColumns} meta={rowActions}
 *   getRowId={(c) => String(c.id)} loading={query.isPending} rowTestId="cluster-row" minWidth={760} />
 * ```
 * Column `meta` is typed as {@link DataColumnMeta} app-wide (module augmentation in data-table.tsx):
 * `size` ('shrink' | 'grow' | 'actions'), `hideBelow` (620 | 720 | 760 | 880 | 900 | 1000 | 1040 |
 * 1100 | 1240), `className`, `skeletonWidth` / `skeletonHeight` / `skeleton` (a whole custom cell).
 * DataTable also takes `stale` (dims rows while a new page loads), `verticalSpacing`, `sorting`
 * (`{ state, onChange }`: server sorting on columns with `enableSorting: true`, with the arrow
 * buttons and `aria-sort`) and `rowProps(row)` (click handler, `data-selected`, class of a row).
 *
 * ## Tables laid out by hand
 * `<table className={dataTableClasses.table}>` with `dataTableClasses.shrink` / `.grow` / `.actions`
 * and `hideBelowClass(1000)` on cells gives the same look; `<RowActions actions={[...]} />` in the
 * last cell gives the same buttons.
 *
 * ## Around the table
 * `<TableToolbar hint="…">{tools}</TableToolbar>` is the strip above a table in its card;
 * `<RefreshButton label="Refresh clusters" onRefresh={…} refreshing={…} />` the square refresh button;
 * `<TableFooter>{count}{pager}</TableFooter>` the strip below a table (rule above);
 * `<TableEmptyState icon title description actions />` the card shown when a list is empty.
 */
export {
  DataTable,
  dataColumnClass,
  dataTableClasses,
  hideBelowClass,
  tableMeta,
  type DataColumnMeta,
  type DataColumnSize,
  type DataTableProps,
  type DataTableSorting,
  type HideBelow,
} from './data-table.js';
export {
  RowActions,
  deleteAction,
  editAction,
  rowActionsColumn,
  type RowAction,
  type RowActionsColumnOptions,
  type RowActionsProps,
} from './row-actions.js';
export {
  RefreshButton,
  TableFooter,
  TableToolbar,
  type RefreshButtonProps,
  type TableToolbarProps,
} from './table-toolbar.js';
export { TableEmptyState, type TableEmptyStateProps } from './table-empty-state.js';
