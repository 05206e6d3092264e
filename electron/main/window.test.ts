import { describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

vi.mock('electron', () => {
  class FakeWebContents {
    id = 7;
    listeners = new Map<string, Listener>();
    openHandler: ((details: { url: string }) => { action: string }) | undefined;
    on(event: string, fn: Listener) {
      this.listeners.set(event, fn);
      return this;
    }
    setWindowOpenHandler(fn: (details: { url: string }) => { action: string }) {
      this.openHandler = fn;
    }
  }
  class BrowserWindow {
    static last: BrowserWindow | undefined;
    options: unknown;
    webContents = new FakeWebContents();
    loadURL = vi.fn(async () => undefined);
    once = vi.fn();
    on = vi.fn();
    constructor(options: unknown) {
      this.options = options;
      BrowserWindow.last = this;
    }
  }
  return { BrowserWindow };
});

const { BrowserWindow } = (await import('electron')) as unknown as {
  BrowserWindow: {
    last: {
      options: { webPreferences: Record<string, unknown> };
      loadURL: ReturnType<typeof vi.fn>;
      webContents: {
        listeners: Map<string, Listener>;
        openHandler: (details: { url: string }) => { action: string };
      };
    };
  };
};
const { createMainWindow, hardenSession } = await import('./window.js');
const { CONTENT_SECURITY_POLICY } = await import('../host/csp.js');
const { APP_INDEX_URL } = await import('./app-protocol.js');

describe('main window', () => {
  it('is isolated, sandboxed, without Node, with web security and our preload', () => {
    createMainWindow({
      preloadPath: '/app/preload.cjs',
      rendererUrl: APP_INDEX_URL,
      openExternal: vi.fn(),
    });
    expect(BrowserWindow.last.options.webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(BrowserWindow.last.loadURL).toHaveBeenCalledWith('app://outpost/index.html');
  });

  it('denies new windows and navigation; only allow-listed http(s) URLs go to openExternal', () => {
    const openExternal = vi.fn(async () => undefined);
    createMainWindow({ preloadPath: '/p', rendererUrl: APP_INDEX_URL, openExternal });
    const wc = BrowserWindow.last.webContents;
    expect(wc.openHandler({ url: 'https://gitlab.com/help' })).toEqual({ action: 'deny' });
    expect(wc.openHandler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(wc.openHandler({ url: 'app://outpost/index.html' })).toEqual({ action: 'deny' });
    const navigate = (url: string): boolean => {
      const preventDefault = vi.fn();
      wc.listeners.get('will-navigate')?.({ preventDefault }, url);
      return preventDefault.mock.calls.length > 0;
    };
    expect(navigate('javascript:alert(1)')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('app://evil/index.html')).toBe(true);
    expect(navigate('https://example.com/phish')).toBe(true);
    // Reloads and in-app links stay in the app origin.
    expect(navigate('app://outpost/index.html#/projects')).toBe(false);
    const redirect = (url: string): boolean => {
      const preventDefault = vi.fn();
      wc.listeners.get('will-redirect')?.({ preventDefault }, url);
      return preventDefault.mock.calls.length > 0;
    };
    expect(redirect('https://example.com/')).toBe(true);
    expect(redirect('app://outpost/index.html')).toBe(false);
    const preventAttach = vi.fn();
    wc.listeners.get('will-attach-webview')?.({ preventDefault: preventAttach });
    expect(preventAttach).toHaveBeenCalled();
    expect(openExternal.mock.calls).toEqual([['https://gitlab.com/help'], ['https://example.com/phish']]);
  });
});

describe('hardenSession', () => {
  it('sets the CSP header (replacing any other) and denies every permission', () => {
    let onHeaders: ((d: unknown, cb: (r: unknown) => void) => void) | undefined;
    let onPermission: ((wc: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined;
    let onCheck: (() => boolean) | undefined;
    const session = {
      webRequest: { onHeadersReceived: (fn: typeof onHeaders) => (onHeaders = fn) },
      setPermissionRequestHandler: (fn: typeof onPermission) => (onPermission = fn),
      setPermissionCheckHandler: (fn: typeof onCheck) => (onCheck = fn),
    };
    hardenSession(session as never);
    const callback = vi.fn();
    onHeaders?.(
      { responseHeaders: { 'Content-Security-Policy': ['default-src *'], 'X-Other': ['1'] } },
      callback,
    );
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: {
        'X-Other': ['1'],
        'content-security-policy': [CONTENT_SECURITY_POLICY],
        'x-content-type-options': ['nosniff'],
        'referrer-policy': ['no-referrer'],
      },
    });
    const permission = vi.fn();
    onPermission?.({}, 'media', permission);
    expect(permission).toHaveBeenCalledWith(false);
    expect(onCheck?.()).toBe(false);
  });
});
