/**
 * Blame of one repository file (doc/api/repository_files.md "Get file blame from repository";
 * lib/api/files.rb): the same lookup as a file read (same 404s and metadata headers), then ranges of
 * consecutive lines by commit, each with its commit's metadata. Optional `range` (1-based, inclusive).
 */
import type { ProjectRow } from '../../db/projects.js';
import { blameFile } from '../../git/blame.js';
import { readCommits, resolveCommit } from '../../git/commit-info.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, ParameterError } from '../errors.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { requireValidFilePath } from './file-path.js';
import { readRepositoryFileAt } from './read-file.js';
import type { RepositoryFileView } from './read-file.js';
import type { BlameRangeView } from '../../entities/repository-files.js';
export type { BlameRangeView };

export interface BlameView {
  file: RepositoryFileView;
  ranges: BlameRangeView[];
}

/**
 * Blame `filePath` at `ref`. The caller has checked read access to the code.
 * @throws ParameterError for an invalid path or `range[start] must be less than or equal to range[end]`;
 *   NotFoundError('Commit') / NotFoundError('File') as for a file read.
 */
export async function blameRepositoryFile(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { filePath: string; ref: string; range?: { start: number; end: number } },
): Promise<BlameView> {
  if (input.range && input.range.start > input.range.end)
    throw new ParameterError('range[start] must be less than or equal to range[end]');
  requireValidFilePath(input.filePath);
  const repoPath = projectRepositoryPath(ctx, project);
  const commitId = await resolveCommit(repoPath, input.ref);
  if (!commitId) throw new NotFoundError('Commit');
  // The file read and the blame run side by side; a blame failure only matters when the file exists.
  const blame = blameFile(repoPath, commitId, input.filePath, input.range).then(
    (ranges) => ({ ranges }),
    (error: unknown) => ({ error }),
  );
  const [file, outcome] = await Promise.all([
    readRepositoryFileAt(ctx, project, { filePath: input.filePath, ref: input.ref, commitId }),
    blame,
  ]);
  if ('error' in outcome) throw outcome.error;
  const raw = outcome.ranges;
  const ids = [...new Set(raw.map((r) => r.commitId))];
  const commits = new Map((await readCommits(repoPath, ids)).map((c) => [c.id, c]));
  return {
    file,
    ranges: raw.map((r) => ({ commit: commits.get(r.commitId)!, lines: r.lines })),
  };
}
