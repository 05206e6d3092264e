/**
 * Files of a job, opened by the core (outside the sandbox) without ever following a path the job
 * controls out of its build directory (issue 25, architecture.md "Rules of the house").
 *
 * Why the core needs this and GitLab Runner does not: GitLab Runner's artifact uploader
 * (commands/helpers/file_archiver.go, `findRelativePathInProject`/`process`: "artifact path is not a
 * subpath of project directory", "not supported: outside build directory", entries added with
 * `os.Lstat`) runs as the `gitlab-runner-helper` *inside* the job's container, so whatever a symlink
 * points to is still the job's own filesystem. Outpost's core reads the job's reports from the host,
 * after the job, so every path the job could have changed is opened like `openat(2)` with
 * `O_NOFOLLOW`:
 *
 * Reading (`openContainedDir`, `ContainedDir`):
 * - the root (the project directory) is reached from a trusted base (the system temp directory, which
 *   the job cannot change) one component at a time, each with `O_NOFOLLOW | O_DIRECTORY`: a symlinked
 *   `$CI_PROJECT_DIR` (or a symlinked `builds/<namespace>`) is refused;
 * - below the root, each component is opened relative to its parent's file descriptor (on Linux through
 *   `/proc/self/fd/<parent>/<name>`, which is `openat(parent, name)`: Node has no `openat`), `lstat`ed
 *   first, opened with `O_NOFOLLOW` (and `O_DIRECTORY` for directories, `O_NONBLOCK` so a FIFO can never
 *   block), then `fstat`ed on the open descriptor: it must be the same inode the `lstat` saw and a
 *   directory or a regular file (FIFOs, sockets and devices are refused);
 * - on Linux, each open descriptor's `/proc/self/fd/<n>` link must be exactly `<parent's real path>/<name>`,
 *   i.e. inside the root's real path; elsewhere `realpath` of the path is compared instead;
 * - `..`, `.`, empty and absolute components are refused before anything is opened;
 * - a file is read in chunks and stops at its byte cap (`fstat`'s size is checked first, but the cap
 *   holds while reading too): a huge file is never loaded.
 *
 * Residual race, and why it is closed: with `/proc/self/fd/<parent>/<name>` the lookup of each component
 * is relative to a descriptor the core already verified, so swapping an ancestor after it was opened
 * changes nothing; only the final component could be swapped between `lstat` and `open`, and `O_NOFOLLOW`
 * plus the inode comparison catch that. Off Linux (no `/proc/self/fd`) components are opened by full
 * path, and an ancestor swapped between two opens could redirect a lookup; the `realpath` check after
 * each open narrows but cannot close that window. It does not matter in practice because the core reads
 * only after the job's processes are all gone: the runner kills the job's process group when its shell
 * exits, and a sandboxed job's PID namespace ends with it (job-process.ts, `--die-with-parent`), so no
 * job process is left to race. The sandbox itself exists only on Linux.
 *
 * Writing (`createPrivateDir`, `writeNewFile`): the runner's own directory of a job attempt is created
 * with exclusive `mkdir` (0700; an existing entry, symlink or not, fails the job), and each file in it
 * with `O_CREAT | O_EXCL | O_NOFOLLOW`, before the job's first process starts.
 */
import { constants, existsSync } from 'node:fs';
import { lstat, mkdir, open, opendir, readlink, realpath } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** `/proc/self/fd` where it exists (Linux): the `openat` stand-in and the descriptor's real path. */
const PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd') ? '/proc/self/fd' : null;

/** Chunk size of capped reads (bytes). */
const READ_CHUNK = 256 * 1024;

/** Why a path was not opened. */
export type RefusalReason =
  | 'invalid-path'
  | 'symlink'
  | 'not-a-directory'
  | 'not-a-regular-file'
  | 'outside-root'
  | 'changed'
  | 'missing'
  | 'too-large'
  | 'unreadable';

