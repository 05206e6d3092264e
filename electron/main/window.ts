import { BrowserWindow, type Session, type WebPreferences } from 'electron';
import { RENDERER_SECURITY_HEADERS } from '../host/csp.js';
import { isAllowedExternalUrl } from '../host/external-url.js';
import { classifyNavigation } from './app-protocol.js';

/** Options of `createMainWindow`. */
export interface MainWindowOptions {
  /** Absolute path of the compiled preload (dist/node/electron/preload/index.cjs). */
  preloadPath: string;
  /** URL of the renderer's index.html on the app protocol (`APP_INDEX_URL`, app://outpost/index.html). */
  rendererUrl: string;
  /** Opens allow-listed http(s) URLs outside the app (Electron shell.openExternal). */
  openExternal: (url: string) => Promise<void>;
}

/** The window's webPreferences: isolated, sandboxed, no Node, web security on (checklist items 2–4, 6). */
export function mainWindowWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/**
 * Session-wide guards: the renderer CSP (plus nosniff and no-referrer) as response headers, and every
 * permission request and check denied (checklist items 5 and 7).
 */
export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = { ...details.responseHeaders };
    for (const [name, value] of Object.entries(RENDERER_SECURITY_HEADERS)) {
      for (const key of Object.keys(responseHeaders))
        if (key.toLowerCase() === name) delete responseHeaders[key];
      responseHeaders[name] = [value];
    }
    callback({ responseHeaders });
  });
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * Creates the main window and loads the renderer from `rendererUrl` (the `app://outpost` protocol,
 * app-protocol.ts). Navigation stays inside `app://outpost` (`will-navigate`, `will-redirect`); any
 * other target is refused, and http(s) links that pass `isAllowedExternalUrl` open in the system
 * browser instead. New windows are always denied (the same links go to the browser), and `<webview>`
 * attachment is refused (checklist 13–15).
 */
export function createMainWindow({
  preloadPath,
  rendererUrl,
  openExternal,
}: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Outpost',
    webPreferences: mainWindowWebPreferences(preloadPath),
  });
  const openIfAllowed = (url: string): void => {
    if (classifyNavigation(url) === 'external' && isAllowedExternalUrl(url))
      void openExternal(url).catch(() => undefined);
  };
  win.webContents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (classifyNavigation(url) === 'in-app') return;
    event.preventDefault();
    openIfAllowed(url);
  });
  win.webContents.on('will-redirect', (event, url) => {
    if (classifyNavigation(url) !== 'in-app') event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  void win.loadURL(rendererUrl);
  return win;
}
