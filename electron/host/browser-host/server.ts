import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  BRIDGE_CHANNELS,
  BROWSER_HOST_SECRET_HEADER,
  type BridgeChannel,
  type BrowserHostCallReply,
} from '../../../shared/ipc-contract.js';
import type { BridgeHandlers } from '../bridge-handlers.js';
import { RENDERER_SECURITY_HEADERS } from '../csp.js';
import {
  LAUNCH_CODE_PARAM,
  LAUNCH_PATH,
  createLaunchCodes,
  sessionCookie,
  sessionCookieName,
  type LaunchCodes,
  type RedeemOutcome,
} from './launch-codes.js';
import { bridgeCallRefusal, isAllowedHost } from './request-guard.js';

/** Largest bridge call body (API bodies can carry base64 file content). */
export const BRIDGE_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/** Options of `buildBrowserHostServer`. */
export interface BrowserHostServerOptions {
  handlers: BridgeHandlers;
  /**
   * The per-launch secret every `/bridge/*` call must present, in `x-outpost-secret` or in the session
   * cookie the launch-code exchange sets (see `bridgeCallRefusal`).
   */
  secret: string;
  /** The one-time codes `GET /launch?code=…` exchanges for the session cookie (default: none issued). */
  launchCodes?: LaunchCodes;
  /** Folder of the built renderer (`dist/renderer`); may not exist yet. */
  rendererDir: string;
  /** The port the server listens on, read at request time (known only after `listen`). */
  port: () => number;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outpost</title></head>
<body style="font-family: sans-serif; margin: 3rem">
<h1>Outpost</h1>
<p>renderer not built: run npm run build</p>
<p>Then start Outpost again (<code>npm start</code>).</p>
</body></html>
`;

/** The page a launch code that can't be used gets (403): what happened, and what to do. */
function launchRefusedPage(outcome: Exclude<RedeemOutcome, 'ok'>): string {
  const what =
    outcome === 'used'
      ? 'This launch address was already used. Each address Outpost gives out opens it once.'
      : outcome === 'expired'
        ? 'This launch address has expired. Each address Outpost gives out works only for a short time.'
        : 'This launch address is not one this Outpost gave out (it may be from an earlier launch).';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outpost: launch address not valid</title></head>
<body style="font-family: sans-serif; margin: 3rem">
<h1>Outpost</h1>
<p>${what}</p>
<p>If Outpost is open in another window, use that window. Otherwise stop Outpost and start it again
(<code>npm start</code>): it opens a new window, or prints a new address with <code>--no-open</code>.</p>
</body></html>
`;
}

/** GET/HEAD outside `/bridge`: answered with a renderer file or the app page. */
function isPageRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && url !== '/bridge' && !url.startsWith('/bridge/');
}

/**
 * `dispatchBridgeCall`, imported on the first bridge call: bridge-handlers.ts loads zod and the argument
 * schemas, which the renderer's files don't need, so the server listens without them.
 */
let dispatcher: Promise<typeof import('../bridge-handlers.js').dispatchBridgeCall> | undefined;
function loadDispatcher() {
  dispatcher ??= import('../bridge-handlers.js').then((m) => m.dispatchBridgeCall);
  return dispatcher;
}

/** `Cache-Control` of a file whose bytes never change under its URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A built file named by its content: `assets/<name>-<8-character hash>.<ext>` (and its `.js.map`), as
 * vite names every chunk, stylesheet and asset it emits; its bytes never change under that name.
 */
const CONTENT_NAMED_FILE = /^assets\/[^/]+-[\w-]{8}(?:\.[a-z0-9]+)+$/;

/**
 * `Cache-Control` for a file of the built renderer, by its path relative to the renderer folder:
 * content-named files (see {@link CONTENT_NAMED_FILE}) are kept a year and never revalidated
 * (`immutable`), so a later launch on the same browser profile reads the app's code from its cache
 * without asking; `index.html`, which names the current build's files, is never stored (`no-store`);
 * every other file (the icon, `color-scheme.js` unless asked for by the version the page names, see
 * `versionClassicScript`) is revalidated on each use (`no-cache`). A rebuild
 * names its changed files anew, so an old cached file is never served in their place.
 */
