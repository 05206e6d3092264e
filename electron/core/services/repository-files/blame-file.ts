/**
 * Blame of one repository file (doc/api/repository_files.md "Get file blame from repository";
 * lib/api/files.rb): the same lookup as a file read (same 404s and metadata headers), then ranges of
 * consecutive lines by commit, each with its commit's metadata. Optional `range` (1-based, inclusive).
 */
import type { ProjectRow } from '../../db/projects.js';
import { blameFile } from '../../git/blame.js';
import { readCommits } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import type { ServiceContext } from '../context.js';
import { ParameterError } from '../errors.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { readRepositoryFile } from './read-file.js';
import type { RepositoryFileView } from './read-file.js';

export interface BlameRangeView {
  commit: CommitInfo;
  lines: string[];
}

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
  const file = await readRepositoryFile(ctx, project, input);
  const repoPath = projectRepositoryPath(ctx, project);
  const raw = await blameFile(repoPath, file.commitId, file.path, input.range);
  const ids = [...new Set(raw.map((r) => r.commitId))];
  const commits = new Map((await readCommits(repoPath, ids)).map((c) => [c.id, c]));
  return {
    file,
    ranges: raw.map((r) => ({ commit: commits.get(r.commitId)!, lines: r.lines })),
  };
}
