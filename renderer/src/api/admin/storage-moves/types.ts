/**
 * Wire types of project repository storage moves (doc/api/project_repository_storage_moves.md) and
 * of the storage shards they move between (`GET/PUT /application/settings`,
 * `repository_storages_weighted`), plus Outpost's progress and shard-usage extensions. The move shapes
 * are the core's wire contract (shared/api-types/storage-moves.ts).
 */
import type {
  ProjectRepositoryStorageMove as ProjectRepositoryStorageMoveWire,
  StorageMoveProgressDetail,
  StorageMoveProject,
  StorageMoveState,
} from '../../../../../shared/api-types/storage-moves.js';

export type { StorageMoveProgressDetail, StorageMoveProject, StorageMoveState };

/** The states in the order the filter lists them. */
export const STORAGE_MOVE_STATES: readonly StorageMoveState[] = [
  'initial',
  'scheduled',
  'started',
  'replicated',
  'finished',
  'failed',
  'cleanup failed',
];

/** Bytes copied so far out of the repositories' total (0 until counted). */
export type StorageMoveProgress = Pick<StorageMoveProgressDetail, 'bytes_copied' | 'bytes_total'>;

/**
 * `GET /project_repository_storage_moves/:id`: one move of one project's repositories. `error_message` is
 * optional here: GitLab before 16.0 leaves it out. `project` is read as always present: GitLab's schema
 * requires it, and the core deletes a project's moves with the project (ON DELETE CASCADE), so its null
 * only covers a project deleted between the two reads of one request.
 */
export type ProjectRepositoryStorageMove = Omit<
  ProjectRepositoryStorageMoveWire,
  'error_message' | 'project'
> &
  Partial<Pick<ProjectRepositoryStorageMoveWire, 'error_message'>> & { project: StorageMoveProject };

/** Body of `POST /projects/:project_id/repository_storage_moves`. */
export interface ScheduleProjectMoveInput {
  projectId: number;
  /** Omitted: the instance picks a shard by weight among the others. */
  destinationStorageName?: string;
}

/** Body of `POST /project_repository_storage_moves`. */
export interface ScheduleShardMoveInput {
  sourceStorageName: string;
  /** Omitted: each project goes to a shard picked by weight among the others. */
  destinationStorageName?: string;
}

/** The part of `GET /application/settings` the screen reads. */
export interface StorageApplicationSettings {
  /** Shard name → weight (0–100). Every configured shard is listed. */
  repository_storages_weighted: Record<string, number>;
  [key: string]: unknown;
}

/** One shard and what it holds (Outpost extension `GET /admin/repository_storages`). */
export interface StorageShardUsage {
  name: string;
  /** Directory of the shard on the instance's disk. */
  path?: string | null;
  weight?: number | null;
  /** Projects whose repository is on the shard. */
  repositories_count: number;
  /** Bytes of those repositories on disk (with their wiki and design repositories). */
  repositories_bytes: number;
  /** Moves from or to the shard that are not over yet. */
  active_moves_count?: number;
}
