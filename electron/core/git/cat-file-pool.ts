/**
 * Long-lived `git cat-file --batch-command` processes, per repository, so object reads (resolving a
 * revision, reading a tree, a blob or a commit) cost a pipe round trip instead of a `git` spawn — what
 * GitLab's Gitaly does with its catfile cache (internal/git/catfile/cache.go).
 *
 * - Bounded: at most `perRepository` processes per repository (default 2) and `total` overall
 *   (default 16); when the total is reached, the least recently used idle process is ended first.
 * - One request at a time per process (a request may name many objects, written together and ended by
 *   `flush`, answered in order; git buffers its answers until the flush); further requests wait in that process's queue (FIFO).
 * - A process idle for `idleMs` (default 30 s) is ended; one that dies (killed, crashed, repository
 *   gone) is dropped and the next request starts a fresh one; a request whose process died before it
 *   answered is retried once on a fresh process.
 * - Hostile content: objects are framed by the size git announces, so binary data, NULs and newlines
 *   in blobs are harmless; an object bigger than the caller's `maxBytes` is not buffered (the process
 *   are dropped as they arrive and the caller is told the size, to fall back to a spawned git); names holding a newline
 *   or NUL (which the line protocol cannot carry) are refused with `CatFileUnsupportedName`.
 * - `closeRepositoryProcesses` ends a repository's processes (deletion, storage move);
 *   `shutdownCatFilePool` ends all of them and waits for them to exit (core close).
 * Processes are spawned only through run-git.ts `spawnGit`.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { GitError, gitErrorMessage, repositoryKey, spawnGit } from './run-git.js';

/** An object as `cat-file` reports it. `content` is null for `info` requests. */
export interface CatFileObject {
  oid: string;
  type: 'blob' | 'tree' | 'commit' | 'tag';
  size: number;
  content: Buffer | null;
}

/** `contents` of an object bigger than the caller's `maxBytes`: not read. */
export interface CatFileTooLarge {
  oid: string;
  type: CatFileObject['type'];
  size: number;
  tooLarge: true;
}

/** Thrown for an object name the batch protocol can't carry (newline or NUL); callers spawn git instead. */
export class CatFileUnsupportedName extends Error {
  constructor() {
    super('object name holds a newline or NUL byte');
    this.name = 'CatFileUnsupportedName';
  }
}

/** The process answering a request died (killed, crashed, repository removed) before it answered. */
class ProcessDiedError extends GitError {
  constructor(message: string, stderr: string) {
    super(message, ['cat-file', '--batch-command'], null, stderr);
    this.name = 'ProcessDiedError';
  }
}

export interface CatFilePoolLimits {
  /** Processes per repository. */
  perRepository: number;
  /** Processes overall. */
  total: number;
  /** Milliseconds a process may stay idle before it is ended. */
  idleMs: number;
  /** Milliseconds one request may take before its process is killed. */
  requestTimeoutMs: number;
}

const limits: CatFilePoolLimits = { perRepository: 2, total: 16, idleMs: 30_000, requestTimeoutMs: 60_000 };

/** Change the pool's bounds (tests, embedders). Existing processes are trimmed lazily. */
export function configureCatFilePool(next: Partial<CatFilePoolLimits>): void {
  Object.assign(limits, next);
}

/** One answer: the object, an oversized object's header, or null for a name that names nothing. */
type Answer = CatFileObject | CatFileTooLarge | null;

/** One request: one or more names of the same command, written together, answered in order. */
interface Job {
  command: 'info' | 'contents';
  names: readonly string[];
  maxBytes: number;
  resolve: (answers: Answer[]) => void;
  reject: (err: Error) => void;
  retried: boolean;
}

const TYPES = new Set(['blob', 'tree', 'commit', 'tag']);