export function rendererFileCacheControl(relativePath: string): string {
  const path = relativePath.split(sep).join('/');
  if (path === 'index.html') return 'no-store';
  return CONTENT_NAMED_FILE.test(path) ? IMMUTABLE : 'no-cache';
}

/**
 * The classic (blocking) script index.html loads before the app (it sets the color scheme before the
 * first paint); vite copies it as it is, so its name does not change with its content.
 */
const CLASSIC_SCRIPT = 'color-scheme.js';

/** A short content hash: the `v` query the page names {@link CLASSIC_SCRIPT} by. */
export function contentVersion(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 12);
}

/**
 * index.html with its reference to {@link CLASSIC_SCRIPT} named by the script's content
 * (`./color-scheme.js?v=<contentVersion>`), so the browser may keep the script for good like the
 * content-named chunks, and a later launch needs no request for it before the app's code runs; a
 * changed script gets a new URL. Returns `html` unchanged when it does not reference the script.
 */
export function versionClassicScript(html: string, script: Buffer): string {
  return html.replace(`src="./${CLASSIC_SCRIPT}"`, `src="./${CLASSIC_SCRIPT}?v=${contentVersion(script)}"`);
}

/** True when `name` is one of the contract's channels. */
function isChannel(name: string): name is BridgeChannel {
  return (BRIDGE_CHANNELS as readonly string[]).includes(name);
}

function forbidden(reply: FastifyReply, message: string): FastifyReply {
  const body: BrowserHostCallReply = { error: { code: 'bad_request', message: `Forbidden: ${message}` } };
  return reply.code(403).header('cache-control', 'no-store').send(body);
}

/**
 * The browser host's Fastify app (not listening yet):
 * - every request: Host must be `127.0.0.1:PORT` or `localhost:PORT` (DNS rebinding), else 403;
 * - `GET /launch?code=<one-time code>`: a code from `launchCodes` used for the first time within its
 *   lifetime answers 303 to `/` with the session cookie (`sessionCookie`: the secret, HttpOnly,
 *   SameSite=Strict, Path=/); a used, expired or unknown code answers a 403 page saying which, and no
 *   cookie;
 * - `/bridge/*`: `bridgeCallRefusal` (Origin, then the `x-outpost-secret` header, or the session cookie
 *   from this server's own page; constant-time comparisons), else 403 before the body is read;
 *   `POST /bridge/:channel` runs the channel (`{ args }` → `{ result }` | `{ error }`), an unknown
 *   channel is 404;
 * - other GETs: files from `rendererDir` (cache headers: `rendererFileCacheControl`), `index.html` for
 *   unknown paths with its classic script named by content (`versionClassicScript`), a 503 page when
 *   the renderer is not built;
 * - every response: CSP, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`.
 */
