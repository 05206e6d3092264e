/**
 * Git's smart HTTP protocol on project paths, outside `/api/v4` (git's `gitprotocol-http`; GitLab's
 * doc/topics/git/ and `Repositories::GitHttpController`), so plain `git clone`/`git push` work against
 * `http_url_to_repo` (`<externalUrl>/<namespace>[/<subgroup>…]/<project>.git`; GitLab also accepts the
 * path without `.git`):
 * - `GET  …/info/refs?service=git-upload-pack|git-receive-pack` → `200`
 *   `application/x-git-<service>-advertisement`: `# service=<service>` pkt-line, flush, then
 *   `git <service> --stateless-rpc --advertise-refs` (protocol v2 upload-pack: no preamble);
 * - `POST …/git-upload-pack`, `POST …/git-receive-pack` (`application/x-git-<service>-request`, optionally
 *   `Content-Encoding: gzip`) → `200 application/x-git-<service>-result`, streamed through
 *   `git <service> --stateless-rpc`. `Git-Protocol` is passed as `GIT_PROTOCOL`. `Cache-Control: no-cache`.
 * Authentication is HTTP Basic with a personal access token as password, checked here (`auth: 'none'`
 * for the API's token reader); refusals are `text/plain` as GitLab's: 401 with
 * `WWW-Authenticate: Basic realm="GitLab"`, 403 or 404 (see services/git-http/git-access.ts).
 *
 * Pushes run receive-pack with the core's pre-receive hook (services/git-http/pre-receive-hook.ts), which
 * calls `POST /api/v4/internal/allowed` (GitLab's internal API name) over loopback with this core's random
 * secret; the answer decides before any ref moves. Its post-receive twin asks
 * `POST /api/v4/internal/post_receive` for the merge request links git prints. The response of a push ends once the post-receive
 * work (pipelines, merge request refresh, audit) has been started, so a client that sees its push finish
 * sees its effects.
 *
 * Git processes are capped for the instance and per client, and killed when idle
 * (services/git-http/git-process-limits.ts): over a cap the answer is `429` (this client) or `503`
 * (the instance) with `Retry-After`, before git starts.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { PassThrough, pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkPush } from '../services/git-http/check-push.js';
import {
  GitAccessError,
  authenticateGitClient,
  authorizeGitRequest,
} from '../services/git-http/git-access.js';
import type { GitTarget } from '../services/git-http/git-access.js';
import {
  GitProcessLimiter,
  gitClientKey,
  isRefusal,
  stopGitProcess,
  superviseGitProcess,
} from '../services/git-http/git-process-limits.js';
import type { GitHttpLimits, GitProcessSlot } from '../services/git-http/git-process-limits.js';
import { processPush } from '../services/git-http/post-receive.js';
import { INTERNAL_SECRET_HEADER } from '../services/git-http/pre-receive-hook.js';
import { pushMessages } from '../services/git-http/push-messages.js';
import { PushSessions } from '../services/git-http/push-sessions.js';
import { parseRefChanges } from '../services/git-http/ref-changes.js';
import {
  internalAllowedUrl,
  isGitService,
  startAdvertisement,
  startReceivePack,
  startUploadPack,
} from '../services/git-http/serve-git.js';
import type { GitService, GitServiceProcess } from '../services/git-http/serve-git.js';
import type { ServiceContext } from '../services/context.js';
import { MAX_NAMESPACE_DEPTH } from './alert-receiver.js';

export interface GitHttpRouteOptions {
  /** Absolute directory holding the pre-receive hook (`installPreReceiveHook`). */
  hooksDir: string;
  /** Caps and idle timeout of the git processes (defaults: `DEFAULT_GIT_HTTP_LIMITS`). */
  limits?: GitHttpLimits;
}

/** The raw request body of a git POST, handed through untouched (no size limit, no buffering). */
class GitRequestBody {
  constructor(readonly stream: Readable) {}
}