/** One `git cat-file --batch-command` process and its queue. */
class CatFileProcess {
  readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: Job[] = [];
  private current: Job | null = null;
  private answers: Answer[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Header of the `contents` answer being read, once its header line is in. */
  private header: { oid: string; type: CatFileObject['type']; size: number } | null = null;
  /** Bytes of an oversized object (and its newline) still to drop unread. */
  private skip = 0;
  private stderrTail = '';
  private idleTimer: NodeJS.Timeout | null = null;
  private requestTimer: NodeJS.Timeout | null = null;
  dead = false;
  readonly exited: Promise<void>;
  lastUsed = Date.now();

  constructor(
    readonly repoKey: string,
    private readonly onDeath: (p: CatFileProcess, queued: Job[]) => void,
  ) {
    // `--buffer`: git writes its answers in large blocks until the `flush` ending every request, instead
    // of one write per object (a many-object request, such as a blame's commits, reads far fewer chunks).
    this.child = spawnGit(['cat-file', '--batch-command', '--buffer'], { gitDir: repoKey });
    this.exited = new Promise((resolve) => this.child.once('close', () => resolve()));
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-4096);
    });
    this.child.stdin.on('error', () => undefined); // EPIPE when git died: reported by 'close'.
    this.child.on('error', (err) => this.die(`git cat-file failed to start: ${err.message}`));
    // 'close', not 'exit': every byte git wrote has been read by then.
    this.child.on('close', () => this.die('git cat-file exited'));
    this.setIdle(true);
  }

  /** Requests waiting or running. */
  get load(): number {
    return this.queue.length + (this.current ? 1 : 0);
  }

  enqueue(job: Job): void {
    this.lastUsed = Date.now();
    this.queue.push(job);
    if (!this.current) this.next();
  }

  /** End the process: stdin closed (git exits at EOF), killed if it lingers. */
  end(): void {
    if (this.dead) return;
    // Referenced again while it exits, so whoever awaits `exited` (core close) is not left hanging
    // by an event loop with nothing else to do.
    this.setIdle(false);
    this.child.stdin.end();
    const kill = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    kill.unref();
    void this.exited.then(() => clearTimeout(kill));
    this.die('git cat-file was ended');
  }

  private next(): void {
    const job = this.queue.shift();
    if (!job) {
      this.current = null;
      this.setIdle(true);
      return;
    }
    this.setIdle(false);
    this.current = job;
    this.answers = [];
    this.header = null;
    this.skip = 0;
    this.requestTimer = setTimeout(() => {
      this.child.kill('SIGKILL');
      this.die(`git cat-file timed out after ${limits.requestTimeoutMs} ms`, false);
    }, limits.requestTimeoutMs);
    // Every name at once: git answers them in order, and reading overlaps with git's work.
    this.child.stdin.write(`${job.names.map((n) => `${job.command} ${n}\n`).join('')}flush\n`);
  }

  /** Idle: no timers or pipes keep Node alive, and the idle timeout runs; busy: the reverse. */
  private setIdle(idle: boolean): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const streams = [this.child.stdout, this.child.stderr, this.child.stdin] as unknown as {
      ref?: () => void;
      unref?: () => void;
    }[];
    if (idle) {
      this.child.unref();
      for (const s of streams) s.unref?.();
      this.idleTimer = setTimeout(() => this.end(), limits.idleMs);
      this.idleTimer.unref();
    } else {
      this.child.ref();
      for (const s of streams) s.ref?.();
    }
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (this.current && this.readAnswer());
    if (this.current && this.answers.length === this.current.names.length) this.finish();
  }

  private joined(): Buffer {
    if (this.chunks.length !== 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private take(n: number): Buffer {
    const all = this.joined();
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return all.subarray(0, n);
  }

  /** Consume one answer of the current job when it is complete; true when one was consumed. */
  private readAnswer(): boolean {
    const job = this.current!;
    if (this.skip > 0) {
      if (this.buffered === 0) return false;
      const n = Math.min(this.skip, this.buffered);
      this.take(n);
      this.skip -= n;
      return this.skip === 0;
    }
    if (this.answers.length === job.names.length) return false;
    const name = job.names[this.answers.length]!;
    if (!this.header) {
      const nl = this.buffered ? this.joined().indexOf(0x0a) : -1;
      if (nl < 0) return false;
      const line = this.take(nl + 1)
        .subarray(0, nl)
        .toString('utf8');
      if (line === `${name} missing` || line === `${name} ambiguous`) {
        this.answers.push(null);
        return true;
      }
      const m = /^([0-9a-f]{40,64}) (\S+) (\d+)$/.exec(line);
      if (!m || !TYPES.has(m[2]!)) {
        // Out of step with git (should not happen): this process can't be trusted any more.
        this.child.kill('SIGKILL');
        this.die(`unexpected git cat-file answer: ${line.slice(0, 200)}`, false);
        return false;
      }
      const header = { oid: m[1]!, type: m[2] as CatFileObject['type'], size: Number(m[3]) };
      if (job.command === 'info') {
        this.answers.push({ ...header, content: null });
        return true;
      }
      if (header.size > job.maxBytes) {
        // Not buffered: its bytes are dropped as they arrive; the caller gets the size.
        this.answers.push({ ...header, tooLarge: true });
        this.skip = header.size + 1;
        return true;
      }
      this.header = header;
    }
    const header = this.header;
    if (this.buffered < header.size + 1) return false;
    const content = Buffer.from(this.take(header.size + 1).subarray(0, header.size));
    this.header = null;
    this.answers.push({ ...header, content });
    return true;
  }

  private clearRequestTimer(): void {
    if (this.requestTimer) clearTimeout(this.requestTimer);
    this.requestTimer = null;
  }

  private finish(): void {
    if (this.skip > 0) return; // the last answer's dropped bytes are still coming
    const job = this.current!;
    const answers = this.answers;
    this.clearRequestTimer();
    this.current = null;
    this.answers = [];
    this.lastUsed = Date.now();
    job.resolve(answers);
    this.next();
  }

  /** Mark dead once: fail the running job (retryable unless `retry` is false), hand back the queue. */
  private die(reason: string, retry = true): void {
    if (this.dead) return;
    this.dead = true;
    this.clearRequestTimer();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const job = this.current;
    this.current = null;
    const queued = this.queue.splice(0);
    const stderr = this.stderrTail.trim();
    if (job) {
      const err = new ProcessDiedError(gitErrorMessage(stderr, reason), stderr);
      if (retry && !job.retried) queued.unshift({ ...job, retried: true });
      else job.reject(err);
    }
    this.onDeath(this, queued);
  }
}

/** Processes per repository key, in least-recently-used order of repositories (Map order). */
const pool = new Map<string, CatFileProcess[]>();
const all = new Set<CatFileProcess>();

function forget(p: CatFileProcess): void {
  all.delete(p);
  const list = pool.get(p.repoKey);
  if (!list) return;
  const i = list.indexOf(p);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) pool.delete(p.repoKey);
}

