/**
 * Blame of one repository file (doc/api/repository_files.md "Get file blame from repository";
 * lib/api/files.rb): the same lookup as a file read (same 404s and metadata headers), then ranges of
 * consecutive lines by commit, each with its commit's metadata. Optional `range` (1-based, inclusive).
 */
import type { ProjectRow } from '../../db/projects.js';
import { blameFile } from '../../git/blame.js';
import { readCommits, resolveCommit, type CommitInfo } from '../../git/commit-info.js';
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
  const commits = await blameCommits(repoPath, [...new Set(raw.map((r) => r.commitId))]);
  return {
    file,
    ranges: raw.map((r) => ({ commit: commits.get(r.commitId)!, lines: r.lines })),
  };
}

/**
 * Commit metadata of recent blames by full commit id, least recently used first. A commit id names its
 * content (author, dates, message, parents) for good, so an entry never goes stale and serves every
 * repository holding that commit; blames of one file at neighbouring commits share nearly all their
 * commits (History.md at main~1 and main~2: 2,865 of 2,866), so a blame at a new commit reads only the
 * commits it hasn't seen from git. Bounded by {@link BLAME_COMMITS_MAX} entries.
 */
const knownCommits = new Map<string, CommitInfo>();
/** At most this many commits are remembered (a few MiB: ~400 bytes of metadata each). */
export const BLAME_COMMITS_MAX = 10_000;
let commitsRead = 0;

/** Forgets every remembered commit (the bench's fully cold blame; tests). */
export function forgetBlameCommits(): void {
  knownCommits.clear();
}

/** How many commits blames have read from git since the process started (tests). */
export function blameCommitsRead(): number {
  return commitsRead;
}

/**
 * The metadata of `ids` (full commit ids from a blame of `repoPath`): remembered ones as they are, the
 * others read in one git call (`readCommits`) and remembered. @throws GitError as `readCommits`.
 */
async function blameCommits(repoPath: string, ids: readonly string[]): Promise<Map<string, CommitInfo>> {
  const commits = new Map<string, CommitInfo>();
  const missing: string[] = [];
  for (const id of ids) {
    const known = knownCommits.get(id);
    if (known) {
      knownCommits.delete(id);
      knownCommits.set(id, known);
      commits.set(id, known);
    } else missing.push(id);
  }
  if (missing.length === 0) return commits;
  commitsRead += missing.length;
  for (const commit of await readCommits(repoPath, missing)) {
    commits.set(commit.id, commit);
    knownCommits.set(commit.id, commit);
  }
  for (const id of knownCommits.keys()) {
    if (knownCommits.size <= BLAME_COMMITS_MAX) break;
    knownCommits.delete(id);
  }
  return commits;
}
