import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  BROWSER_HOST_SECRET_PARAM,
  BRIDGE_CHANNELS,
  type BridgeChannel,
} from '../../../shared/ipc-contract.js';
import { BridgeError } from '../bridge-error.js';
import type { BridgeHandlers } from '../bridge-handlers.js';
import type { CreateCore } from '../embedded-core.js';
import type { Host } from '../host.js';
import { readRememberedPort, rememberPort, rememberedPortFile } from '../remembered-port.js';
import { takeRootTokenEnv, ROOT_TOKEN_ENV } from '../../core/crypto/root-token-env.js';
import {
  DEFAULT_LAUNCH_CODE_TTL_MS,
  LAUNCH_CODE_PARAM,
  LAUNCH_PATH,
  createLaunchCodes,
} from './launch-codes.js';
import { buildBrowserHostServer } from './server.js';

/** Options of `startBrowserHost`. */
export interface StartBrowserHostOptions {
  /** The app data dir (`<appData>/core`, `<appData>/host`). */
  appDataDir: string;
  /**
   * Port on 127.0.0.1; 0 picks a free one. Unset: the port of the last launch on this data dir
   * (`<appData>/host/browser-host-port.json`) when it is free, else a free one, remembered for the next
   * launch: the page's origin stays the same, so the browser profile's HTTP cache, compiled code and
   * local storage (UI preferences) carry over from one launch to the next.
   */
  port?: number;
  /** The built renderer folder (dist/renderer). */
  rendererDir: string;
  /** Core factory; default `createCore` from electron/core/app.ts. */
  createCore?: CreateCore;
  /** Opener for `shell:open-external`; default xdg-open when a display exists, else a no-op. */
  openExternal?: (url: string) => Promise<void>;
  /** Remote API timeout in ms (default 15 000). */
  remoteTimeoutMs?: number;
  /**
   * Folder exports are written to (the browser host has no save dialog); default OUTPOST_EXPORT_DIR,
   * then XDG_DOWNLOAD_DIR, then ~/Downloads, created when missing.
   */
  exportDir?: string;
}

/**
 * Takes `OUTPOST_ROOT_TOKEN` out of `process.env` now (see core/crypto/root-token-env.ts), before
 * anything can be spawned (the caller opens a browser as soon as the server listens, while the host
 * still starts), and returns the environment the host reads it from: a copy of `process.env` with the
 * token, when one was set; else undefined (the host reads `process.env`).
 */
function takeHostEnv(): Record<string, string | undefined> | undefined {
  if (process.env[ROOT_TOKEN_ENV] === undefined) return undefined;
  const { token } = takeRootTokenEnv(process.env);
  return { ...process.env, ...(token ? { [ROOT_TOKEN_ENV]: token } : {}) };
}

