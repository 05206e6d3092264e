import { BrowserWindow, type Session, type WebPreferences } from 'electron';
import { RENDERER_SECURITY_HEADERS } from '../host/csp.js';
import { isAllowedExternalUrl } from '../host/external-url.js';

/** Options of `createMainWindow`. */
export interface MainWindowOptions {
  /** Absolute path of the compiled preload (dist/node/electron/preload/index.cjs). */
  preloadPath: string;
  /** Absolute path of the built renderer's index.html (dist/renderer/index.html). */
  rendererIndexPath: string;
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
 * Creates the main window and loads the renderer with `loadFile`. Navigation away from the app is
 * blocked (`will-navigate`), `<webview>` attachment is refused, and new windows are denied; http(s)
 * links that pass `isAllowedExternalUrl` open in the system browser instead (checklist 13–15).
 */
export function createMainWindow({
  preloadPath,
  rendererIndexPath,
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
    if (isAllowedExternalUrl(url)) void openExternal(url).catch(() => undefined);
  };
  win.webContents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openIfAllowed(url);
  });
  win.webContents.on('will-redirect', (event) => event.preventDefault());
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  void win.loadFile(rendererIndexPath);
  return win;
}
