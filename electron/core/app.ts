/**
 * `createCore({ dataDir })`: the embedded GitLab v4-compatible service (architecture.md "core").
 * Boots SQLite (WAL, migrations), the default storage shard, the administrator `root` on first start,
 * the Fastify app with GitLab's auth, params, pagination and error shapes, and finishes work a crash
 * left behind (queued repository removals, missing repositories, interrupted imports).
 * Nothing global: every core owns its database, shards and background tasks.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Core, CoreInjectRequest, CoreInjectResponse, CoreOptions } from './core-contract.js';
import { PRIVATE_DIR_MODE, ensurePrivateDirSync, restrictFilesInSync } from './crypto/file-modes.js';
import { INITIAL_ROOT_TOKEN_FILE } from './crypto/root-token-file.js';
import { SecretBox } from './crypto/secret-box.js';
import { loadOrCreateSecretKeySync } from './crypto/secret-key-file.js';
import { openDatabase } from './db/database.js';
import { shutdownCatFilePool } from './git/cat-file-pool.js';
import type { StorageShards } from './git/storage.js';
import { sweepGitTempAreaSync, sweepLegacyGitTempSync } from './git/temp-area.js';
import { checkAdminRoute } from './http/admin-guard.js';
import { checkRouteAccess, resolveActor } from './http/auth.js';
import { DEFAULT_ALERT_PAYLOAD_LIMIT } from './http/alert-intake.js';
import { frameworkErrors, registerErrorHandling } from './http/errors.js';
import { graphqlRoutes } from './graphql/route.js';
import { registerJsonContentType } from './http/json-content-type.js';
import { collectParams, parseBracketParams, registerParamParsers } from './http/params.js';
import { routeConfigOf } from './http/route-config.js';
import { applySudo } from './http/sudo.js';
import { BackgroundTasks } from './jobs/background-tasks.js';
import { onPipelineFinished } from './services/merge-requests/accept-merge-request.js';
import { recoverMergeStatusChecks } from './services/merge-requests/merge-status.js';
import { recoverRebases } from './services/merge-requests/rebase-merge-request.js';
import { alertReceiverRoutes } from './routes/alert-receiver.js';
import { exportAuditEvents } from './services/audit/export-audit-events.js';
import { gitHttpRoutes } from './routes/git-http.js';
import { apiRoutes } from './routes/index.js';
import { PipelineRunner } from './runner/pipeline-runner.js';
import type { Actor, ServiceContext } from './services/context.js';
import { installPreReceiveHook } from './services/git-http/pre-receive-hook.js';
import { runnerPipelineState } from './services/pipelines/runner-state.js';
import { resumeImports } from './services/projects/import-repository.js';
import { finishRepositoryRemovals, repairRepositories } from './services/projects/repository-maintenance.js';
import { recoverStorageMoves } from './services/storage-moves/execute-move.js';
import { copyRateLimitHooks } from './services/storage-moves/copy-rate-limit.js';
import { StorageMoveRuntime } from './services/storage-moves/runtime.js';
import { avatarRoutes } from './routes/avatars.js';
import { bootstrapRoot } from './services/users/bootstrap-root.js';
import { createPersonalAccessToken } from './services/users/personal-access-tokens.js';

export type { Core, CoreOptions } from './core-contract.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The service context for this request (actor resolved from the token). */
    svc: ServiceContext;
    /** Query and body parameters merged, GitLab style. */
    gparams: Record<string, unknown>;
  }
}

/** Token scheme for the generated root token file. */
function randomRootToken(): string {
  return `glpat-${randomBytes(15).toString('base64url')}`;
}

/**
 * Strip secrets from URLs before they reach a log line: `private_token`/`access_token`, and any query
 * parameter naming a token, value or password (`platform_kubernetes_attributes[token]`, CI variable `value`).
 */
