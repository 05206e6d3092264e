/**
 * The Electron entry with `--outpost-git-hook=…` on the command line: it runs the hook client and exits
 * through `app.exit`, before the single-instance lock, the privileged scheme or any window. Electron is
 * the one mocked module (its binary can't run here); the hook client and the entry are the real code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('electron', () => ({
  app: {
    exit: (code: number) => calls.push(`exit:${code}`),
    requestSingleInstanceLock: () => {
      calls.push('requestSingleInstanceLock');
      return false;
    },
    quit: () => calls.push('quit'),
    whenReady: () => new Promise(() => undefined),
    dock: { hide: () => calls.push('dock.hide') },
  },
  protocol: { registerSchemesAsPrivileged: () => calls.push('registerSchemesAsPrivileged') },
}));

const argv = process.argv;
const env = { ...process.env };
afterEach(() => {
  process.argv = argv;
  process.env = { ...env };
});

describe('electron/main/index.ts as a git hook', () => {
  it('refuses a push not started by the core and exits 1 without starting the app', async () => {
    process.argv = [...argv, '--outpost-git-hook=pre-receive'];
    for (const name of ['OUTPOST_INTERNAL_URL', 'OUTPOST_INTERNAL_SECRET', 'OUTPOST_PUSH_ID'])
      delete process.env[name];
    // Swallow the hook's message (keeping the write callback, which the exit waits for).
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(((
      _chunk: unknown,
      ...rest: unknown[]
    ) => {
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stderr.write);
    await import('./index.js');
    expect(calls).toEqual(['dock.hide', 'exit:1']);
    expect(stderr).toHaveBeenCalledWith('GitLab: Pushes are only accepted through the Outpost core.\n');
    stderr.mockRestore();
  });
});
