/**
 * `OUTPOST_ROOT_TOKEN`, the first start's root token given through the environment (docs/operators.md),
 * taken out of the process once read (issue 25, "OUTPOST_ROOT_TOKEN is removed from the process
 * environment after it is read"). Two places hold a process's environment:
 * - the C library's `environ` (what `process.env`, `getenv` and every child process see): deleting the
 *   variable from `process.env` calls `unsetenv`, so nothing spawned afterwards (git, hooks, jobs,
 *   Chromium) inherits it;
 * - the block the kernel copied onto the new process's stack at `execve`, which `/proc/<pid>/environ`
 *   shows for the process's whole life: proc_pid_environ(5), "the initial environment … If, after an
 *   execve(2), the process modifies its environment (e.g., by calling functions such as putenv(3) …),
 *   this file will not reflect those changes"; its bounds are `env_start`/`env_end` in
 *   `/proc/<pid>/stat` (proc_pid_stat(5), fields 50 and 51, Linux 3.5).
 *   `unsetenv` only drops libc's pointer to the string, the bytes stay there: measured on Linux 6.18 /
 *   Node 24, the token was still in `/proc/<pid>/environ` of the running core after the delete. On Linux
 *   the entry is therefore also overwritten in place through `/proc/self/mem` (a process may always
 *   read and write its own memory there: ptrace access checks let a thread group introspect itself),
 *   as `setproctitle` implementations overwrite the original argv/environ
 *   area (PostgreSQL's ps_status.c moves `environ` away first and then reuses that area for the
 *   title). `/proc/<pid>/environ` is readable only by the same OS user and root (a
 *   PTRACE_MODE_READ_FSCREDS check, proc_pid_environ(5)); elsewhere (macOS `KERN_PROCARGS2`, Windows)
 *   the initial block is not cleared.
 * No SQLite or Fastify here, so the host and the CLI import it without loading the core.
 */
import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** The variable's name. */
export const ROOT_TOKEN_ENV = 'OUTPOST_ROOT_TOKEN';

/**
 * What `scrubInitialEnvironSync` did: `scrubbed` (entries overwritten), `absent` (the initial block had
 * none), `still-set` (the variable is still in `process.env`, or this is a worker thread, whose
 * `process.env` is a copy: libc may point at the entry, so it is left
 * alone), `unsupported` (not Linux, or no `/proc`), `failed` (`/proc/self/mem` refused; the message
 * says why).
 */
export type EnvironScrub =
  | { outcome: 'scrubbed'; entries: number }
  | { outcome: 'absent' | 'still-set' | 'unsupported' }
  | { outcome: 'failed'; message: string };

/** `env_start` and `env_end` (fields 50 and 51 of proc(5) `/proc/<pid>/stat`), or null when missing. */
export function environBounds(stat: string): { start: number; end: number } | null {
  // Fields after the command name `(comm)`, which may itself hold spaces and parentheses.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(' ');
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  const start = Number(fields[47]);
  const end = Number(fields[48]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start <= 0 || end <= start) return null;
  return { start, end };
}

/**
 * Offsets `[from, to)` of every `NAME=…` entry in an environment block (`NAME=value` strings, each
 * ended by a NUL byte, as `/proc/<pid>/environ` shows it). Pure.
 */
export function environEntries(block: Buffer, name: string): Array<[number, number]> {
  const prefix = Buffer.from(`${name}=`);
  const found: Array<[number, number]> = [];
  let at = 0;
  while (at < block.length) {
    let end = block.indexOf(0, at);
    if (end === -1) end = block.length;
    if (end - at >= prefix.length && block.subarray(at, at + prefix.length).equals(prefix)) {
      found.push([at, end]);
    }
    at = end + 1;
  }
  return found;
}

/**
 * Overwrites every `name=…` entry of this process's initial environment block (what
 * `/proc/self/environ` shows) with NUL bytes, through `/proc/self/mem` (Linux). Runs only once `name`
 * is gone from `process.env`: libc no longer points at those bytes then, so nothing reads them again.
 * Never throws; see {@link EnvironScrub} for the outcomes.
 */
export function scrubInitialEnvironSync(name: string): EnvironScrub {
  if (process.platform !== 'linux') return { outcome: 'unsupported' };
  // A worker's process.env is its own copy: the process's environ may still point at the entry.
  if (process.env[name] !== undefined || !isMainThread) return { outcome: 'still-set' };
  let bounds: { start: number; end: number } | null;
  try {
    bounds = environBounds(readFileSync('/proc/self/stat', 'utf8'));
  } catch {
    return { outcome: 'unsupported' };
  }
  if (!bounds) return { outcome: 'unsupported' };
  let fd: number | undefined;
  try {
    fd = openSync('/proc/self/mem', 'r+');
    const block = Buffer.alloc(bounds.end - bounds.start);
    const read = readSync(fd, block, 0, block.length, bounds.start);
    const entries = environEntries(block.subarray(0, read), name);
    for (const [from, to] of entries) {
      writeSync(fd, Buffer.alloc(to - from), 0, to - from, bounds.start + from);
    }
    return entries.length > 0 ? { outcome: 'scrubbed', entries: entries.length } : { outcome: 'absent' };
  } catch (err) {
    return { outcome: 'failed', message: err instanceof Error ? err.message : String(err) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** What `takeRootTokenEnv` returns. */
export interface TakenRootToken {
  /** The token (surrounding whitespace trimmed), or null when the variable was unset or blank. */
  token: string | null;
  /** What happened to the initial environment block (see `scrubInitialEnvironSync`). */
  environ: EnvironScrub;
}

/**
 * Reads `OUTPOST_ROOT_TOKEN` from `env` and removes it: from `env`, from `process.env` when `env` is
 * `process.env` or `process.env` holds the same value (so no child process inherits it), and then from
 * the initial environment block `/proc/<pid>/environ` shows (`scrubInitialEnvironSync`, Linux).
 * Callers take it before they spawn anything. Never throws.
 */
export function takeRootTokenEnv(env: Record<string, string | undefined> = process.env): TakenRootToken {
  const raw = env[ROOT_TOKEN_ENV];
  if (raw !== undefined) {
    if (process.env[ROOT_TOKEN_ENV] === raw) delete process.env[ROOT_TOKEN_ENV];
    delete env[ROOT_TOKEN_ENV];
  }
  return { token: raw?.trim() || null, environ: scrubInitialEnvironSync(ROOT_TOKEN_ENV) };
}
