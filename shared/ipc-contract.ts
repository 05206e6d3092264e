/**
 * The bridge contract between the renderer and the host (architecture.md, "bridge").
 *
 * Electron exposes it as `window.outpost` through the preload (contextBridge + ipcRenderer.invoke);
 * the browser host serves the same calls as `POST /bridge/<channel>` on 127.0.0.1, guarded by a
 * per-launch secret. Nothing here carries a token back to the renderer: profile summaries say only
 * whether a token is stored (`hasToken`). No Node or DOM imports in this file.
 */

import type { AuditEventFilters } from './audit-events.js';
import type { InstanceCapabilities } from './instance-capabilities.js';

/** HTTP methods the API proxy forwards. */
export type ApiMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values as GitLab clients send them; arrays become `key[]=a&key[]=b`. */
export type ApiQueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/**
 * One request to the active instance's v4 API.
 * `path` is relative to `/api/v4` and starts with `/` (for example `/projects?search=x` or `/projects/1`).
 */
export interface ApiRequest {
  method: ApiMethod;
  path: string;
  query?: Record<string, ApiQueryValue>;
  /** JSON body; sent as `application/json`. */
  body?: unknown;
  /** Profile to use; the active profile when absent. */
  profileId?: string;
  /**
   * An entity tag from an earlier response's `etag` header, sent as `If-None-Match` on GET so the instance
   * can answer `304 Not Modified` without a body (GitLab's pipeline and job reads; doc/api/rest "ETags").
   */
  ifNoneMatch?: string;
}

/**
 * The response as the instance gave it: status, lower-cased headers, parsed JSON body
 * (or the text for non-JSON responses). Errors from the instance are responses too, not throws.
 */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  body: T;
  /**
   * Set by the host on a 429 (or 503) from a remote instance that it gives back after waiting all it
   * may (electron/host/proxy/rate-limiter.ts): one calm sentence to show instead of an error, e.g.
   * "GitLab asked Outpost to slow down; retrying in 20 s.", and the instance's wait in seconds.
   */
  slowDown?: { message: string; retryAfterSeconds: number };
}

/**
 * One GraphQL request to the active instance: `POST /api/graphql` with `{query, variables, operationName}`
 * (GitLab's doc/api/graphql/_index.md; the embedded core serves the alert management subset). Only that
 * endpoint is reachable this way. The answer is an ApiResponse whose body is GraphQL's
 * `{data?, errors?}` (or, from an instance that refuses it, whatever that instance sent).
 */
export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  /** Profile to use; the active profile when absent. */
  profileId?: string;
}

/** What a renderer may know of a connection profile. Never the token. */
export interface ProfileSummary {
  id: string;
  name: string;
  kind: 'embedded' | 'remote';
  /** Base URL of the instance, e.g. `https://gitlab.example.com` (embedded: the core's listen URL or `embedded:`). */
  url: string;
  /** True when a token is stored in the vault for this profile. */
  hasToken: boolean;
  active: boolean;
  /**
   * What the host last learned of a remote instance (version, edition, GitLab.com, admin and Admin Mode,
   * token scopes and expiry; shared/instance-capabilities.ts), with its time. Absent until the first
   * detection, and on the embedded profile, which has every capability (`EMBEDDED_CAPABILITIES`).
   */
  capabilities?: InstanceCapabilities;
  /** Why the last detection failed, as a sentence (the previous capabilities, if any, are kept). */
  capabilitiesError?: string;
  /** A remote profile's own CA certificate(s), PEM, trusted besides the OS trust store (not secret). */
  caCertificate?: string;
  /** A remote profile's timeout to response headers, in seconds (absent: the default, 15 s). */
  timeoutSeconds?: number;
}

/** Input to add a remote GitLab profile. The token goes one way: renderer → host vault. */
export interface AddRemoteProfileInput {
  name: string;
  url: string;
  token: string;
  /**
   * The administrator confirmed sending the token over plain `http://` to a host that is not loopback
   * (shared/instance-url-security.ts). Without it such a URL is refused with `insecure_http`.
   */
  allowInsecureHttp?: boolean;
}

/**
 * Input of `profiles:update`: rename a remote profile and/or give it a new token. A new token is
 * checked with `GET /api/v4/user` on the profile's instance before it replaces the stored one.
 */
