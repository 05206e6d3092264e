/**
 * The history of one path, read while something else runs: `git log --format=<COMMIT_LOG_FORMAT>
 * <commit> -- <path>` streamed and split into commits as git prints them (newest first). A blame uses it
 * beside `git blame` (blame-file.ts): its first commit is the path's last commit (GitLab's
 * `last_commit_id`, what `git log -1` answered before), and the commits it printed while git blamed give
 * the metadata of the blame's commits without reading them from git afterwards. Commits the history
 * doesn't hold (a rename blame follows but `git log -- <path>` doesn't, history simplification, a history
 * stopped at its bound) are the caller's to read another way.
 *
 * Bounded: at most {@link PATH_HISTORY_MAX_COMMITS} commits and {@link PATH_HISTORY_MAX_CHARS} characters are
 * kept; past either bound git is stopped. Killed after {@link PATH_HISTORY_TIMEOUT_MS}.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { COMMIT_LOG_FORMAT, parseCommitRecord, type CommitInfo } from './commit-info.js';
import { GitError, gitErrorMessage, spawnGit } from './run-git.js';

/** At most this many commits of a path's history are kept while a blame runs… */
export const PATH_HISTORY_MAX_COMMITS = 20_000;
/** …holding at most this many characters of git's output (~16 MiB). */
export const PATH_HISTORY_MAX_CHARS = 16 * 1024 * 1024;
/** git is killed after this long (the blame beside it has the same limit through runGit). */
export const PATH_HISTORY_TIMEOUT_MS = 60_000;

/** A path's history being read; see the module comment. */
export interface PathHistory {
  /**
   * The newest commit reachable from the commit that touched the path (GitLab's `last_commit_id`), null
   * when none did. Rejects with GitError when git fails before printing a commit.
   */
  readonly lastCommitId: Promise<string | null>;
  /**
   * The metadata of those of `ids` the history has printed so far; stops git if it is still running.
   * Call once, when the commits are needed; later calls find nothing.
   */
  take(ids: Iterable<string>): Map<string, CommitInfo>;
}

/**
 * Start reading the history of `filePath` from `commit` (a full commit id) in the bare repository
 * `repoPath`. One git process (counted by `gitSpawnCount`). `limits` lowers the bounds (tests).
 * @throws GitInvalidArgumentError (nothing spawned) when the path holds a NUL byte.
 */
export function readPathHistory(
  repoPath: string,
  commit: string,
  filePath: string,
  limits: { maxCommits?: number; maxChars?: number } = {},
): PathHistory {
  const maxCommits = limits.maxCommits ?? PATH_HISTORY_MAX_COMMITS;
  const maxChars = limits.maxChars ?? PATH_HISTORY_MAX_CHARS;
  const child = spawnGit(
    ['--literal-pathspecs', 'log', `--format=${COMMIT_LOG_FORMAT}`, commit, '--', filePath],
    {
      gitDir: repoPath,
    },
  );
  /** Records by commit id, unparsed until taken (most of a long history is never asked for). */
  const records = new Map<string, string>();
  let kept = 0;
  let pending = '';
  let stderr = '';
  let stopped = false;
  let settleFirst: { resolve: (id: string | null) => void; reject: (err: Error) => void } | null = null;
  const lastCommitId = new Promise<string | null>((resolve, reject) => {
    settleFirst = { resolve, reject };
  });
  // Nobody may ask (a failed blame); a failure must not become an unhandled rejection.
  lastCommitId.catch(() => undefined);
  const first = (id: string | null, err?: Error) => {
    if (!settleFirst) return;
    if (err) settleFirst.reject(err);
    else settleFirst.resolve(id);
    settleFirst = null;
  };
  const stop = (proc: ChildProcessWithoutNullStreams) => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    proc.stdout.destroy();
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  };
  const timer = setTimeout(() => {
    first(null, new GitError('git log timed out', child.spawnargs.slice(1), null, ''));
    stop(child);
  }, PATH_HISTORY_TIMEOUT_MS);
  timer.unref();

  child.stdin.end();
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 64 * 1024) stderr += text;
  });
  child.stdout.on('data', (text: string) => {
    pending += text;
    let end = pending.indexOf('\x1e');
    let start = 0;
    while (end >= 0) {
      // git ends each record with RS, then a newline before the next one.
      const record = pending.slice(pending[start] === '\n' ? start + 1 : start, end);
      const idEnd = record.indexOf('\x1f');
      if (idEnd > 0) {
        const id = record.slice(0, idEnd);
        first(id);
        if (records.size >= maxCommits || kept + record.length > maxChars) {
          stop(child);
          return;
        }
        records.set(id, record);
        kept += record.length;
      }
      start = end + 1;
      end = pending.indexOf('\x1e', start);
    }
    pending = pending.slice(start);
  });
  child.on('error', (err) => {
    first(null, err);
    stop(child);
  });
  child.on('close', (code) => {
    clearTimeout(timer);
    const args = child.spawnargs.slice(1);
    if (stopped) first(null, new GitError('git log was stopped before it printed a commit', args, code, ''));
    else if (code !== 0)
      first(null, new GitError(gitErrorMessage(stderr, 'git log failed'), args, code, stderr));
    else first(null);
  });

  return {
    lastCommitId,
    take(ids) {
      stop(child);
      const found = new Map<string, CommitInfo>();
      for (const id of ids) {
        const record = records.get(id);
        if (record !== undefined) found.set(id, parseCommitRecord(record));
      }
      records.clear();
      return found;
    },
  };
}
