/**
 * The temporary read-only state of a project's repository while a storage move runs (GitLab's
 * `repository_read_only`; doc/api/project_repository_storage_moves.md). Every service that writes to a
 * repository calls `requireWritableRepository` first, after its permission checks.
 */
import type { ProjectRow } from '../../db/projects.js';
import { isProjectRepositoryReadOnly } from '../../db/storage-moves.js';
import type { ServiceContext } from '../context.js';
import { ValidationError } from '../errors.js';

/** GitLab's words (Gitlab::GitAccess ERROR_MESSAGES[:read_only]). */
export const REPOSITORY_READ_ONLY_MESSAGE =
  'The repository is temporarily read-only. Please try again later.';

/** True while the project's repository is being moved to another shard. Reads the flag fresh from SQLite. */
export function isRepositoryReadOnly(ctx: ServiceContext, project: Pick<ProjectRow, 'id'>): boolean {
  return isProjectRepositoryReadOnly(ctx.db, project.id);
}

/**
 * Refuse a repository write while the project is read-only.
 * @throws ValidationError 400 `{"message":"The repository is temporarily read-only. Please try again later."}`
 */
export function requireWritableRepository(ctx: ServiceContext, project: Pick<ProjectRow, 'id'>): void {
  if (isProjectRepositoryReadOnly(ctx.db, project.id))
    throw new ValidationError(REPOSITORY_READ_ONLY_MESSAGE);
}
