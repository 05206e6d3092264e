/**
 * Blame of one repository file (doc/api/repository_files.md "Get file blame from repository";
 * lib/api/files.rb): the same lookup as a file read (same 404s and metadata headers), then ranges of
 * consecutive lines by commit, each with its commit's metadata. Optional `range` (1-based, inclusive).
 */
import type { ProjectRow } from '../../db/projects.js';
import { blameFile } from '../../git/blame.js';
import { readCommits, resolveCommit, type CommitInfo } from '../../git/commit-info.js';
import { GitError } from '../../git/run-git.js';
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
  // The commits' metadata is read while git blames: each batch of commits git has blamed so far.
  const commits = new BlameCommitReader(repoPath);
  const blame = blameFile(repoPath, commitId, input.filePath, {
    range: input.range,
    onCommits: (ids) => commits.want(ids),
  }).then(
    (ranges) => ({ ranges }),
    (error: unknown) => ({ error }),
  );
  const [file, outcome] = await Promise.all([
    readRepositoryFileAt(ctx, project, { filePath: input.filePath, ref: input.ref, commitId }),
    blame,
  ]);
  if ('error' in outcome) throw outcome.error;
  const raw = outcome.ranges;
  // A blame answered from the cache named no commits while it ran: all of them are wanted now.
  for (const r of raw) commits.want([r.commitId]);
  const found = await commits.all();
  return {
    file,
    ranges: raw.map((r) => ({ commit: found.get(r.commitId)!, lines: r.lines })),
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
 * Commits a blame's reader asks git for in one request while the blame runs: fewer requests cost fewer
 * pipe round trips and wake-ups beside the working `git blame` (on two busy cores, a request per
 * commit as git named them slowed the blame itself visibly); more leave more to read after git finishes.
 */
const BLAME_COMMITS_BATCH = 256;

/**
 * Reads the metadata of a blame's commits as git names them: remembered ones are taken as they are; the
 * others are read through `readCommits` (the cat-file pool), one request at a time, each naming at least
 * {@link BLAME_COMMITS_BATCH} commits wanted since the previous one was sent, and the rest in one last
 * request once the blame is done (`all`); every commit read is remembered.
 */
class BlameCommitReader {
  private readonly found = new Map<string, CommitInfo>();
  private readonly wanted = new Set<string>();
  private waiting: string[] = [];
  private reading: Promise<void> | null = null;
  private error: unknown = null;

  constructor(private readonly repoPath: string) {}

  /** Ask for `ids` (full commit ids; repeats are ignored). */
  want(ids: readonly string[]): void {
    for (const id of ids) {
      if (this.wanted.has(id)) continue;
      this.wanted.add(id);
      const known = knownCommits.get(id);
      if (known) {
        knownCommits.delete(id);
        knownCommits.set(id, known);
        this.found.set(id, known);
      } else this.waiting.push(id);
    }
    if (this.reading === null && this.waiting.length >= BLAME_COMMITS_BATCH)
      this.reading = this.readWaiting(BLAME_COMMITS_BATCH);
  }

  /**
   * Reads waiting commits, batch after batch, while at least `atLeast` wait; a failure is kept for `all`.
   */
  private async readWaiting(atLeast: number): Promise<void> {
    while (this.waiting.length >= atLeast && this.waiting.length > 0 && this.error === null) {
      const batch = this.waiting;
      this.waiting = [];
      commitsRead += batch.length;
      try {
        for (const commit of await readCommits(this.repoPath, batch)) {
          this.found.set(commit.id, commit);
          knownCommits.set(commit.id, commit);
        }
      } catch (err) {
        this.error = err;
      }
    }
    this.reading = null;
  }

  /**
   * Every wanted commit by id, once all are read; the remembered set is then trimmed to
   * {@link BLAME_COMMITS_MAX}. @throws GitError as `readCommits`; GitError when git has no such commit.
   */
  async all(): Promise<Map<string, CommitInfo>> {
    while (this.reading !== null) await this.reading;
    if (this.waiting.length > 0) await this.readWaiting(1);
    if (this.error !== null) throw this.error;
    for (const id of knownCommits.keys()) {
      if (knownCommits.size <= BLAME_COMMITS_MAX) break;
      knownCommits.delete(id);
    }
    for (const id of this.wanted)
      if (!this.found.has(id)) throw new GitError(`commit ${id} not found`, ['cat-file'], null, '');
    return this.found;
  }
}
