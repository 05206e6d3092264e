import { describe, expect, it, vi } from 'vitest';
import { LAUNCH_SECRET_STORAGE_KEY, takeLaunchSecret, type LaunchSecretEnv } from './launch-secret.js';

function fakeEnv(href: string, stored: string | null = null) {
  const storage = new Map<string, string>(stored ? [[LAUNCH_SECRET_STORAGE_KEY, stored]] : []);
  const replaceState = vi.fn();
  const env: LaunchSecretEnv = {
    location: { href },
    history: { replaceState, state: { idx: 0 } },
    sessionStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
  };
  return { env, storage, replaceState };
}

describe('takeLaunchSecret', () => {
  it('takes the secret from the URL, stores it and removes it from the address bar', () => {
    const { env, storage, replaceState } = fakeEnv('http://127.0.0.1:5123/?secret=s3cr3t&x=1#/projects');
    expect(takeLaunchSecret(env)).toBe('s3cr3t');
    expect(storage.get(LAUNCH_SECRET_STORAGE_KEY)).toBe('s3cr3t');
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/?x=1#/projects');
  });

  it('falls back to the secret stored by an earlier load of this tab', () => {
    const { env, replaceState } = fakeEnv('http://127.0.0.1:5123/#/projects', 'earlier');
    expect(takeLaunchSecret(env)).toBe('earlier');
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('returns null when there is none', () => {
    expect(takeLaunchSecret(fakeEnv('http://127.0.0.1:5123/').env)).toBeNull();
  });
});
