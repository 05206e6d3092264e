/**
 * The desktop app, loaded by the entry (index.ts) when the process is not a git hook: app lifecycle
 * only. Logic lives in electron/host; this file wires Electron's pieces to it. Its module body runs
 * before `ready` (index.ts awaits the import), so the scheme registration and paths below are in time.
 */
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, Notification, protocol, safeStorage, session, shell } from 'electron';
import { findDataDirArg, resolveAppDataDir } from '../host/app-data-dir.js';
import { createBridgeHandlers } from '../host/bridge-handlers.js';
import { createHost, type Host } from '../host/host.js';
import { setSystemProxyResolver } from '../host/network/system-proxy.js';
import { ROOT_TOKEN_ENV, takeRootTokenEnv } from '../core/crypto/root-token-env.js';
import { loadCreateCore } from '../host/load-core.js';
import { APP_INDEX_URL, APP_SCHEME, appProtocolResponse } from './app-protocol.js';
import { createTrustedSenderCheck, registerBridgeIpc } from './ipc.js';
import { createSafeStorageCipher } from './safe-storage-cipher.js';
import { createMainWindow, hardenSession } from './window.js';

const here = dirname(fileURLToPath(import.meta.url));
// dist/node/electron/main → dist/node/electron/preload/index.cjs and dist/renderer/ (the same
// relative layout inside a packaged app.asar). The renderer is served from app://outpost/, never file://.
const preloadPath = join(here, '..', 'preload', 'index.cjs');
const rendererDir = join(here, '..', '..', '..', 'renderer');
const appDataDir = resolveAppDataDir(findDataDirArg(process.argv));
// OUTPOST_ROOT_TOKEN (first start only) leaves the process before anything is spawned from JavaScript:
// helpers Electron starts later (GPU, utility and renderer processes) don't inherit it, and on Linux it is
// wiped from /proc/<pid>/environ (issue 25; electron/core/crypto/root-token-env.ts). Processes Chromium
// forked before this module ran (its zygote) keep their own copy; use --root-token-file there instead.
const launchRootToken = takeRootTokenEnv().token;

let host: Host | null = null;
let mainWindow: BrowserWindow | null = null;

// app:// must be privileged before `ready`: a standard scheme (real origin, relative URLs), secure
// (a secure context, like https), and reachable by fetch() from the page (same origin only).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Keep Chromium's own files (cache, local storage) inside the app data dir.
  app.setPath('userData', join(appDataDir, 'electron'));
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  // Any webContents, including ones we don't create: no <webview>, no new windows.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app.whenReady().then(start, fail);
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession);
  // Remote instances go through the OS proxy settings (PAC, WPAD) unless HTTPS_PROXY/HTTP_PROXY are set.
  setSystemProxyResolver((url) => session.defaultSession.resolveProxy(url));
  session.defaultSession.protocol.handle(APP_SCHEME, (request) =>
    appProtocolResponse({ url: request.url, method: request.method }, rendererDir),
  );
  host = await createHost({
    appDataDir,
    env: launchRootToken ? { ...process.env, [ROOT_TOKEN_ENV]: launchRootToken } : process.env,
    shell: 'electron',
    version: app.getVersion(),
    cipher: createSafeStorageCipher(safeStorage),
    cipherId: 'safe-storage',
    createCore: await loadCreateCore(),
    openExternal: (url) => shell.openExternal(url),
    showNotification: async ({ title, body }) => {
      if (!Notification.isSupported()) return false;
      const notification = new Notification({ title, body });
      notification.on('click', () => {
        if (!mainWindow) return;
        if (mainWindow.isMinimized()) mainWindow.restore();
        mainWindow.focus();
      });
      notification.show();
      return true;
    },
    pickSavePath: async ({ suggestedName, format }) => {
      const options = {
        title: 'Export audit events',
        defaultPath: join(app.getPath('downloads'), suggestedName),
        filters: [
          format === 'csv'
            ? { name: 'CSV', extensions: ['csv'] }
            : { name: 'Newline-delimited JSON', extensions: ['ndjson', 'jsonl'] },
        ],
        properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<
          'createDirectory' | 'showOverwriteConfirmation'
        >,
      };
      const picked = mainWindow
        ? await dialog.showSaveDialog(mainWindow, options)
        : await dialog.showSaveDialog(options);
      return picked.canceled || !picked.filePath || !isAbsolute(picked.filePath) ? null : picked.filePath;
    },
  });
  const senders = createTrustedSenderCheck(APP_INDEX_URL);
  registerBridgeIpc(createBridgeHandlers(host), senders.isTrusted);

  const openWindow = (): void => {
    const win = createMainWindow({
      preloadPath,
      rendererUrl: APP_INDEX_URL,
      openExternal: (url) => shell.openExternal(url),
    });
    const id = win.webContents.id;
    senders.trust(id);
    win.on('closed', () => {
      senders.forget(id);
      if (mainWindow === win) mainWindow = null;
    });
    mainWindow = win;
  };
  openWindow();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed || !host) return;
    event.preventDefault();
    const current = host;
    void current
      .close()
      .catch((err: unknown) => console.error('outpost: closing the embedded core failed:', err))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
}

function fail(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  console.error('outpost: start-up failed:', message);
  dialog.showErrorBox('Outpost could not start', message);
  const closing = host ? host.close().catch(() => undefined) : Promise.resolve();
  void closing.finally(() => app.exit(1));
}
