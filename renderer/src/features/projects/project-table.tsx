import type { OnChangeFn, SortingState } from '@tanstack/react-table';
import type { Project } from '../../../../shared/api-types/projects.js';
import { DataTable } from '../../components/data-table/index.js';
import type { TableDensity } from '../../stores/ui-prefs-store.js';
import { projectColumns } from './project-columns.js';

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

/**
 * The project list in the shared {@link DataTable}: server sorting on name and last activity, the
 * compact density, and low-priority columns giving way as the table narrows (description first,
 * then the default branch, then the last activity), so nothing scrolls sideways at 1024 px.
 */
export function ProjectTable({
  projects,
  loading,
  skeletonRows,
  sorting,
  onSortingChange,
  density,
  stale,
}: ProjectTableProps) {
  return (
    <DataTable
      data={projects}
      columns={projectColumns}
      getRowId={(project) => String(project.id)}
      loading={loading}
      skeletonRows={skeletonRows}
      rowTestId="project-row"
      minWidth={520}
      stale={stale}
      verticalSpacing={density === 'compact' ? 6 : 'sm'}
      sorting={{ state: sorting, onChange: onSortingChange }}
    />
  );
}