function onDeath(p: CatFileProcess, queued: Job[]): void {
  forget(p);
  for (const job of queued) dispatch(p.repoKey, job);
}

/** End the least recently used idle process of another repository; false when none is idle. */
function evictOne(exceptKey: string): boolean {
  let victim: CatFileProcess | null = null;
  for (const p of all)
    if (p.repoKey !== exceptKey && p.load === 0 && (!victim || p.lastUsed < victim.lastUsed)) victim = p;
  if (!victim) return false;
  victim.end();
  return true;
}

function dispatch(key: string, job: Job): void {
  let list = pool.get(key);
  // Refresh the repository's place in the LRU order.
  if (list) {
    pool.delete(key);
    pool.set(key, list);
  }
  const idle = list?.find((p) => p.load === 0);
  let target = idle;
  if (!target && (!list || list.length < limits.perRepository)) {
    // Room for one more process for this repository, unless the total is reached and nothing is idle
    // elsewhere (then queue on this repository's least loaded process, if it has one).
    if (all.size < limits.total || evictOne(key) || !list) {
      let p: CatFileProcess;
      try {
        p = new CatFileProcess(key, onDeath);
      } catch (err) {
        job.reject(err as Error);
        return;
      }
      all.add(p);
      if (!list) pool.set(key, (list = []));
      list.push(p);
      target = p;
    }
  }
  target ??= list!.reduce((a, b) => (b.load < a.load ? b : a));
  target.enqueue(job);
}

function request(
  repoPath: string,
  command: Job['command'],
  names: readonly string[],
  maxBytes: number,
): Promise<Answer[]> {
  if (names.length === 0) return Promise.resolve([]);
  if (names.some((n) => /[\n\0]/.test(n))) return Promise.reject(new CatFileUnsupportedName());
  return new Promise((resolve, reject) =>
    dispatch(repositoryKey(repoPath), { command, names, maxBytes, resolve, reject, retried: false }),
  );
}

/**
 * Type, id and size of the object `name` names (any revision expression git accepts: a SHA,
 * `main^{commit}`, `<commit>:<path>`), or null when it names none (missing or ambiguous).
 * @throws CatFileUnsupportedName; GitError when git can't read the repository.
 */
export async function catFileInfo(repoPath: string, name: string): Promise<CatFileObject | null> {
  return ((await request(repoPath, 'info', [name], 0))[0] ?? null) as CatFileObject | null;
}

/**
 * The object `name` names with its bytes, null when it names none, or `{ tooLarge: true, size }` (bytes
 * not kept) when it is bigger than `maxBytes` (default 32 MiB).
 * @throws CatFileUnsupportedName; GitError when git can't read the repository.
 */
export async function catFileContents(
  repoPath: string,
  name: string,
  maxBytes = 32 * 1024 * 1024,
): Promise<CatFileObject | CatFileTooLarge | null> {
  return (await request(repoPath, 'contents', [name], maxBytes))[0] ?? null;
}

/**
 * As `catFileContents` for many names in one request (written to git together, answered in order):
 * one answer per name.
 * @throws CatFileUnsupportedName; GitError when git can't read the repository.
 */
export function catFileContentsMany(
  repoPath: string,
  names: readonly string[],
  maxBytes = 32 * 1024 * 1024,
): Promise<(CatFileObject | CatFileTooLarge | null)[]> {
  return request(repoPath, 'contents', names, maxBytes);
}

/** End every process of the repository at `repoPath` (deleted, moved); waits for them to exit. */
export async function closeRepositoryProcesses(repoPath: string): Promise<void> {
  const list = [...(pool.get(repositoryKey(repoPath)) ?? [])];
  for (const p of list) p.end();
  await Promise.all(list.map((p) => p.exited));
}

/** End every pooled process and wait until all have exited (core close). The pool stays usable. */
export async function shutdownCatFilePool(): Promise<void> {
  const list = [...all];
  for (const p of list) p.end();
  await Promise.all(list.map((p) => p.exited));
}

/** Live processes: total, per repository key, and their pids (tests, diagnostics). */
export function catFilePoolStats(): { total: number; repositories: Map<string, number>; pids: number[] } {
  return {
    total: all.size,
    repositories: new Map([...pool].map(([k, v]) => [k, v.length])),
    pids: [...all].map((p) => p.child.pid ?? 0),
  };
}
