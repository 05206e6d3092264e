/**
 * Limits on the git processes behind smart HTTP, so stalled or greedy clients can't pile them up:
 * - a cap on processes at once for the whole instance and per client (the authenticated user, else the
 *   client's IP address), the way Gitaly caps `PostUploadPackWithSidechannel`/`PostReceivePack`
 *   (GitLab's doc/administration/gitaly/concurrency_limiting.md) without its queue: over a cap the
 *   request is refused at once, before git starts;
 * - an idle timeout: a process that moved no byte in either direction (request body in, response out)
 *   for `idleTimeoutMs` is killed and its response ended, so a client that stops sending or reading
 *   frees its slot. Git itself keeps a healthy exchange busy: upload-pack sends keepalive packets while
 *   it prepares a pack (`uploadpack.keepAlive`, 5 s) and receive-pack while hooks run
 *   (`receive.keepAlive`, 5 s), so the timeout only catches clients that went quiet.
 *
 * Refusals, text/plain as GitLab's other git refusals, each with `Retry-After` (seconds):
 * - `429 Too Many Requests` when this client already holds its share: the client's own load, which it
 *   should back off from (GitLab answers 429 + `Retry-After` for its git and API rate limits, and
 *   Workhorse 429 when its request queue is full);
 * - `503 Service Unavailable` when the instance as a whole is at capacity: not the client's doing
 *   (GitLab Rails answers Gitaly's concurrency-limit `ResourceExhausted` with 503 + `Retry-After`,
 *   gitlab-org/gitlab!122427). Git prints either as `error: RPC failed; HTTP 5xx/429` or `The requested
 *   URL returned error`.
 */
import type { Readable } from 'node:stream';
import type { GitServiceProcess } from '../../git/smart-http.js';

/** Limits of the git smart-HTTP processes (`CoreOptions.gitHttp`). */
export interface GitHttpLimits {
  /** Git processes serving smart HTTP at once, all clients together. Default 32. */
  maxProcesses?: number;
  /** Git processes at once for one client (an authenticated user, else one IP address). Default 8. */
  maxProcessesPerClient?: number;
  /** Milliseconds without a byte in or out after which git is killed and the response ended. Default 60 000. */
  idleTimeoutMs?: number;
  /** `Retry-After` of a refusal, in seconds. Default 10. */
  retryAfterSeconds?: number;
}

export const DEFAULT_GIT_HTTP_LIMITS: Required<GitHttpLimits> = {
  maxProcesses: 32,
  maxProcessesPerClient: 8,
  idleTimeoutMs: 60_000,
  retryAfterSeconds: 10,
};

/** A refusal to start one more process. */
export interface GitCapacityRefusal {
  status: 429 | 503;
  message: string;
  retryAfterSeconds: number;
}

/** A held slot; `release` is idempotent. */
export interface GitProcessSlot {
  release(): void;
}

/**
 * Limits as given, defaults for what is missing.
 * @throws RangeError for a limit that is not a positive integer (caps, seconds) or positive number (ms).
 */
export function resolveGitHttpLimits(limits: GitHttpLimits = {}): Required<GitHttpLimits> {
  const out = { ...DEFAULT_GIT_HTTP_LIMITS, ...limits };
  for (const key of ['maxProcesses', 'maxProcessesPerClient', 'retryAfterSeconds'] as const) {
    if (!Number.isInteger(out[key]) || out[key] < 1)
      throw new RangeError(`gitHttp.${key} must be a positive integer`);
  }
  if (!(out.idleTimeoutMs > 0)) throw new RangeError('gitHttp.idleTimeoutMs must be positive');
  return out;
}

/** Counts the git processes of smart HTTP, in all and per client; one per core. */
export class GitProcessLimiter {
  readonly limits: Required<GitHttpLimits>;
  private total = 0;
  private readonly perClient = new Map<string, number>();

  constructor(limits?: GitHttpLimits) {
    this.limits = resolveGitHttpLimits(limits);
  }

  /** Processes running now (diagnostics and tests). */
  get active(): number {
    return this.total;
  }

  /** Processes running now for `client`. */
  activeFor(client: string): number {
    return this.perClient.get(client) ?? 0;
  }

  /**
   * Take a slot for `client` (`user:<id>` or `ip:<address>`, see `gitClientKey`), or say why not.
   * The caller releases it when its process has exited.
   */
  acquire(client: string): GitProcessSlot | GitCapacityRefusal {
    const retryAfterSeconds = this.limits.retryAfterSeconds;
    if (this.activeFor(client) >= this.limits.maxProcessesPerClient)
      return {
        status: 429,
        message: 'Too many git requests at once from this client. Retry later',
        retryAfterSeconds,
      };
    if (this.total >= this.limits.maxProcesses)
      return {
        status: 503,
        message: 'The server is handling too many git requests. Retry later',
        retryAfterSeconds,
      };
    this.total++;
    this.perClient.set(client, this.activeFor(client) + 1);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.total--;
        const left = this.activeFor(client) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
      },
    };
  }
}

/** True for a refusal rather than a slot. */
export function isRefusal(result: GitProcessSlot | GitCapacityRefusal): result is GitCapacityRefusal {
  return 'status' in result;
}

/** Who a process counts against: the authenticated user, else the client's address. */
export function gitClientKey(
  userId: number | null | undefined,
  ipAddress: string | null | undefined,
): string {
  return userId != null ? `user:${userId}` : `ip:${ipAddress ?? 'unknown'}`;
}

/** How long a git process gets to clean up after SIGTERM before SIGKILL. */
export const GIT_STOP_GRACE_MS = 5000;

/**
 * Stop a git process: SIGTERM first, so git removes its temporary files (a push's quarantine
 * directory `objects/tmp_objdir-incoming-*`, lock files) through its signal handlers, then SIGKILL
 * after `GIT_STOP_GRACE_MS` if it is still there. No-op for a process that has exited.
 */
const stopping = new WeakSet<GitServiceProcess>();

export function stopGitProcess(child: GitServiceProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || stopping.has(child)) return;
  stopping.add(child);
  child.kill('SIGTERM');
  const force = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, GIT_STOP_GRACE_MS);
  force.unref();
  child.once('exit', () => clearTimeout(force));
}

/**
 * Release `slot` once `child` is gone (exit, or a spawn failure), and stop `child` (`stopGitProcess`) when neither its
 * stdout nor `input` (the request body, when there is one) moved a byte for `idleMs`; `onIdle` then
 * ends the response. Stops watching when the child exits.
 */
export function superviseGitProcess(
  child: GitServiceProcess,
  slot: GitProcessSlot,
  idleMs: number,
  input: Readable | null,
  onIdle: () => void,
): void {
  const timer = setTimeout(() => {
    stopGitProcess(child);
    onIdle();
  }, idleMs);
  const touch = () => timer.refresh();
  child.stdout.on('data', touch);
  input?.on('data', touch);
  const done = () => {
    clearTimeout(timer);
    input?.off('data', touch);
    slot.release();
  };
  child.once('close', done);
  child.once('error', done);
}
