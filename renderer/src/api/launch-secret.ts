import { BROWSER_HOST_SECRET_PARAM } from '../../../shared/ipc-contract.js';

/** sessionStorage key holding the browser host's launch secret for this tab. */
export const LAUNCH_SECRET_STORAGE_KEY = 'outpost.launch-secret';

/** The parts of `window` the launch-secret handling touches (injectable for tests). */
export interface LaunchSecretEnv {
  location: Pick<Location, 'href'>;
  history: Pick<History, 'replaceState' | 'state'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * Take the browser host's per-launch secret: read `?secret=…` from the launch URL, keep it in
 * sessionStorage (survives reloads of this tab, not other tabs), and remove it from the address bar
 * with `history.replaceState` so it never lands in history or screenshots. Returns the secret, or
 * the one stored earlier in this tab, or null.
 */
export function takeLaunchSecret(env: LaunchSecretEnv): string | null {
  const url = new URL(env.location.href);
  const fromUrl = url.searchParams.get(BROWSER_HOST_SECRET_PARAM);
  if (fromUrl) {
    try {
      env.sessionStorage.setItem(LAUNCH_SECRET_STORAGE_KEY, fromUrl);
    } catch {
      // Storage can be disabled; the secret still works for this page's lifetime.
    }
    url.searchParams.delete(BROWSER_HOST_SECRET_PARAM);
    env.history.replaceState(env.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  try {
    return env.sessionStorage.getItem(LAUNCH_SECRET_STORAGE_KEY);
  } catch {
    return null;
  }
}
