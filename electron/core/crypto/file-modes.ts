/**
 * Owner-only file modes for the core's data dir, set explicitly so they don't depend on the process
 * umask: the data dir `0700`, and the files that hold secrets or private data `0600` (the SQLite
 * database and its `-wal`/`-shm` files, `core_secret.key`, `initial_root_token`, job traces). The
 * desktop app's `<appData>` gets the same treatment from the host (electron/host/atomic-write.ts,
 * vault/key-file-cipher.ts). POSIX only: on Windows `chmod` only toggles the read-only flag and the
 * per-user profile directory's ACL is what keeps other users out, so these calls are skipped there.
 */
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Mode of the data dir and of the directories the core creates for itself. */
export const PRIVATE_DIR_MODE = 0o700;
/** Mode of every file holding secrets or private data. */
export const PRIVATE_FILE_MODE = 0o600;

const posix = process.platform !== 'win32';

/**
 * Create `dir` (and missing parents) and make `dir` itself `0700`, also when it already existed.
 * Parents that had to be created get `0700` too (mkdir's mode, filtered by the umask, which can only
 * remove bits).
 * @returns true when an existing `dir` was open to group or others and has just been tightened (a data
 *   dir of an older version: the files inside may need tightening too); false otherwise.
 * @throws fs errors (EACCES, ENOTDIR…).
 */
export function ensurePrivateDirSync(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!posix) return false;
  const wasOpen = (lstatSync(dir).mode & 0o077) !== 0;
  if (wasOpen) chmodSync(dir, PRIVATE_DIR_MODE);
  return wasOpen;
}

/** `chmod 0600` when `file` exists and is a regular file (not through a symlink); false when absent. */
export function restrictFileSync(file: string): boolean {
  let st;
  try {
    st = lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  if (!st.isFile()) return false;
  if (posix && (st.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(file, PRIVATE_FILE_MODE);
  return true;
}

/**
 * Make sure `file` exists, created empty with mode `0600` when missing, and is `0600` when it already
 * existed. Used for the SQLite database before SQLite opens it: SQLite's unix VFS creates the `-wal`,
 * `-shm` and `-journal` files with the database file's permission bits (and fchmods them to exactly
 * that), so an owner-only database gives owner-only companions whatever the umask.
 */
export function ensurePrivateFileSync(file: string): void {
  const fd = openSync(file, 'a', PRIVATE_FILE_MODE);
  closeSync(fd);
  restrictFileSync(file);
}

/**
 * `chmod 0600` every regular file directly inside `dir` that is readable or writable by others (job
 * traces written by older versions). Missing dir: nothing to do. Returns how many files changed.
 */
export function restrictFilesInSync(dir: string): number {
  if (!posix) return 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let changed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const st = lstatSync(file, { throwIfNoEntry: false });
    if (!st?.isFile() || (st.mode & 0o077) === 0) continue;
    chmodSync(file, PRIVATE_FILE_MODE);
    changed++;
  }
  return changed;
}