/** The project's full path from the route params (`p0…pN`), `.git` dropped from the last segment. */
function projectPathOf(req: FastifyRequest): string {
  const params = req.params as Record<string, string>;
  const segments: string[] = [];
  for (let i = 0; params[`p${i}`] !== undefined; i++) segments.push(params[`p${i}`]!);
  const last = segments.length - 1;
  if (last >= 0) segments[last] = segments[last]!.replace(/\.git$/, '');
  return segments.join('/');
}

/** A GitLab-style plain-text refusal (401 asks for Basic credentials). */
function sendRefusal(reply: FastifyReply, status: number, message: string): FastifyReply {
  if (status === 401) void reply.header('WWW-Authenticate', 'Basic realm="GitLab"');
  return reply.status(status).type('text/plain; charset=utf-8').send(`${message}\n`);
}

/**
 * The pusher's or fetcher's service context, the project and a git process slot, or a refusal already
 * sent (access, then capacity: 429/503 with `Retry-After`). The caller hands the slot to
 * `superviseChild` once git is spawned, or releases it.
 */
async function authorize(
  req: FastifyRequest,
  reply: FastifyReply,
  service: GitService,
  limiter: GitProcessLimiter,
): Promise<{ ctx: ServiceContext; target: GitTarget; slot: GitProcessSlot } | null> {
  let ctx: ServiceContext;
  let target: GitTarget;
  try {
    const actor = authenticateGitClient(req.svc.db, req.headers.authorization, req.ip ?? null);
    ctx = { ...req.svc, actor };
    target = await authorizeGitRequest(ctx, projectPathOf(req), service);
  } catch (err) {
    if (err instanceof GitAccessError) {
      sendRefusal(reply, err.status, err.message);
      return null;
    }
    throw err;
  }
  const slot = limiter.acquire(gitClientKey(ctx.actor.user?.id, req.ip));
  if (isRefusal(slot)) {
    void reply.header('Retry-After', String(slot.retryAfterSeconds));
    sendRefusal(reply, slot.status, slot.message);
    return null;
  }
  return { ctx, target, slot };
}

/** Headers of every protocol answer (no caching, as `git http-backend` and GitLab send). */
function protocolHeaders(reply: FastifyReply, contentType: string): void {
  void reply
    .header('Content-Type', contentType)
    .header('Cache-Control', 'no-cache, max-age=0, must-revalidate')
    .header('Pragma', 'no-cache')
    .header('Expires', 'Fri, 01 Jan 1980 00:00:00 GMT');
}

/**
 * Kill git when the client goes away before the answer is complete or the exchange goes idle (then the
 * response is cut off: the client sees a broken transfer); release the process slot when git exits;
 * log git's complaints.
 */
function superviseChild(
  req: FastifyRequest,
  reply: FastifyReply,
  child: GitServiceProcess,
  label: string,
  slot: GitProcessSlot,
  idleMs: number,
): void {
  const input = req.body instanceof GitRequestBody ? req.body.stream : null;
  superviseGitProcess(child, slot, idleMs, input, () => {
    req.log.warn(`${label}: no data in or out for ${idleMs} ms; git stopped`);
    reply.raw.destroy();
    req.raw.destroy();
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    if (stderr.length < 8192) stderr += d;
  });
  child.on('close', (code) => {
    if (code !== 0) req.log.warn({ code, stderr: stderr.slice(0, 2000) }, `${label} exited with ${code}`);
  });
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) stopGitProcess(child);
  });
}

/** Feed the request body (gunzipped when `Content-Encoding: gzip`) into git's stdin. */
function pipeRequestBody(req: FastifyRequest, child: GitServiceProcess): void {
  const body = (req.body as GitRequestBody).stream;
  const encoding = String(req.headers['content-encoding'] ?? '').toLowerCase();
  const onError = (err: Error | null | undefined) => {
    if (err) {
      req.log.warn({ err: err.message }, 'git request body failed');
      stopGitProcess(child);
    }
  };
  if (encoding === 'gzip' || encoding === 'x-gzip') pipeline(body, createGunzip(), child.stdin, onError);
  else pipeline(body, child.stdin, onError);
}

