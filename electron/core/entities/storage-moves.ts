/**
 * Project repository storage move as GitLab's API::Entities::Projects::RepositoryStorageMove renders it
 * (spec/fixtures/api/schemas/public_api/v4/project_repository_storage_move.json, strict), and the Outpost
 * progress extension kept out of it.
 */
import type {
  ProjectRepositoryStorageMove,
  StorageMoveProgressDetail,
} from '../../../shared/api-types/storage-moves.js';
import type { ProjectRow } from '../db/projects.js';
import type { StorageMoveRow } from '../db/storage-moves.js';

export interface StorageMoveProjectView {
  project: ProjectRow;
  /** `Group / Subgroup` (or the owner's name) as in `name_with_namespace`. */
  namespaceFullName: string;
  namespaceFullPath: string;
}

export function presentStorageMove(
  m: StorageMoveRow,
  p: StorageMoveProjectView | undefined,
): ProjectRepositoryStorageMove {
  return {
    id: m.id,
    created_at: m.created_at,
    state: m.state,
    source_storage_name: m.source_storage_name,
    destination_storage_name: m.destination_storage_name,
    error_message: m.error_message,
    project: p
      ? {
          id: p.project.id,
          description: p.project.description,
          name: p.project.name,
          name_with_namespace: `${p.namespaceFullName} / ${p.project.name}`,
          path: p.project.path,
          path_with_namespace: `${p.namespaceFullPath}/${p.project.path}`,
          created_at: p.project.created_at,
        }
      : null,
  };
}

/** `GET /project_repository_storage_moves/:id/progress` (Outpost extension). */
export function presentStorageMoveProgress(m: StorageMoveRow): StorageMoveProgressDetail {
  return {
    id: m.id,
    project_id: m.project_id,
    state: m.state,
    source_storage_name: m.source_storage_name,
    destination_storage_name: m.destination_storage_name,
    bytes_total: m.bytes_total,
    bytes_copied: m.bytes_copied,
    error_message: m.error_message,
    created_at: m.created_at,
    updated_at: m.updated_at,
    started_at: m.started_at,
    finished_at: m.finished_at,
  };
}