export interface UpdateProfileInput {
  id: string;
  /** New name (1–100 characters after trimming); absent: unchanged. */
  name?: string;
  /** New personal access token; absent: unchanged. Goes one way, renderer → host vault. */
  token?: string;
  /** CA certificate(s) in PEM to trust for this instance; null or '' removes it; absent: unchanged. */
  caCertificate?: string | null;
  /** Timeout to response headers, 1–300 whole seconds; null: the default (15 s); absent: unchanged. */
  timeoutSeconds?: number | null;
}

/** Result of checking a remote instance (`GET /version` and `GET /user` through the proxy). */
export interface ProfileCheckResult {
  ok: boolean;
  version?: string;
  username?: string;
  /** A sentence an administrator can act on, when `ok` is false. */
  error?: string;
}

/** Facts about the running app shown in the UI. */
export interface AppInfo {
  version: string;
  shell: 'electron' | 'browser-host';
  dataDir: string;
  platform: string;
  /** Where the embedded instance listens on 127.0.0.1 for git clients and alert senders, or null. */
  embeddedCoreUrl: string | null;
}

/**
 * Error thrown across the bridge for host-side failures (unreachable instance, unknown profile…).
 * `insecure_http`: a remote profile's URL is plain http:// to a non-loopback host and the administrator
 * did not confirm (`AddRemoteProfileInput.allowInsecureHttp`).
 */
export interface BridgeErrorShape {
  code: 'unreachable' | 'timeout' | 'not_found' | 'bad_request' | 'insecure_http' | 'internal';
  message: string;
}

/** File formats of an export: CSV (one row per record, header first) or NDJSON (one JSON record per line). */
export type ExportFormat = 'csv' | 'ndjson';

/**
 * Input of `export:start`: what to export and in which format. The renderer never names the file: the
 * host asks the user (Electron's save dialog) or writes to the downloads folder (browser host).
 */
export interface AuditEventsExportInput {
  kind: 'audit_events';
  /** Profile to export from; the active profile when absent. */
  profileId?: string;
  format: ExportFormat;
  /** Filters of `GET /audit_events`, as the audit log screen sends them. */
  filters: AuditEventFilters;
}

/** Result of `export:start`: the job's id, or `null` when the user dismissed the save dialog. */
export interface ExportStartResult {
  exportId: string | null;
}

/** Where an export job stands. `running` ends in exactly one of the other three. */
export type ExportState = 'running' | 'done' | 'failed' | 'canceled';

/** Progress and outcome of an export job (`export:status`, `export:cancel`). Never carries a token. */
export interface ExportStatus {
  exportId: string;
  state: ExportState;
  format: ExportFormat;
  /** Records written so far (the final count once `done`). */
  written: number;
  /** Records matching the filters when the export started, when the instance says (`x-total`); else null. */
  expected: number | null;
  /** Absolute path of the finished file; present once `done`. */
  file?: string;
  /** A sentence an administrator can act on; present once `failed`. */
  error?: string;
  /** ISO 8601 times. */
  startedAt: string;
  finishedAt?: string;
}

/** One change of the embedded instance's pipelines or jobs, as `events:poll` hands it out. Never carries a token. */
export interface ChangeEvent {
  /** Position in the host's event buffer (1, 2, 3, … since the host started). */
  seq: number;
  type: 'pipeline' | 'job';
  /** The profile whose data changed (the embedded profile). */
  profileId: string;
  projectId: number;
  pipelineId: number;
  /** Present for `job` events. */
  jobId?: number;
  /** The new status (GitLab's CI status names). */
  status: string;
  /** ISO 8601 time the host received the event. */
  at: string;
}

/**
 * Result of `events:poll(sinceSeq, timeoutMs)`: the events after `sinceSeq` (resolves as soon as there
 * are any, else after `timeoutMs` with none) and the newest `seq` to pass next time.
 */
export interface EventsPollResult {
  seq: number;
  events: ChangeEvent[];
  /**
   * True when events after `sinceSeq` were dropped from the buffer (or `sinceSeq` is from an earlier
   * host run): the caller should refetch everything it shows.
   */
  reset: boolean;
  /** False when there is no embedded instance publishing events; callers poll the API instead. */
  live: boolean;
}

/**
 * A pause of one instance's requests: GitLab answered 429 (or 503 with `Retry-After`) and the host's
 * rate limiter holds that profile's requests until the wait is over, as `events:slow-downs` hands it out
 * (one event per pause). The renderer shows `message` as a calm notice while the pause runs.
 */
