/**
 * Reading commit metadata in one git call for many revisions (`git log --no-walk`), parsed from a
 * NUL/RS-delimited format so messages with any characters survive.
 */
import { CatFileUnsupportedName, catFileContentsMany, catFileInfo } from './cat-file-pool.js';
import { gitPrintsZuluDates, parseCommitObject } from './git-objects.js';
import { repositoryKey, runGit } from './run-git.js';

const FULL_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Commits by full id through the cat-file pool (one request naming them all), in the given order; null when any is missing, not a
 * commit, or holds something the plain parse can't reproduce (then `git log` answers instead).
 */
async function readCommitObjects(repoPath: string, ids: readonly string[]): Promise<CommitInfo[] | null> {
  const zulu = await gitPrintsZuluDates();
  const objects = await catFileContentsMany(repoPath, ids, 4 * 1024 * 1024).catch(() => null);
  if (!objects) return null;
  const commits: CommitInfo[] = [];
  for (const obj of objects) {
    if (!obj || obj.type !== 'commit' || !('content' in obj) || !obj.content) return null;
    const commit = parseCommitObject(obj.oid, obj.content, zulu);
    if (!commit) return null;
    commits.push(commit);
  }
  return commits;
}

/** A commit as git reports it; dates are ISO 8601 strict (`2026-11-22T10:06:38+00:00`). */
export interface CommitInfo {
  id: string;
  parentIds: string[];
  authorName: string;
  authorEmail: string;
  authoredDate: string;
  committerName: string;
  committerEmail: string;
  committedDate: string;
  /** Full message (subject, blank line, body), without the trailing newline. */
  message: string;
}

const FIELD = '%x1f';
const RECORD = '%x1e';
const FORMAT = ['%H', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join(FIELD) + RECORD;

/** Parse the output of `git log --format=<FORMAT>`. Pure; unit-tested. */
export function parseCommitRecords(out: string): CommitInfo[] {
  return out
    .split('\x1e')
    .map((r) => r.replace(/^\n/, ''))
    .filter((r) => r.length > 0)
    .map((r) => {
      const [id, parents, an, ae, ad, cn, ce, cd, ...msg] = r.split('\x1f');
      return {
        id: id ?? '',
        parentIds: (parents ?? '').split(' ').filter(Boolean),
        authorName: an ?? '',
        authorEmail: ae ?? '',
        authoredDate: ad ?? '',
        committerName: cn ?? '',
        committerEmail: ce ?? '',
        committedDate: cd ?? '',
        message: msg.join('\x1f').replace(/\n+$/, ''),
      };
    });
}

/**
 * Metadata of the given revisions (SHAs, branch or tag names), in the order git lists them
 * (one entry per distinct commit). Unknown revisions make git fail: resolve them first.
 * @throws GitError
 */
export async function readCommits(repoPath: string, revs: readonly string[]): Promise<CommitInfo[]> {
  if (revs.length === 0) return [];
  // Full commit ids (what every caller passes): read and parse the objects through the cat-file pool.
  if (revs.every((r) => FULL_ID.test(r))) {
    const pooled = await readCommitObjects(repoPath, [...new Set(revs)]);
    if (pooled) return pooled;
  }
  const out = await runGit(['log', '--no-walk=unsorted', `--format=${FORMAT}`, ...revs, '--'], {
    gitDir: repoPath,
  });
  return parseCommitRecords(out);
}

/**
 * A page of history from `rev` (newest first), optionally only commits touching `path` or by `author`.
 * Pages from a full commit id without `since`/`until` are cached (128 pages of up to 128 KiB of log
 * output each), keyed by every argument (the author too).
 * @throws GitError for an unknown revision.
 */
export async function readHistory(
  repoPath: string,
  rev: string,
  opts: {
    path?: string;
    skip?: number;
    maxCount?: number;
    since?: string;
    until?: string;
    /** `git log --author`: a (basic) regular expression matched against `Name <email>`. */
    author?: string;
    /** `git log --all`: every ref's history instead of `rev`'s (`rev` is then ignored). */
    all?: boolean;
  } = {},
): Promise<CommitInfo[]> {
  // Literal pathspecs: a path such as `:wq` or `*.md` names that file (GitLab passes literal_pathspec).
  const args = ['--literal-pathspecs', 'log', `--format=${FORMAT}`];
  if (opts.skip) args.push(`--skip=${opts.skip}`);
  if (opts.maxCount !== undefined) args.push(`--max-count=${opts.maxCount}`);
  if (opts.since) args.push(`--since=${opts.since}`);
  if (opts.until) args.push(`--until=${opts.until}`);
  if (opts.author) args.push(`--author=${opts.author}`);
  args.push(opts.all ? '--all' : rev, '--');
  if (opts.path) args.push(opts.path);
  // The history behind a commit id never changes: pages of it are cached (not with since/until,
  // which git may read relative to now).
  const key =
    FULL_ID.test(rev) && !opts.all && !opts.since && !opts.until
      ? `${repositoryKey(repoPath)}\0${args.join('\0')}`
      : null;
  const hit = key === null ? undefined : historyPages.get(key);
  if (hit) {
    historyPages.delete(key!);
    historyPages.set(key!, hit);
    return hit.map((c) => ({ ...c, parentIds: [...c.parentIds] }));
  }
  const out = await runGit(args, { gitDir: repoPath });
  const commits = parseCommitRecords(out);
  if (key !== null && out.length <= HISTORY_PAGE_MAX_BYTES) {
    historyPages.set(
      key,
      commits.map((c) => ({ ...c, parentIds: [...c.parentIds] })),
    );
    if (historyPages.size > HISTORY_PAGES_MAX) historyPages.delete(historyPages.keys().next().value!);
  }
  return commits;
}

/** Least recently used history pages by repository, arguments and commit id (see `readHistory`). */
const historyPages = new Map<string, CommitInfo[]>();
const HISTORY_PAGES_MAX = 128;
/** Pages whose `git log` output is bigger are not cached (bounds the cache to ~16 MiB). */
const HISTORY_PAGE_MAX_BYTES = 128 * 1024;

/**
 * Resolve a branch, tag or SHA to a commit SHA, or null when it names no commit.
 * Refuses option-looking revisions.
 */
export async function resolveCommit(repoPath: string, rev: string): Promise<string | null> {
  if (rev === '' || rev.startsWith('-')) return null;
  // Through the pooled cat-file process (same revision syntax as rev-parse, refs read fresh each time).
  try {
    const info = await catFileInfo(repoPath, `${rev}^{commit}`);
    return info?.type === 'commit' ? info.oid : null;
  } catch (err) {
    if (!(err instanceof CatFileUnsupportedName)) return null;
  }
  try {
    return (
      (
        await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], {
          gitDir: repoPath,
        })
      ).trim() || null
    );
  } catch {
    return null;
  }
}