/** A running browser host. */
export interface BrowserHost {
  /** `http://127.0.0.1:PORT` (no secret). */
  url: string;
  /**
   * `http://127.0.0.1:PORT/?secret=…`, for callers in this process only (tests, in-process fixtures):
   * the renderer moves the secret to sessionStorage. Never put it on a command line or print it: use
   * `launchUrl` for any address that leaves the process.
   */
  urlWithSecret: string;
  /**
   * A new one-time launch address, `http://127.0.0.1:PORT/launch?code=…`: the code (not the secret)
   * opens the app once, within `ttlMs` (default 60 s), by setting the session cookie and redirecting to
   * `/`; see launch-codes.ts. Safe to print to the user's terminal; still not for a command line when
   * it can be avoided (see open-app-window.ts).
   */
  launchUrl(ttlMs?: number): string;
  /**
   * Resolves true once the code of `launchUrl` (an address `launchUrl()` gave) is used, false when it
   * expires unused (or is not one of this host's).
   */
  launchSettled(launchUrl: string): Promise<boolean>;
  /**
   * The host behind the bridge (profiles, vault, proxy, embedded core) once it has started; rejects with
   * the start failure (unreadable data files, a core that can't start). Bridge calls wait for it.
   */
  ready: Promise<Host>;
  /**
   * Answers every waiting `events:poll`, stops the server, then the host and its embedded core (after they
   * finish starting). Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Opens the vault with the key-file cipher (`<hostDir>/vault.key`), starts the embedded core and builds
 * the host. Its modules (the core with SQLite, the proxy, exports, demo data) are imported here, after
 * the server listens, so the renderer's files are served while they load.
 */
async function startHost(
  options: StartBrowserHostOptions,
  env: Record<string, string | undefined> | undefined,
): Promise<Host> {
  const [{ loadCreateCore }, { createHost }, { hostDataDir }, { readAppVersionSync }, keyFile, opener] =
    await Promise.all([
      import('../load-core.js'),
      import('../host.js'),
      import('../app-data-dir.js'),
      import('../package-info.js'),
      import('../vault/key-file-cipher.js'),
      import('./open-external.js'),
    ]);
  const createCore = options.createCore ?? (await loadCreateCore());
  return createHost({
    appDataDir: options.appDataDir,
    shell: 'browser-host',
    version: readAppVersionSync(),
    cipher: await keyFile.createKeyFileCipher(hostDataDir(options.appDataDir)),
    cipherId: 'key-file',
    createCore,
    openExternal: options.openExternal ?? opener.createBrowserHostOpener(),
    ...(options.remoteTimeoutMs === undefined ? {} : { remoteTimeoutMs: options.remoteTimeoutMs }),
    ...(options.exportDir === undefined ? {} : { exportDir: options.exportDir }),
    ...(env === undefined ? {} : { env }),
  });
}

/**
 * Bridge handlers that wait for the host: each call runs on `createBridgeHandlers(host)` once `ready`
 * resolves (validation included), or fails with `internal` "Outpost could not start: …" when it rejected.
 */
function handlersAfter(ready: Promise<Host>): BridgeHandlers {
  const real = ready.then(async (host) => (await import('../bridge-handlers.js')).createBridgeHandlers(host));
  // Observed here too: when no bridge call ever comes (the server could not listen), nobody awaits it.
  real.catch(() => undefined);
  const waiting = {} as Record<BridgeChannel, (...args: unknown[]) => Promise<unknown>>;
  for (const channel of BRIDGE_CHANNELS) {
    waiting[channel] = async (...args: unknown[]) => {
      let handlers: BridgeHandlers;
      try {
        handlers = await real;
      } catch (err) {
        // The start failure's message names a file or a module, never a token.
        const reason = err instanceof Error ? err.message : String(err);
        throw new BridgeError('internal', `Outpost could not start: ${reason}`);
      }
      return (handlers[channel] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  }
  return waiting as unknown as BridgeHandlers;
}

/**
 * Listens on 127.0.0.1: on `wanted` when given, else on the remembered port, falling back to a free
 * port when that one is taken (then remembered in its place).
 * Errors: EADDRINUSE when the `wanted` port is taken.
 */
async function listenOnPort(app: FastifyInstance, appDataDir: string, wanted: number | undefined) {
  if (wanted !== undefined) {
    await app.listen({ host: '127.0.0.1', port: wanted });
    return;
  }
  const file = rememberedPortFile(appDataDir, 'browser-host-port.json');
  const remembered = await readRememberedPort(file);
  try {
    await app.listen({ host: '127.0.0.1', port: remembered ?? 0 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || remembered === null) throw err;
    await app.listen({ host: '127.0.0.1', port: 0 });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : null;
  if (port !== null && port !== remembered) {
    // Best effort: without the file the next launch takes a free port (and a cold browser cache).
    await rememberPort(file, port).catch(() => undefined);
  }
}

/**
 * Starts the browser host: serves the renderer plus `POST /bridge/:channel` on 127.0.0.1:`port` behind
 * a random 32-byte per-launch secret, and resolves as soon as the server listens. The secret reaches a
 * browser only through the one-time codes of `launchUrl` (exchanged for an HttpOnly session cookie,
 * see launch-codes.ts), never through a command line. `OUTPOST_ROOT_TOKEN` is taken out of
 * `process.env` before this returns (`takeHostEnv`), so nothing the caller spawns inherits it.
 * The host itself (the vault with the key-file cipher `<appData>/host/vault.key`, profiles, the
 * embedded core) starts right after, behind the server (`ready`); bridge calls that arrive earlier wait
 * for it, so the browser loads the renderer while the core opens its database.
 * Errors: port in use (EADDRINUSE; only for a `port` given, a remembered one falls back to a free port).
 * Host start failures reject `ready` and answer bridge calls with
 * `internal` errors.
 */
export async function startBrowserHost(options: StartBrowserHostOptions): Promise<BrowserHost> {
  // The host starts once the server listens: its imports (the core, SQLite, fastify's route tables) and
  // its synchronous start would otherwise hold the event loop while the server is built, delaying the
  // moment the browser can fetch the renderer by ~250 ms. A server that cannot listen starts nothing.
  const hostEnv = takeHostEnv();
  let gate!: { open: () => void; abort: (err: unknown) => void };
  const listening = new Promise<void>((open, abort) => (gate = { open, abort }));
  const ready = listening.then(() => startHost(options, hostEnv));
  // Observed here so a failure before anyone awaits `ready` is not an unhandled rejection.
  ready.catch(() => undefined);
  const closeHost = () =>
    ready.then(
      (host) => host.close(),
      () => undefined,
    );
  const secret = randomBytes(32).toString('base64url');
  const launchCodes = createLaunchCodes();
  let port = 0;
  let app: FastifyInstance | undefined;
  try {
    app = await buildBrowserHostServer({
      handlers: handlersAfter(ready),
      secret,
      launchCodes,
      rendererDir: options.rendererDir,
      port: () => port,
    });
    await listenOnPort(app, options.appDataDir, options.port);
  } catch (err) {
    gate.abort(err);
    await app?.close();
    await closeHost();
    throw err;
  }
  gate.open();
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  const server = app;
  return {
    url,
    urlWithSecret: `${url}/?${BROWSER_HOST_SECRET_PARAM}=${secret}`,
    launchUrl(ttlMs = DEFAULT_LAUNCH_CODE_TTL_MS) {
      return `${url}${LAUNCH_PATH}?${LAUNCH_CODE_PARAM}=${launchCodes.issue(ttlMs)}`;
    },
    launchSettled(launchUrl) {
      const code = new URL(launchUrl).searchParams.get(LAUNCH_CODE_PARAM);
      return code ? launchCodes.settled(code) : Promise.resolve(false);
    },
    ready,
    close() {
      closing ??= (async () => {
        // A page's waiting `events:poll` and `events:slow-downs` are answered, and the answers given a
        // turn to go out; then the server closes with every connection still open (the browser's
        // keep-alive ones, a request in flight): waiting for them held a stop for up to 30 s.
        void ready.then(
          (host) => {
            host.changes.close();
            host.slowDowns.close();
          },
          () => undefined,
        );
        await new Promise((resolve) => setImmediate(resolve));
        await server.close();
        await closeHost();
      })();
      return closing;
    },
  };
}
