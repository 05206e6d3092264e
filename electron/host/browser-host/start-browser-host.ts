import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BROWSER_HOST_SECRET_PARAM } from '../../../shared/ipc-contract.js';
import { createBridgeHandlers } from '../bridge-handlers.js';
import type { CreateCore } from '../embedded-core.js';
import { hostDataDir } from '../app-data-dir.js';
import { createHost, type Host } from '../host.js';
import { loadCreateCore } from '../load-core.js';
import { readAppVersionSync } from '../package-info.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { createBrowserHostOpener } from './open-external.js';
import { buildBrowserHostServer } from './server.js';

/** Options of `startBrowserHost`. */
export interface StartBrowserHostOptions {
  /** The app data dir (`<appData>/core`, `<appData>/host`). */
  appDataDir: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
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

/** A running browser host. */
export interface BrowserHost {
  /** `http://127.0.0.1:PORT` (no secret). */
  url: string;
  /** `http://127.0.0.1:PORT/?secret=…`: what the browser opens; the renderer moves the secret to memory. */
  urlWithSecret: string;
  /** The host behind the bridge (profiles, vault, proxy, core), for tests and scripts. */
  host: Host;
  /** Stops the server and the embedded core. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts the browser host: opens the vault with the key-file cipher (`<appData>/host/vault.key`),
 * starts the embedded core, and serves the renderer plus `POST /bridge/:channel` on 127.0.0.1:`port`
 * behind a random 32-byte per-launch secret.
 * Errors: port in use (EADDRINUSE), unreadable data files, core start failures.
 */
export async function startBrowserHost(options: StartBrowserHostOptions): Promise<BrowserHost> {
  const createCore = options.createCore ?? (await loadCreateCore());
  const host = await createHost({
    appDataDir: options.appDataDir,
    shell: 'browser-host',
    version: readAppVersionSync(),
    cipher: await createKeyFileCipher(hostDataDir(options.appDataDir)),
    cipherId: 'key-file',
    createCore,
    openExternal: options.openExternal ?? createBrowserHostOpener(),
    ...(options.remoteTimeoutMs === undefined ? {} : { remoteTimeoutMs: options.remoteTimeoutMs }),
    ...(options.exportDir === undefined ? {} : { exportDir: options.exportDir }),
  });
  const secret = randomBytes(32).toString('base64url');
  let port = 0;
  let app: FastifyInstance | undefined;
  try {
    app = await buildBrowserHostServer({
      handlers: createBridgeHandlers(host),
      secret,
      rendererDir: options.rendererDir,
      port: () => port,
    });
    await app.listen({ host: '127.0.0.1', port: options.port });
  } catch (err) {
    await app?.close();
    await host.close();
    throw err;
  }
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  const server = app;
  return {
    url,
    urlWithSecret: `${url}/?${BROWSER_HOST_SECRET_PARAM}=${secret}`,
    host,
    close() {
      closing ??= server.close().then(() => host.close());
      return closing;
    },
  };
}