/** Registers the smart HTTP routes (one per nesting depth, as the alert receiver) and the internal check. */
export async function gitHttpRoutes(app: FastifyInstance, opts: GitHttpRouteOptions): Promise<void> {
  const sessions = new PushSessions();
  const limiter = new GitProcessLimiter(opts.limits);
  const idleMs = limiter.limits.idleTimeoutMs;
  const secret = randomBytes(32).toString('hex');
  const secretBytes = Buffer.from(secret, 'utf8');

  app.addContentTypeParser(
    ['application/x-git-upload-pack-request', 'application/x-git-receive-pack-request'],
    (_req, payload, done) => done(null, new GitRequestBody(payload)),
  );

  /** `GET …/info/refs?service=…`: the refs advertisement. */
  const infoRefs = async (req: FastifyRequest, reply: FastifyReply) => {
    const service = (req.query as Record<string, unknown>).service;
    if (!isGitService(service))
      return sendRefusal(reply, 403, "The command you're trying to execute is not allowed.");
    const allowed = await authorize(req, reply, service, limiter);
    if (!allowed) return reply;
    let started;
    try {
      started = startAdvertisement(allowed.target, service, req.headers['git-protocol'], opts.hooksDir);
    } catch (err) {
      allowed.slot.release();
      throw err;
    }
    const { child, preamble } = started;
    superviseChild(req, reply, child, `${service} --advertise-refs`, allowed.slot, idleMs);
    child.stdin.end();
    const out = new PassThrough();
    child.on('error', (err) => out.destroy(err));
    out.write(preamble);
    child.stdout.pipe(out);
    protocolHeaders(reply, `application/x-${service}-advertisement`);
    return reply.send(out);
  };

  /** `POST …/git-upload-pack`: negotiation and the pack, streamed. */
  const uploadPack = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!(req.body instanceof GitRequestBody))
      return sendRefusal(reply, 415, 'Expected application/x-git-upload-pack-request');
    const allowed = await authorize(req, reply, 'git-upload-pack', limiter);
    if (!allowed) return reply;
    let child;
    try {
      child = startUploadPack(allowed.target, req.headers['git-protocol']);
    } catch (err) {
      allowed.slot.release();
      throw err;
    }
    superviseChild(req, reply, child, 'upload-pack', allowed.slot, idleMs);
    pipeRequestBody(req, child);
    const out = new PassThrough();
    child.on('error', (err) => out.destroy(err));
    child.stdout.pipe(out);
    protocolHeaders(reply, 'application/x-git-upload-pack-result');
    return reply.send(out);
  };

  /** `POST …/git-receive-pack`: the pack and ref updates, checked by the pre-receive hook. */
  const receivePack = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!(req.body instanceof GitRequestBody))
      return sendRefusal(reply, 415, 'Expected application/x-git-receive-pack-request');
    const allowed = await authorize(req, reply, 'git-receive-pack', limiter);
    if (!allowed) return reply;
    let started;
    try {
      // Git HTTP only arrives over a listening socket: the hook calls back to the address it came in on.
      const port = req.socket.localPort;
      const address = req.socket.localAddress;
      if (!port || !address) throw new Error('git-receive-pack needs a listening socket');
      started = await startReceivePack(allowed.ctx, allowed.target, req.headers['git-protocol'], sessions, {
        url: internalAllowedUrl(address, port),
        secret,
        hooksDir: opts.hooksDir,
      });
    } catch (err) {
      allowed.slot.release();
      throw err;
    }
    const { child, session } = started;
    superviseChild(req, reply, child, 'receive-pack', allowed.slot, idleMs);
    pipeRequestBody(req, child);
    const out = new PassThrough();
    child.stdout.pipe(out, { end: false });
    let finished = false;
    const finish = (code: number | null) => {
      if (finished) return;
      finished = true;
      const work = code === 0 && session.accepted ? processPush(session) : Promise.resolve(null);
      work
        .catch((err: unknown) => req.log.error({ err }, 'post-receive failed'))
        .finally(() => {
          sessions.close(session.id);
          out.end();
        });
    };
    child.on('error', (err) => {
      req.log.error({ err }, 'git receive-pack could not start');
      finish(null);
    });
    child.on('close', (code) => finish(code));
    protocolHeaders(reply, 'application/x-git-receive-pack-result');
    return reply.send(out);
  };

  for (let depth = 1; depth <= MAX_NAMESPACE_DEPTH; depth++) {
    const prefix = Array.from({ length: depth + 1 }, (_, i) => `:p${i}`).join('/');
    app.get(`/${prefix}/info/refs`, { config: { auth: 'none' } }, infoRefs);
    app.post(`/${prefix}/git-upload-pack`, { config: { auth: 'none' } }, uploadPack);
    app.post(`/${prefix}/git-receive-pack`, { config: { auth: 'none' } }, receivePack);
  }

  /**
   * `POST /api/v4/internal/allowed` (GitLab's internal API for its hooks, lib/api/internal/base.rb):
   * body `{action, protocol, push_id, changes: "<old> <new> <ref>\n…", push_options: [...], env: {…}}`
   * with the header `Outpost-Internal-Secret`. 200 `{"status":true}` to accept; 403
   * `{"status":false,"message":…}` with GitLab's sentence to refuse; 401 for a wrong secret, 404 for a
   * push that isn't in flight.
   */
  /** True when the request carries this core's internal secret. */
  const fromOurHook = (req: FastifyRequest) => {
    const presented = Buffer.from(String(req.headers[INTERNAL_SECRET_HEADER] ?? ''), 'utf8');
    return presented.length === secretBytes.length && timingSafeEqual(presented, secretBytes);
  };

  app.post('/api/v4/internal/allowed', { config: { auth: 'none' } }, async (req, reply) => {
    if (!fromOurHook(req)) return reply.status(401).send({ message: '401 Unauthorized' });
    const body = (req.body ?? {}) as Record<string, unknown>;
    const session = sessions.get(body.push_id);
    if (!session || body.action !== 'git-receive-pack')
      return reply.status(404).send({ status: false, message: 'Push not found' });
    const changes = parseRefChanges(typeof body.changes === 'string' ? body.changes : '');
    const env = (body.env && typeof body.env === 'object' ? body.env : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const result = await checkPush(session, changes, {
      GIT_OBJECT_DIRECTORY: str(env.GIT_OBJECT_DIRECTORY),
      GIT_ALTERNATE_OBJECT_DIRECTORIES: str(env.GIT_ALTERNATE_OBJECT_DIRECTORIES),
      GIT_QUARANTINE_PATH: str(env.GIT_QUARANTINE_PATH),
    });
    if (!result.allowed) return reply.status(403).send({ status: false, message: result.message });
    session.accepted = result.changes;
    session.pushOptions = Array.isArray(body.push_options)
      ? body.push_options.filter((o): o is string => typeof o === 'string')
      : [];
    return reply.status(200).send({ status: true, message: '' });
  });

  /**
   * `POST /api/v4/internal/post_receive` (GitLab's internal API, called by the post-receive hook after the
   * refs moved): body `{push_id, changes}`, same secret; 200 `{"messages":[{"type":"basic","message":…}]}`
   * with merge request links for the pushed branches (services/git-http/push-messages.ts). 401 for a wrong
   * secret, 404 for a push that isn't in flight. The post-receive work itself runs once receive-pack exits.
   */
  app.post('/api/v4/internal/post_receive', { config: { auth: 'none' } }, async (req, reply) => {
    if (!fromOurHook(req)) return reply.status(401).send({ message: '401 Unauthorized' });
    const body = (req.body ?? {}) as Record<string, unknown>;
    const session = sessions.get(body.push_id);
    if (!session) return reply.status(404).send({ message: 'Push not found' });
    const changes = parseRefChanges(typeof body.changes === 'string' ? body.changes : '');
    return reply.status(200).send({ messages: pushMessages(session, changes) });
  });
}