export async function buildBrowserHostServer(options: BrowserHostServerOptions): Promise<FastifyInstance> {
  const { handlers, secret, rendererDir, port } = options;
  const launchCodes = options.launchCodes ?? createLaunchCodes();
  // forceCloseConnections: closing the host ends every connection (a browser keeps its own open).
  const app = Fastify({
    logger: false,
    bodyLimit: BRIDGE_BODY_LIMIT_BYTES,
    return503OnClosing: true,
    forceCloseConnections: true,
  });

  const indexPath = join(rendererDir, 'index.html');
  const classicScriptPath = join(rendererDir, CLASSIC_SCRIPT);
  const servePage = (reply: FastifyReply): FastifyReply => {
    if (!existsSync(indexPath)) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    return reply.code(200).header('cache-control', 'no-store').sendFile('index.html', rendererDir);
  };
  // `/` and app paths: the page, its classic script named by content (see versionClassicScript).
  const servePageVersioned = async (reply: FastifyReply, method: string): Promise<FastifyReply> => {
    if (method !== 'GET') return servePage(reply);
    let html: string;
    let script: Buffer;
    try {
      [html, script] = await Promise.all([readFile(indexPath, 'utf8'), readFile(classicScriptPath)]);
    } catch {
      return servePage(reply); // not built (503 page), or no classic script: the file as it is
    }
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(versionClassicScript(html, script));
  };

  app.addHook('onRequest', async (req, reply) => {
    if (!isAllowedHost(req.headers.host, port())) return forbidden(reply, 'unexpected Host header.');
    // The matched route decides (it sees the decoded path, e.g. /%62ridge/…); the raw prefix covers 404s.
    const isBridge =
      req.routeOptions.url === '/bridge/:channel' || req.url === '/bridge' || req.url.startsWith('/bridge/');
    if (isBridge) {
      const refusal = bridgeCallRefusal(
        {
          origin: req.headers.origin,
          cookie: req.headers.cookie,
          'sec-fetch-site': req.headers['sec-fetch-site'] as string | undefined,
          secret: req.headers[BROWSER_HOST_SECRET_HEADER],
        },
        port(),
        secret,
        sessionCookieName(port()),
      );
      if (refusal) return forbidden(reply, refusal);
    }
    return undefined;
  });

  // GET only: a HEAD (a link checker, a prefetch) must not use up the code.
  app.get<{ Querystring: Record<string, unknown> }>(
    LAUNCH_PATH,
    { exposeHeadRoute: false },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const outcome = launchCodes.redeem(req.query[LAUNCH_CODE_PARAM]);
      if (outcome === 'ok') {
        return reply
          .code(303)
          .header('set-cookie', sessionCookie(port(), secret))
          .header('location', '/')
          .send();
      }
      return reply.code(403).type('text/html; charset=utf-8').send(launchRefusedPage(outcome));
    },
  );

  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of Object.entries(RENDERER_SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });

  app.setErrorHandler(async (err: { statusCode?: number }, req, reply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    // A static-file refusal (a directory such as `/` or `/assets`) falls back to the app page.
    if (isPageRequest(req.method, req.url) && status < 500) return servePageVersioned(reply, req.method);
    const body: BrowserHostCallReply =
      status === 413
        ? { error: { code: 'bad_request', message: 'The request body is too large.' } }
        : status < 500
          ? { error: { code: 'bad_request', message: 'The request body must be JSON: {"args": [...]}.' } }
          : { error: { code: 'internal', message: 'Outpost hit an internal error.' } };
    return reply.code(status).header('cache-control', 'no-store').send(body);
  });

  app.post<{ Params: { channel: string }; Body: unknown }>('/bridge/:channel', async (req, reply) => {
    const { channel } = req.params;
    reply.header('cache-control', 'no-store');
    if (!isChannel(channel)) {
      const body: BrowserHostCallReply = {
        error: { code: 'not_found', message: `Unknown bridge channel "${channel}".` },
      };
      return reply.code(404).send(body);
    }
    const args = req.body && typeof req.body === 'object' ? (req.body as { args?: unknown }).args : undefined;
    const dispatchBridgeCall = await loadDispatcher();
    const { status, reply: body } = await dispatchBridgeCall(handlers, channel, args);
    return reply.code(status).send(body);
  });

  if (existsSync(rendererDir)) {
    await app.register(fastifyStatic, {
      root: rendererDir,
      index: false,
      list: false,
      redirect: false,
      wildcard: true,
      serveDotFiles: false,
      setHeaders: (reply, file) => {
        const path = relative(rendererDir, file);
        // The page's classic script, asked for by the version the page names: that version's bytes.
        const version = (reply.request.query as { v?: unknown } | undefined)?.v;
        const current =
          path === CLASSIC_SCRIPT &&
          typeof version === 'string' &&
          version === contentVersion(readFileSync(file));
        reply.header('cache-control', current ? IMMUTABLE : rendererFileCacheControl(path));
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (isPageRequest(req.method, req.url)) return servePageVersioned(reply, req.method);
    const body: BrowserHostCallReply = { error: { code: 'not_found', message: 'Not found.' } };
    return reply.code(404).header('cache-control', 'no-store').send(body);
  });

  return app;
}
