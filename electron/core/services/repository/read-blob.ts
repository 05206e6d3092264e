/**
 * `GET /projects/:id/repository/blobs/:sha` and `…/blobs/:sha/raw` (doc/api/repositories.md "Get a blob
 * from repository", "Raw blob content"; lib/api/repositories.rb `assign_blob_vars!`): the caller needs
 * GitLab's `download_code`; a name that is not a blob of the repository is `404 Blob Not Found`.
 */
import type { ProjectRow } from '../../db/projects.js';
import { findBlob } from '../../git/blob-lookup.js';
import { readBlob } from '../../git/blobs.js';
import { repositoryExists } from '../../git/repository.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { projectRepository, requireCodeRead } from '../refs/project-repository.js';

/** A blob's id, size in bytes and content. */
export interface BlobView {
  sha: string;
  size: number;
  content: Buffer;
}

/**
 * Read the blob `sha` names (full or abbreviated id, or a `rev:path` expression) in the project.
 * @throws ForbiddenError (no `download_code`); NotFoundError `404 Blob Not Found`.
 */
export async function readProjectBlob(
  ctx: ServiceContext,
  project: ProjectRow,
  sha: string,
): Promise<BlobView> {
  requireCodeRead(ctx, project);
  const repo = projectRepository(ctx, project);
  const info = (await repositoryExists(repo.path)) ? await findBlob(repo.path, sha) : null;
  if (!info) throw new NotFoundError('Blob');
  const content = await readBlob(repo.path, info.id);
  return { sha: info.id, size: info.size, content };
}