export interface SlowDownEvent {
  /** Position in the host's notice sequence (1, 2, 3, … since the host started). */
  seq: number;
  /** The profile whose requests are paused. */
  profileId: string;
  /** The HTTP status that asked for the pause (429, or 503). */
  status: number;
  /** Time left in the pause when the host answered the poll, in ms. */
  waitMs: number;
  /** "GitLab asked Outpost to slow down; retrying in 20 s." */
  message: string;
  /** ISO 8601 time the pause started. */
  at: string;
}

/**
 * Result of `events:slow-downs(sinceSeq, timeoutMs)`: the pauses announced after `sinceSeq` that are
 * still running (every running one for `sinceSeq` -1), and the newest `seq` to pass next time.
 */
export interface SlowDownsPollResult {
  seq: number;
  notices: SlowDownEvent[];
}

/** Input of `notify:show`: an OS notification (Electron). Plain text, no markup. */
export interface NotificationInput {
  title: string;
  body: string;
}

/** Result of `notify:show`: false when this shell has no OS notifications (the browser host). */
export interface NotificationResult {
  shown: boolean;
}

/**
 * First-run state (`onboarding:status`): `firstRun` is true until the administrator has made a choice on
 * the welcome screen (`onboarding:finish`); the host keeps the choice in `<appData>/host/onboarding.json`.
 */
export interface OnboardingStatus {
  firstRun: boolean;
  /** What was chosen, once chosen. */
  choice: OnboardingChoice | null;
  /**
   * The repository "Load demo data" imports by default: this project's own checkout when the app runs
   * from a git checkout, else null (the user gives a path).
   */
  defaultDemoRepository: string | null;
}

/** The welcome screen's outcome: the embedded instance, or a remote GitLab instance added as a profile. */
export type OnboardingChoice = 'embedded' | 'remote';

/** Input of `demo:load`: the local git repository (absolute path) whose real history the demo is built from. */
export interface DemoLoadInput {
  /** Absolute path of a local git repository; the host's default demo repository when absent. */
  repositoryPath?: string;
}

/** Where a demo build stands. `running` ends in `done` or `failed`. */
export type DemoState = 'idle' | 'running' | 'done' | 'failed';

/**
 * Progress of the demo data build on the embedded instance (`demo:load`, `demo:status`). Steps are
 * sentences (`Importing the repository`, `Running pipelines`…); `completed` of `total` steps are done.
 */
export interface DemoStatus {
  state: DemoState;
  /** The step running now (or the last one), as a sentence. */
  step: string | null;
  completed: number;
  total: number;
  /** The imported demo project, once it exists: its id and `path_with_namespace`. */
  project: { id: number; pathWithNamespace: string } | null;
  /** A sentence an administrator can act on; present once `failed`. */
  error?: string;
  /** ISO 8601 times. */
  startedAt?: string;
  finishedAt?: string;
}

/**
 * Channel name → handler signature. Electron's ipcMain handlers, the preload and the browser host's
 * `/bridge/:channel` routes are all keyed by this map, so a channel can't be called with the wrong shape.
 * Every return is a Promise (ipcRenderer.invoke semantics).
 */
export interface BridgeChannels {
  'api:request': (req: ApiRequest) => Promise<ApiResponse>;
  'api:graphql': (req: GraphqlRequest) => Promise<ApiResponse>;
  'profiles:list': () => Promise<ProfileSummary[]>;
  'profiles:add-remote': (input: AddRemoteProfileInput) => Promise<ProfileSummary>;
  'profiles:remove': (id: string) => Promise<void>;
  'profiles:update': (input: UpdateProfileInput) => Promise<ProfileSummary>;
  'profiles:set-active': (id: string) => Promise<ProfileSummary>;
  'profiles:check': (id: string) => Promise<ProfileCheckResult>;
  'app:info': () => Promise<AppInfo>;
  'shell:open-external': (url: string) => Promise<void>;
  'export:start': (input: AuditEventsExportInput) => Promise<ExportStartResult>;
  'export:status': (exportId: string) => Promise<ExportStatus>;
  'export:cancel': (exportId: string) => Promise<ExportStatus>;
  'events:poll': (sinceSeq: number, timeoutMs: number) => Promise<EventsPollResult>;
  'events:slow-downs': (sinceSeq: number, timeoutMs: number) => Promise<SlowDownsPollResult>;
  'notify:show': (input: NotificationInput) => Promise<NotificationResult>;
  'onboarding:status': () => Promise<OnboardingStatus>;
  'onboarding:finish': (choice: OnboardingChoice) => Promise<OnboardingStatus>;
  'demo:load': (input: DemoLoadInput) => Promise<DemoStatus>;
  'demo:status': () => Promise<DemoStatus>;
}

