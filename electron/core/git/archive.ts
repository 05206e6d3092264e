/**
 * Repository archives (doc/api/repositories.md "Get file archive"; Gitaly's GetArchive, which runs
 * `git archive`): the tree of one commit, optionally only one path of it, under a top directory
 * `<prefix>/`, as tar, tar.gz (git's built-in gzip), tar.bz2 (`git archive --format=tar | bzip2 -c`)
 * or zip, streamed from the processes' stdout: nothing is buffered whole.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Readable, Writable } from 'node:stream';
import { gitEnv, runGit } from './run-git.js';

/** The archive kinds `git archive` (plus bzip2) writes. */
export type ArchiveKind = 'tar' | 'tar.gz' | 'tar.bz2' | 'zip';

/**
 * A streaming archive: `stream` is the archive's bytes; `done` settles when every process has ended
 * (rejects with stderr when one failed, after the stream was destroyed with that error).
 */
export interface ArchiveStream {
  stream: Readable;
  done: Promise<void>;
}

/**
 * True when `path` names a file or directory in `commit`'s tree (the empty path is the whole tree).
 * @throws GitError when `commit` is not a commit.
 */
export async function treePathExists(repoPath: string, commit: string, path: string): Promise<boolean> {
  if (path === '') return true;
  const out = await runGit(['--literal-pathspecs', 'ls-tree', '-z', '--full-tree', commit, '--', path], {
    gitDir: repoPath,
  });
  return out.length > 0;
}

function finished(
  child: ChildProcessByStdio<Writable | null, Readable, Readable>,
  what: string,
): Promise<void> {
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    if (stderr.length < 4096) stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.on('error', (err) => reject(err));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (${signal ?? code}): ${stderr.trim()}`));
    });
  });
}

/**
 * Start `git archive` of `commit` (a full SHA the caller resolved) with every entry under `prefix/`,
 * limited to `path` when given (its full path is kept inside the prefix, as GitLab's archives do).
 * The caller checks `commit` and `path` first (`treePathExists`), so a started archive is expected to
 * succeed; a failure midway destroys the stream.
 */
export function streamArchive(
  repoPath: string,
  opts: { commit: string; prefix: string; kind: ArchiveKind; path?: string },
): ArchiveStream {
  const gitFormat = opts.kind === 'tar.bz2' ? 'tar' : opts.kind;
  const args = [
    `--git-dir=${repoPath}`,
    '--literal-pathspecs',
    'archive',
    `--format=${gitFormat}`,
    `--prefix=${opts.prefix}/`,
    opts.commit,
  ];
  if (opts.path) args.push('--', opts.path);
  const git = spawn('git', args, { env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  const out = new PassThrough();
  const waits: Promise<void>[] = [finished(git, 'git archive')];
  if (opts.kind === 'tar.bz2') {
    const bzip = spawn('bzip2', ['-c'], {
      env: gitEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    git.stdout.pipe(bzip.stdin);
    bzip.stdin.on('error', () => undefined);
    bzip.stdout.pipe(out);
    waits.push(finished(bzip, 'bzip2'));
  } else {
    git.stdout.pipe(out);
  }
  const done = Promise.all(waits).then(
    () => undefined,
    (err: Error) => {
      git.kill('SIGKILL');
      out.destroy(err);
      throw err;
    },
  );
  // Nobody may be awaiting `done` when a client goes away; keep the rejection handled.
  done.catch(() => undefined);
  out.on('close', () => {
    if (git.exitCode === null) git.kill('SIGKILL');
  });
  return { stream: out, done };
}