const REASON_TEXT: Record<RefusalReason, string> = {
  'invalid-path': 'the path is not a plain relative path inside the directory',
  symlink: 'it is a symbolic link, which is not followed',
  'not-a-directory': 'it is not a directory',
  'not-a-regular-file': 'it is not a regular file (a FIFO, socket or device?)',
  'outside-root': 'it resolves outside the build directory',
  changed: 'it changed while it was being opened',
  missing: 'it does not exist',
  'too-large': 'it is too large',
  unreadable: 'it could not be read',
};

/** A refused path: `reason` is machine-readable, `message` says it in words (for the job's trace). */
export class ContainmentError extends Error {
  constructor(
    readonly reason: RefusalReason,
    /** The path as the caller named it (relative to the root, or the root itself). */
    readonly where: string,
    detail?: string,
  ) {
    super(`${where}: ${detail ?? REASON_TEXT[reason]}`);
    this.name = 'ContainmentError';
  }
}

/** The outcome of a capped read: the bytes, or why there are none. */
export type ContainedRead =
  { ok: true; data: Buffer } | { ok: false; reason: RefusalReason; message: string };

/** One directory entry as `getdents` typed it (nothing is followed). */
export interface ContainedEntry {
  name: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
}

/**
 * Split a relative path into components for `ContainedDir.readFile`; refuses absolute paths, `..`, `.`
 * and empty components (no normalisation: `a/../b` is refused, not rewritten).
 * @throws ContainmentError('invalid-path').
 */
export function splitRelativePath(rel: string): string[] {
  if (rel === '' || rel.startsWith('/') || rel.includes('\0') || /^[A-Za-z]:/.test(rel))
    throw new ContainmentError('invalid-path', rel);
  const parts = rel.split(/[/\\]/);
  for (const p of parts)
    if (p === '' || p === '.' || p === '..') throw new ContainmentError('invalid-path', rel);
  return parts;
}

function errCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

/** Is `link` the directory `root` or inside it? (Both absolute, real paths.) */
function isInside(root: string, link: string): boolean {
  return link === root || link.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** The real path of an open descriptor (Linux), or null where the platform has no way to ask. */
async function descriptorPath(handle: FileHandle): Promise<string | null> {
  if (!PROC_FD) return null;
  return readlink(`${PROC_FD}/${handle.fd}`);
}

/**
 * Open `name` in the directory open as `parent` (real path `parentReal`), as `openat(parent, name,
 * O_NOFOLLOW)` would: see the module comment. `where` names it in errors.
 * @throws ContainmentError.
 */
async function openBeneath(
  parent: FileHandle,
  parentReal: string,
  name: string,
  kind: 'directory' | 'file',
  where: string,
): Promise<FileHandle> {
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0'))
    throw new ContainmentError('invalid-path', where);
  const expected = path.join(parentReal, name);
  const at = PROC_FD ? `${PROC_FD}/${parent.fd}/${name}` : expected;
  let before;
  try {
    before = await lstat(at);
  } catch (err) {
    throw new ContainmentError(errCode(err) === 'ENOENT' ? 'missing' : 'unreadable', where);
  }
  if (before.isSymbolicLink()) throw new ContainmentError('symlink', where);
  if (kind === 'directory' && !before.isDirectory()) throw new ContainmentError('not-a-directory', where);
  if (kind === 'file' && !before.isFile()) throw new ContainmentError('not-a-regular-file', where);
  let handle: FileHandle;
  try {
    handle = await open(
      at,
      constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK | (kind === 'directory' ? O_DIRECTORY : 0),
    );
  } catch (err) {
    const code = errCode(err);
    if (code === 'ELOOP' || code === 'EMLINK') throw new ContainmentError('symlink', where);
    if (code === 'ENOTDIR') throw new ContainmentError('not-a-directory', where);
    if (code === 'ENOENT') throw new ContainmentError('missing', where);
    throw new ContainmentError('unreadable', where);
  }
  try {
    const st = await handle.stat();
    if (st.dev !== before.dev || st.ino !== before.ino) throw new ContainmentError('changed', where);
    if (kind === 'directory' ? !st.isDirectory() : !st.isFile())
      throw new ContainmentError(kind === 'directory' ? 'not-a-directory' : 'not-a-regular-file', where);
    const real = (await descriptorPath(handle)) ?? (await realpath(expected));
    if (real !== expected) throw new ContainmentError('outside-root', where);
    return handle;
  } catch (err) {
    await handle.close().catch(() => undefined);
    if (err instanceof ContainmentError) throw err;
    throw new ContainmentError('unreadable', where);
  }
}

/**
 * Read at most `maxBytes` from `handle`, in chunks: the cap holds while reading, whatever `fstat` said.
 * Returns the bytes, or null when the file holds more than `maxBytes` (at most `maxBytes + 1` bytes
 * were read to find out).
 */
export async function readCapped(
  handle: {
    read(buf: Buffer, offset: number, length: number, position: null): Promise<{ bytesRead: number }>;
  },
  maxBytes: number,
): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const want = Math.min(READ_CHUNK, maxBytes + 1 - total);
    const buf = Buffer.allocUnsafe(want);
    const { bytesRead } = await handle.read(buf, 0, want, null);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > maxBytes) return null;
    chunks.push(bytesRead === want ? buf : buf.subarray(0, bytesRead));
  }
  return Buffer.concat(chunks, total);
}

