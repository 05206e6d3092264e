/**
 * Reading one repository file (doc/api/repository_files.md "Get file from repository", "Get raw file";
 * lib/api/files.rb `assign_file_vars!`/`blob_data`): resolve `ref` to a commit (404 `Commit Not Found`),
 * find the file there (404 `File Not Found`), and report its metadata with the bytes.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ProjectRow } from '../../db/projects.js';
import { readFileAtCommit } from '../../git/blobs.js';
import { resolveCommit } from '../../git/commit-info.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { requireValidFilePath } from './file-path.js';
import type { RepositoryFileView } from '../../entities/repository-files.js';
export type { RepositoryFileView };

/**
 * Read `filePath` at `ref` in the project's repository. The caller has checked read access to the code.
 * @throws ParameterError for an invalid path; NotFoundError('Commit') for an unknown ref;
 *   NotFoundError('File') when the path is missing at that commit or is not a file.
 */
export async function readRepositoryFile(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { filePath: string; ref: string },
): Promise<RepositoryFileView> {
  requireValidFilePath(input.filePath);
  const commitId = await resolveCommit(projectRepositoryPath(ctx, project), input.ref);
  if (!commitId) throw new NotFoundError('Commit');
  return readRepositoryFileAt(ctx, project, { ...input, commitId });
}

/**
 * Read `filePath` at an already resolved commit (`ref` is what the caller named it). The path must have
 * been validated.
 * @throws NotFoundError('File')
 */
export async function readRepositoryFileAt(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { filePath: string; ref: string; commitId: string },
): Promise<RepositoryFileView> {
  const file = await readFileAtCommit(projectRepositoryPath(ctx, project), input.commitId, input.filePath);
  if (!file) throw new NotFoundError('File');
  return {
    name: path.posix.basename(input.filePath),
    path: input.filePath,
    size: file.content.length,
    content: file.content,
    sha256: createHash('sha256').update(file.content).digest('hex'),
    ref: input.ref,
    blobId: file.entry.id,
    commitId: input.commitId,
    lastCommitId: file.lastCommitId,
    executable: file.entry.mode === '100755',
  };
}
