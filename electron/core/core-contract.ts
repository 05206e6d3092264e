/**
 * The embedded core's public surface (architecture.md "core"), as the host and tests use it.
 * Implemented by `createCore` in `./app.ts`.
 */
import type { AuditEventExport } from './services/audit/export-audit-events.js';
import type { StorageMoveHooks } from './services/storage-moves/runtime.js';
import type { GitHttpLimits } from './services/git-http/git-process-limits.js';

export type { StorageMoveHooks } from './services/storage-moves/runtime.js';

/** Options of `createCore`. */
export interface CoreOptions {
  /** Data directory; created when missing. Holds `outpost.sqlite`, `repositories/<shard>/@hashed/…`, `initial_root_token`. */
  dataDir: string;
  /**
   * Token for the administrator `root` on first start (≥ 20 characters), handed over in-process (the
   * core never reads it from the environment: the host and the CLI read `OUTPOST_ROOT_TOKEN` and drop
   * it). Without one, a random token is written to `<dataDir>/initial_root_token` with mode 0600.
   * Ignored once root exists.
   */
  rootToken?: string;
  /** External base URL used in `web_url` fields and `Link` headers. Default: the listen URL, or `http://localhost` before `listen()`. */
  externalUrl?: string;
  /** Fastify request logging (never logs tokens). Default false. */
  logger?: boolean;
  /** Largest alert payload the receiver (and a test alert) accepts, in bytes; larger ones get 413. Default 1 MB (1048576). */
  alertPayloadLimit?: number;
  /**
   * Pipeline jobs run at the same time by the local executor; wins over the instance setting
   * `ci_concurrent_jobs` (default 2), which applies when this is absent.
   */
  runnerConcurrency?: number;
  /**
   * The job sandbox (bubblewrap on Linux). `bwrapPath`: the bwrap binary (default: `bwrap` on PATH); a
   * path that does not exist makes the sandbox unavailable, so jobs are refused unless the instance
   * setting `allow_unsandboxed_ci_jobs` is on (tests use this). `slirp4netnsPath`: the slirp4netns binary
   * for jobs' outbound network (default: on PATH; a path that does not exist leaves jobs loopback only);
   * `cgroups: false`: no cgroup per job, rlimits only (runner/sandbox/job-sandbox.ts JobSandboxOptions).
   */
  jobSandbox?: { bwrapPath?: string; slirp4netnsPath?: string; cgroups?: boolean };
  /**
   * More repository storage shards: name → absolute directory (created when missing). `default` is always
   * `<dataDir>/repositories/default` and can't be redefined. Weights are application settings.
   */
  storages?: Record<string, string>;
  /**
   * Caps on git smart-HTTP processes (instance, per client) and their idle timeout; see
   * services/git-http/git-process-limits.ts for the defaults and the 429/503 answers.
   */
  gitHttp?: GitHttpLimits;
  /** Storage moves copying at the same time. Default 2. */
  storageMoveConcurrency?: number;
  /** Seams in a storage move (tests pause or disturb a move with them); see StorageMoveHooks. */
  storageMoveHooks?: StorageMoveHooks;
  /**
   * Most bytes per second each storage move copies (services/storage-moves/copy-rate-limit.ts). Unset:
   * no limit. Ignored when `storageMoveHooks` are given.
   */
  storageMoveBytesPerSecond?: number;
}

/** A pipeline's status changed, it was created, or it was deleted (status `deleted`). */
export interface PipelineChangeEvent {
  projectId: number;
  pipelineId: number;
  status: string;
}

/** A job's status changed (created, queued, started, finished, retried, …). */
export interface JobChangeEvent {
  projectId: number;
  pipelineId: number;
  jobId: number;
  status: string;
}

export interface CoreEventMap {
  pipeline: PipelineChangeEvent;
  job: JobChangeEvent;
}

/** Change events of the core, for the host to forward to the renderer. `on` returns the unsubscribe function. */
export interface CoreEvents {
  on<K extends keyof CoreEventMap>(type: K, listener: (event: CoreEventMap[K]) => void): () => void;
  off<K extends keyof CoreEventMap>(type: K, listener: (event: CoreEventMap[K]) => void): void;
}

/** A request for `core.inject()` (light-my-request shape). `url` includes `/api/v4`. */
export interface CoreInjectRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; an object is JSON-encoded. */
  payload?: string | Buffer | object;
}

/** A response from `core.inject()`. */
export interface CoreInjectResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as text. */
  body: string;
  rawPayload: Buffer;
}

/** `core.exportAuditEvents`' answer: declared beside the export (services/audit/export-audit-events.ts). */
export type { AuditEventExport } from './services/audit/export-audit-events.js';

/** A running core. Nothing global: many cores run side by side in one process. */
export interface Core {
  readonly dataDir: string;
  /**
   * The root token when this start created the administrator (first start on an empty data dir),
   * else null. The host moves it into its vault.
   */
  readonly initialRootToken: string | null;
  /** Serve a request in-process, without a socket. */
  inject(req: CoreInjectRequest): Promise<CoreInjectResponse>;
  /**
   * Host only (in-process; no HTTP route reaches it): a new personal access token (scopes `api`,
   * `sudo`, no expiry) named `name` for the administrator created on the first start (user 1), for a
   * host whose vault can't give root's token back (saved by the other shell, or lost). Audited like any
   * new token (`personal_access_token_created`). @throws NotFoundError when that user no longer exists.
   */
  issueRootToken?(name: string): string;
  /**
   * Host only (in-process; no HTTP route reaches it): the instance audit events `token` may read with
   * `GET /audit_events` and `query`'s filters, newest first, straight from SQLite in pages of `pageSize`
   * (default 5,000), for exports at disk speed (issue 17). Never throws for a refusal: it is returned.
   */
  exportAuditEvents?(
    token: string,
    query: Record<string, string | number>,
    opts?: { pageSize?: number },
  ): AuditEventExport;
  /** Listen on `host` (default 127.0.0.1) and `port` (default 0 = a free port); resolves to `http://HOST:PORT`. */
  listen(opts?: { port?: number; host?: string }): Promise<string>;
  /** Resolves when the background work started so far (imports, repository removals) has finished. */
  idle(): Promise<void>;
  /** Stop listening, finish in-flight work, close SQLite. */
  close(): Promise<void>;
  /** Pipeline and job change events (published right after each change is stored). */
  readonly events?: CoreEvents;
}
