/**
 * Wire types of project repository storage moves (doc/api/project_repository_storage_moves.md) and
 * of the storage shards they move between (`GET/PUT /application/settings`,
 * `repository_storages_weighted`), plus Outpost's progress and shard-usage extensions.
 */

/** Every state a move passes through, in GitLab's words (`human_state_name`). */
export type StorageMoveState =
  'initial' | 'scheduled' | 'started' | 'replicated' | 'finished' | 'failed' | 'cleanup failed';

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

/** The project a move belongs to (GitLab's `ProjectIdentity` entity). */
export interface StorageMoveProject {
  id: number;
  description: string | null;
  name: string;
  name_with_namespace: string;
  path: string;
  path_with_namespace: string;
  created_at: string;
}

/** Bytes copied so far out of the repositories' total (0 until counted). */
export interface StorageMoveProgress {
  bytes_copied: number;
  bytes_total: number;
}

/**
 * `GET /project_repository_storage_moves/:id/progress` (Outpost extension): the move with its byte
 * progress and times. GitLab has no such endpoint (404).
 */
export interface StorageMoveProgressDetail extends StorageMoveProgress {
  id: number;
  project_id: number;
  state: StorageMoveState;
  source_storage_name: string;
  destination_storage_name: string;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** `GET /project_repository_storage_moves/:id`: one move of one project's repositories. */
export interface ProjectRepositoryStorageMove {
  id: number;
  created_at: string;
  state: StorageMoveState;
  source_storage_name: string;
  destination_storage_name: string;
  /** Why the move failed; GitLab 16+ exposes it, null otherwise. */
  error_message?: string | null;
  project: StorageMoveProject;
}

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