/**
 * A directory of a job opened with containment (see the module comment); every path below it is
 * relative and resolved without following symlinks. Close it when done.
 */
export class ContainedDir {
  private constructor(
    private readonly handle: FileHandle,
    /** The directory's real path (what every descriptor opened below it must start with). */
    readonly realPath: string,
    /** How errors name this directory (relative to the root the caller opened; '' for the root). */
    readonly where: string,
  ) {}

  /** @internal Wrap an already verified descriptor. */
  static fromVerified(handle: FileHandle, realPath: string, where: string): ContainedDir {
    return new ContainedDir(handle, realPath, where);
  }

  private name(child: string): string {
    return this.where ? `${this.where}/${child}` : child;
  }

  /**
   * The subdirectory `name` (one component), opened with `O_NOFOLLOW | O_DIRECTORY`.
   * @throws ContainmentError when it is a symlink, not a directory, missing or outside.
   */
  async openDir(name: string): Promise<ContainedDir> {
    const where = this.name(name);
    const h = await openBeneath(this.handle, this.realPath, name, 'directory', where);
    return new ContainedDir(h, path.join(this.realPath, name), where);
  }

  /**
   * The entries of this directory as `getdents` types them (symlinks are reported as `symlink`, never
   * followed), in directory order; at most `max` entries are read (the rest are not looked at).
   * @returns the entries and whether the listing stopped at `max`.
   */
  async list(max: number): Promise<{ entries: ContainedEntry[]; truncated: boolean }> {
    const entries: ContainedEntry[] = [];
    if (max <= 0) return { entries, truncated: true };
    const dir = await opendir(PROC_FD ? `${PROC_FD}/${this.handle.fd}` : this.realPath, {
      bufferSize: 128,
    });
    let truncated = false;
    try {
      for await (const d of dir) {
        if (entries.length >= max) {
          truncated = true;
          break;
        }
        entries.push({
          name: d.name,
          type: d.isSymbolicLink()
            ? 'symlink'
            : d.isDirectory()
              ? 'directory'
              : d.isFile()
                ? 'file'
                : 'other',
        });
      }
    } finally {
      // `for await` closes the Dir when it finishes or breaks; a throw inside may leave it open.
      await dir.close().catch(() => undefined);
    }
    return { entries, truncated };
  }