export type BridgeChannel = keyof BridgeChannels;

/** All channel names, for allow-listing in the preload and the browser host. */
export const BRIDGE_CHANNELS: readonly BridgeChannel[] = [
  'api:request',
  'api:graphql',
  'profiles:list',
  'profiles:add-remote',
  'profiles:remove',
  'profiles:update',
  'profiles:set-active',
  'profiles:check',
  'app:info',
  'shell:open-external',
  'export:start',
  'export:status',
  'export:cancel',
  'events:poll',
  'events:slow-downs',
  'notify:show',
  'onboarding:status',
  'onboarding:finish',
  'demo:load',
  'demo:status',
] as const;

/** The object the preload exposes as `window.outpost`, namespaced one method per channel. */
export interface OutpostBridge {
  api: { request: BridgeChannels['api:request']; graphql: BridgeChannels['api:graphql'] };
  profiles: {
    list: BridgeChannels['profiles:list'];
    addRemote: BridgeChannels['profiles:add-remote'];
    remove: BridgeChannels['profiles:remove'];
    update: BridgeChannels['profiles:update'];
    setActive: BridgeChannels['profiles:set-active'];
    check: BridgeChannels['profiles:check'];
  };
  app: { info: BridgeChannels['app:info'] };
  shell: { openExternal: BridgeChannels['shell:open-external'] };
  exports: {
    start: BridgeChannels['export:start'];
    status: BridgeChannels['export:status'];
    cancel: BridgeChannels['export:cancel'];
  };
  events: { poll: BridgeChannels['events:poll']; slowDowns: BridgeChannels['events:slow-downs'] };
  notify: { show: BridgeChannels['notify:show'] };
  onboarding: {
    status: BridgeChannels['onboarding:status'];
    finish: BridgeChannels['onboarding:finish'];
  };
  demo: { load: BridgeChannels['demo:load']; status: BridgeChannels['demo:status'] };
}

/** Header carrying the browser host's per-launch secret on every `/bridge/*` call. */
export const BROWSER_HOST_SECRET_HEADER = 'x-outpost-secret';
/**
 * Query parameter carrying the secret in an in-process launch URL (tests, fixtures; removed from the
 * address bar by the renderer). Addresses that leave the host carry a one-time code instead
 * (`/launch?code=…`, electron/host/browser-host/launch-codes.ts), exchanged for a session cookie.
 */
export const BROWSER_HOST_SECRET_PARAM = 'secret';

/**
 * Browser host wire format for one bridge call:
 * `POST /bridge/<channel>` with headers `content-type: application/json` and
 * `x-outpost-secret: <secret>` (or, from the app's own page, the HttpOnly session cookie and its
 * Origin), body `{"args": [...]}` (the channel's arguments in order).
 * Success: 200 `{"result": <value>}` (`null` for void). Failure: 4xx/5xx `{"error": BridgeErrorShape}`.
 * A missing or wrong secret, or a foreign Host/Origin, gives 403 and runs nothing.
 */
export interface BrowserHostCallBody {
  args: unknown[];
}
export type BrowserHostCallReply = { result: unknown } | { error: BridgeErrorShape };

/**
 * The envelope of one bridge call's outcome, identical in both shells: Electron's ipcMain handler resolves
 * to it (the preload passes it through contextBridge untouched) and the browser host sends it as the body.
 * Only the renderer's `unwrapBridge` (renderer/src/api/bridge-error.ts) turns `error` into a thrown
 * BridgeError, so its `code` survives either way (contextBridge would keep only an Error's `message`).
 */
export type BridgeReply<T> = { result: T } | { error: BridgeErrorShape };

/** A bridge method as the shells deliver it: the same arguments, resolving to its BridgeReply. */
export type WireBridgeMethod<F> = F extends (...args: infer A) => Promise<infer R>
  ? (...args: A) => Promise<BridgeReply<R>>
  : never;

/**
 * `window.outpost` (Electron preload) and the browser host's HTTP transport: OutpostBridge's groups and
 * methods, each resolving to a BridgeReply instead of rejecting on host errors.
 */
export type OutpostWireBridge = {
  [G in keyof OutpostBridge]: { [M in keyof OutpostBridge[G]]: WireBridgeMethod<OutpostBridge[G][M]> };
};