function redactUrl(url: string): string {
  return url.replace(/([?&][^=&#]*(?:token|value|password)[^=&#]*=)[^&#]*/gi, '$1[REDACTED]');
}

/**
 * The storage shards: `default` under the data dir plus `storages` (name → absolute path).
 * @throws Error for a bad shard name, a relative path, or a redefined `default`.
 */
function configureShards(dataDir: string, storages: Record<string, string> = {}): StorageShards {
  const shards = new Map([['default', path.join(dataDir, 'repositories', 'default')]]);
  for (const [name, dir] of Object.entries(storages)) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) throw new Error(`Invalid storage name "${name}"`);
    if (name === 'default')
      throw new Error('The storage "default" is always <data dir>/repositories/default');
    if (!path.isAbsolute(dir)) throw new Error(`The path of storage "${name}" must be absolute`);
    shards.set(name, path.resolve(dir));
  }
  return shards;
}

/**
 * Create and boot a core.
 * @throws if the data dir can't be created, the database can't be opened, or the root token is shorter than 20 characters.
 */
export async function createCore(opts: CoreOptions): Promise<Core> {
  const dataDir = path.resolve(opts.dataDir);
  // Owner-only whatever the umask: the data dir 0700; new shard dirs 0700. The traces of an older
  // version's data dir are tightened once, when its open dir is; a 0700 dir already keeps them private,
  // so later starts don't walk every trace.
  const upgradedOpenDir = ensurePrivateDirSync(dataDir);
  const shards: StorageShards = configureShards(dataDir, opts.storages);
  for (const dir of shards.values()) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (upgradedOpenDir) restrictFilesInSync(path.join(dataDir, 'traces'));
  // git's work files (temporary indexes, rebase worktrees) live in <dataDir>/tmp/git; a crash's are swept.
  sweepGitTempAreaSync(dataDir);
  sweepLegacyGitTempSync();
  const secrets = new SecretBox(loadOrCreateSecretKeySync(dataDir));
  const db = openDatabase(path.join(dataDir, 'outpost.sqlite'));
  const tasks = new BackgroundTasks();
  const storageMoves = new StorageMoveRuntime(tasks, {
    concurrency: opts.storageMoveConcurrency,
    hooks:
      opts.storageMoveHooks ??
      (opts.storageMoveBytesPerSecond === undefined
        ? undefined
        : copyRateLimitHooks(opts.storageMoveBytesPerSecond)),
  });
  const runner = new PipelineRunner({
    dataDir,
    concurrency: opts.runnerConcurrency,
    jobSandbox: opts.jobSandbox,
  });
  let externalUrl = (opts.externalUrl ?? 'http://localhost').replace(/\/+$/, '');

  const systemCtx: ServiceContext = {
    db,
    dataDir,
    shards,
    actor: { user: null, scopes: [], ipAddress: null },
    externalUrl: () => externalUrl,
    tasks,
    secrets,
    ci: runner,
    storageMoves,
  };

  // First start: the administrator and their token. The caller hands the token over in-process (the
  // host, the CLI: they read OUTPOST_ROOT_TOKEN and drop it from the environment); without one a random
  // token goes to <dataDir>/initial_root_token (0600) for a standalone core's operator.
  const wanted = opts.rootToken;
  const initialRootToken = bootstrapRoot(systemCtx, wanted ?? randomRootToken());
  if (initialRootToken && !wanted) {
    const file = path.join(dataDir, INITIAL_ROOT_TOKEN_FILE);
    writeFileSync(file, `${initialRootToken}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }

  // Finish what a crash left behind. Repositories are repaired before storage moves are recovered: the
  // recovery queues moves, and a move that switched a project and renamed its source away while the
  // repair still held the old project row had its source recreated as an empty repository.
  await finishRepositoryRemovals(systemCtx);
  await repairRepositories(systemCtx);
  await recoverStorageMoves(systemCtx);
  resumeImports(systemCtx);
  // The pre-receive hook every push over HTTP runs (rewritten at each start).
  const gitHooksDir = await installPreReceiveHook(path.join(dataDir, 'git-hooks'));
  runner.start(runnerPipelineState(systemCtx));
  recoverMergeStatusChecks(systemCtx);
  recoverRebases(systemCtx);
  // Merge when pipeline succeeds: finished pipelines merge the requests waiting for them.
  runner.events.on('pipeline', (e) => onPipelineFinished(systemCtx, e.projectId, e.pipelineId, e.status));

  const app: FastifyInstance = Fastify({
    logger: opts.logger
      ? {
          level: 'info',
          redact: ['req.headers["private-token"]', 'req.headers.authorization'],
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({
              method: req.method,
              url: redactUrl(req.url),
              ip: req.ip,
            }),
          },
        }
      : false,
    bodyLimit: 20 * 1024 * 1024,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000, querystringParser: parseBracketParams },
  });
  await registerParamParsers(app);
  registerErrorHandling(app);
  registerJsonContentType(app);

  app.addHook('onRequest', async (req, reply) => {
    const actor: Actor | null = resolveActor(db, req, reply);
    if (!actor) return reply;
    req.svc = { ...systemCtx, actor };
    if (routeConfigOf(req).url && !checkRouteAccess(actor, req, reply)) return reply;
    return undefined;
  });
  app.addHook('preHandler', async (req, reply) => {
    req.gparams = await collectParams(req);
    // `sudo` (parameter or header): an administrator's sudo-scoped token acting as another user.
    if (!applySudo(req, reply)) return reply;
    // Routes declared administrator-only (config.admin, http/admin-guard.ts): 403 for everyone else.
    checkAdminRoute(req);
    return undefined;
  });

  const alertPayloadLimit = opts.alertPayloadLimit ?? DEFAULT_ALERT_PAYLOAD_LIMIT;
  await app.register(apiRoutes, { prefix: '/api/v4', alertPayloadLimit });
  // GitLab's GraphQL endpoint (the alert management subset), outside /api/v4 as GitLab's.
  await app.register(graphqlRoutes);
  // The alert receiver lives outside /api/v4, on project paths, as GitLab's notify URLs.
  await app.register(alertReceiverRoutes, { payloadLimit: alertPayloadLimit });
  // Uploaded avatars at GitLab's /uploads/-/system/… URLs, and PUT /api/v4/user/avatar.
  await app.register(avatarRoutes);
  // Git's smart HTTP on project paths (`git clone <http_url_to_repo>`), and its internal push check.
  await app.register(gitHttpRoutes, { hooksDir: gitHooksDir, limits: opts.gitHttp });
  await app.ready();

  let closed = false;
  return {
    dataDir,
    initialRootToken,
    async inject(req: CoreInjectRequest): Promise<CoreInjectResponse> {
      const res = await app.inject({
        method: req.method,
        url: req.url,
        headers: req.headers,
        payload: req.payload as string | Buffer | object | undefined,
      });
      // light-my-request finishes each response with a setImmediate; a caller that awaits inject in a
      // tight loop (an export, a keyset walk) never reaches the event loop's check phase, so those
      // immediates — each holding its whole request and response — pile up (~10 KB per request, 1.5 GB
      // over a million requests). Yield once so they run.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return { statusCode: res.statusCode, headers: res.headers, body: res.body, rawPayload: res.rawPayload };
    },
    issueRootToken(name: string): string {
      // bootstrapRoot creates root as the first user of an empty database: id 1.
      return createPersonalAccessToken(systemCtx, 1, {
        name,
        scopes: ['api', 'sudo', 'admin_mode'],
        expires_at: null,
      }).token;
    },
    exportAuditEvents: (token, query, exportOpts) =>
      exportAuditEvents(systemCtx, token, query, exportOpts?.pageSize),
    async listen({ port = 0, host = '127.0.0.1' } = {}): Promise<string> {
      await app.listen({ port, host });
      const addr = app.server.address();
      const actualPort = typeof addr === 'object' && addr ? addr.port : port;
      const url = `http://${host}:${actualPort}`;
      if (!opts.externalUrl) externalUrl = url;
      return url;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      storageMoves.shutdown();
      await app.close();
      await runner.stop();
      await tasks.idle();
      db.close();
      await shutdownCatFilePool();
    },
    idle: () => tasks.idle(),
    events: runner.events,
  };
}