  /**
   * Read the regular file at relative path `rel` (no `..`, no absolute path, no symlink in any
   * component), at most `maxBytes` bytes.
   * @returns `{ ok: true, data }`, or `{ ok: false, reason, message }` (never throws for the job's doing).
   */
  async readFile(rel: string, maxBytes: number): Promise<ContainedRead> {
    let parts: string[];
    try {
      parts = splitRelativePath(rel);
    } catch (err) {
      const e = err as ContainmentError;
      return { ok: false, reason: e.reason, message: e.message };
    }
    const opened: ContainedDir[] = [];
    let file: FileHandle | null = null;
    try {
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      let dir: ContainedDir = this;
      for (const part of parts.slice(0, -1)) {
        dir = await dir.openDir(part);
        opened.push(dir);
      }
      const last = parts[parts.length - 1]!;
      const where = dir.name(last);
      file = await openBeneath(dir.handle, dir.realPath, last, 'file', where);
      const st = await file.stat();
      if (st.size > maxBytes) {
        const e = new ContainmentError(
          'too-large',
          where,
          `it is too large (${st.size} bytes, at most ${maxBytes})`,
        );
        return { ok: false, reason: e.reason, message: e.message };
      }
      const data = await readCapped(file, maxBytes);
      if (data === null) {
        const e = new ContainmentError('too-large', where, `it is too large (more than ${maxBytes} bytes)`);
        return { ok: false, reason: e.reason, message: e.message };
      }
      return { ok: true, data };
    } catch (err) {
      const e = err instanceof ContainmentError ? err : new ContainmentError('unreadable', this.name(rel));
      return { ok: false, reason: e.reason, message: e.message };
    } finally {
      await file?.close().catch(() => undefined);
      for (const d of opened) await d.close();
    }
  }

  /** Close the directory's descriptor (idempotent). */
  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

/**
 * Open directory `rel` below the trusted directory `base` (one the job cannot change, e.g. the system
 * temp directory that holds the build roots), every component of `rel` with `O_NOFOLLOW | O_DIRECTORY`
 * and checked to be a real directory whose real path is `realpath(base)/rel`.
 * @param base an existing directory the job has no control over (symlinks in it are the system's own).
 * @param rel the relative path of the directory below `base` (no `..`).
 * @throws ContainmentError naming the first component that is a symlink, not a directory, missing or
 *   outside; `where` is then `path.join(base, <components so far>)`.
 */
export async function openContainedDir(base: string, rel: string): Promise<ContainedDir> {
  const baseReal = await realpath(base);
  const parts = rel === '' ? [] : splitRelativePath(rel);
  let handle = await open(baseReal, constants.O_RDONLY | O_DIRECTORY);
  let real = baseReal;
  let shown = base;
  try {
    for (const part of parts) {
      shown = path.join(shown, part);
      const next = await openBeneath(handle, real, part, 'directory', shown);
      await handle.close();
      handle = next;
      real = path.join(real, part);
    }
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
  const link = await descriptorPath(handle);
  if (link !== null && !isInside(baseReal, link)) {
    await handle.close();
    throw new ContainmentError('outside-root', shown);
  }
  return ContainedDir.fromVerified(handle, real, '');
}

/**
 * Create `dir` as a new private directory (mode 0700) of this process: an exclusive `mkdir` (never
 * `recursive`: an existing entry, a symlink included, fails), then `lstat` checks it is a real directory,
 * owned by this process's uid, with no group or other access.
 * @throws Error when the entry already exists or the checks fail.
 */
export async function createPrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { mode: 0o700 });
  const st = await lstat(dir);
  const uid = process.getuid?.();
  if (
    !st.isDirectory() ||
    st.isSymbolicLink() ||
    (uid !== undefined && st.uid !== uid) ||
    (process.platform !== 'win32' && (st.mode & 0o077) !== 0)
  )
    throw new Error(`${dir} is not a new private directory`);
}

/**
 * Write `content` to the NEW file `name` in `dir` (`O_CREAT | O_EXCL | O_NOFOLLOW`, `mode`): an existing
 * entry of that name, a symlink included, fails instead of being followed or overwritten.
 * @returns the file's path.
 * @throws Error (EEXIST, or the write's own error; `name` must be one plain component).
 */
export async function writeNewFile(
  dir: string,
  name: string,
  content: string | Buffer,
  mode: number,
): Promise<string> {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name))
    throw new Error(`invalid file name: ${JSON.stringify(name)}`);
  const file = path.join(dir, name);
  const h = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, mode);
  try {
    await h.writeFile(content);
  } finally {
    await h.close();
  }
  return file;
}
