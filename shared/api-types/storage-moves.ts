/**
 * Wire shapes of project repository storage moves (doc/api/project_repository_storage_moves.md; GitLab's
 * API::Entities::Projects::RepositoryStorageMove, schema public_api/v4/project_repository_storage_move.json,
 * strict) and Outpost's progress extension (`GET /project_repository_storage_moves/:id/progress`).
 */

/** Every state a move passes through, in GitLab's words (`human_state_name`). */
import type { ProjectIdentity } from './admin.js';

export type StorageMoveState =
  'initial' | 'scheduled' | 'started' | 'replicated' | 'finished' | 'failed' | 'cleanup failed';

/** The project a move belongs to (GitLab's `ProjectIdentity` entity). */
export type StorageMoveProject = ProjectIdentity;

/**
 * `GET /project_repository_storage_moves/:id`, list items, and the schedule answers: one move of one
 * project's repositories. `error_message` is why it failed (GitLab 16+ exposes it); `project` is null
 * only when the project is gone.
 */
export interface ProjectRepositoryStorageMove {
  id: number;
  created_at: string;
  state: StorageMoveState;
  source_storage_name: string;
  destination_storage_name: string;
  error_message: string | null;
  project: StorageMoveProject | null;
}

/**
 * `GET /project_repository_storage_moves/:id/progress` (Outpost extension; GitLab answers 404): the move
 * with its byte progress (0 until counted) and times.
 */
export interface StorageMoveProgressDetail {
  id: number;
  project_id: number;
  state: StorageMoveState;
  source_storage_name: string;
  destination_storage_name: string;
  /** Bytes of the repositories to copy. */
  bytes_total: number;
  /** Bytes copied so far. */
  bytes_copied: number;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}
