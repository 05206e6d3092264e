/**
 * The data dir's own area for git's work files (issue 25): `<dataDir>/tmp/git/`, mode 0700, never the
 * shared OS temp dir. A commit through the API builds its tree in a temporary index (`GIT_INDEX_FILE`,
 * git/file-commits.ts) and a rebase checks the source out in a temporary worktree (git/merges.ts); each
 * gets a fresh directory made here with `mkdtemp` (created exclusively, 0700, a name nobody could have
 * prepared), so git never follows or reuses a path another local user or a job planted, as it could
 * with the old predictable `/tmp/outpost-index-<uuid>` in a world-writable `/tmp`. Git writes the index
 * through `index.lock` (`O_CREAT|O_EXCL`) and a rename inside that directory, under umask 077
 * (`PRIVATE_GIT_UMASK`, run-git.ts `umask`), so the files are 0600.
 *
 * A crash can leave such directories behind: `sweepGitTempAreaSync` removes everything in the area when
 * a core starts (app.ts), before any request can make a new one, and `sweepLegacyGitTempSync` removes
 * what older versions left in the OS temp dir (`outpost-index-<uuid>` files, `outpost-rebase-<uuid>`
 * worktrees) once they are clearly abandoned.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Mode of the area and its directories; the umask git runs with inside them (files 0600, dirs 0700). */
export const PRIVATE_GIT_UMASK = 0o077;

const posix = process.platform !== 'win32';

/** `<dataDir>/tmp/git`: the area's path (nothing is created). Pure. */
export function gitTempRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'git');
}

/**
 * Make `dir` a real directory of mode 0700: created when missing; an entry there that is not a
 * directory (a symlink, a file) is removed first, so nothing is ever followed out of the data dir.
 * @throws fs errors (EACCES, ENOTDIR of a parent…).
 */
function ensureRealPrivateDirSync(dir: string): void {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory()) rmSync(dir, { force: true, recursive: false });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (posix) chmodSync(dir, 0o700);
}

/**
 * Sweep the area at core start: every entry of `<dataDir>/tmp/git` (stale index files and worktrees of
 * a core that crashed mid-commit or mid-rebase) is removed, and the area is (re)made a real 0700
 * directory, as is `<dataDir>/tmp`. Synchronous: runs once before the core serves requests.
 * @returns how many stale entries were removed.
 * @throws fs errors other than a missing entry.
 */
export function sweepGitTempAreaSync(dataDir: string): number {
  ensureRealPrivateDirSync(path.join(dataDir, 'tmp'));
  const root = gitTempRoot(dataDir);
  ensureRealPrivateDirSync(root);
  let removed = 0;
  for (const name of readdirSync(root)) {
    // rmSync never follows a symlink: a link is removed itself, not its target.
    rmSync(path.join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * A fresh private directory for one git operation's work files: `mkdtemp` under `base` (the area of
 * `gitTempRoot(dataDir)`; the OS temp dir when a context has no data dir, e.g. a unit test), 0700,
 * named `<prefix><random>`. `base` itself is made a real 0700 directory first. The caller removes the
 * directory when done (`rm -r`, in a `finally`).
 * @returns the directory's absolute path.
 * @throws fs errors.
 */
export async function makeGitTempDir(base: string | undefined, prefix: string): Promise<string> {
  const parent = base ?? os.tmpdir();
  if (base !== undefined) ensureRealPrivateDirSync(base);
  // mkdtemp: mkdir(2) of a new random name, mode 0700; fails rather than reusing an existing path.
  return mkdtemp(path.join(parent, prefix));
}

/** Names older versions gave their work files in the OS temp dir: `outpost-index-<uuid>` (+ `.lock`). */
const LEGACY_NAME =
  /^outpost-(?:index|rebase)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.lock)?$/;

/** How old a legacy entry must be before it counts as abandoned (a live one lasts seconds). */
export const LEGACY_MIN_AGE_MS = 60 * 60_000;

/**
 * Remove the temporary index files and rebase worktrees older versions of the core left in the shared
 * OS temp dir (`tmpDir`, default `os.tmpdir()`) after a crash: entries named as those versions named
 * them, owned by this process's user, last modified more than `LEGACY_MIN_AGE_MS` ago (so a core of an
 * older version still running is not disturbed). Entries are examined with `lstat` and removed without
 * following symlinks. Never throws: an entry that can't be examined or removed is left.
 * @returns how many entries were removed.
 */
export function sweepLegacyGitTempSync(tmpDir: string = os.tmpdir(), nowMs: number = Date.now()): number {
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  let names: string[];
  try {
    names = readdirSync(tmpDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!LEGACY_NAME.test(name)) continue;
    const entry = path.join(tmpDir, name);
    try {
      const st = lstatSync(entry);
      if (uid !== null && st.uid !== uid) continue;
      if (nowMs - st.mtimeMs < LEGACY_MIN_AGE_MS) continue;
      if (!st.isFile() && !st.isDirectory()) continue;
      rmSync(entry, { recursive: st.isDirectory(), force: true });
      removed++;
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
  return removed;
}
