/**
 * The embedded instance's root token lives only in the host's vault (issue 15, "The plaintext root
 * token"): real hosts with real embedded cores on temp app data dirs; every file under the app data dir
 * is scanned for the token's bytes (core/test/helpers/secrets-on-disk.ts: UTF-8 and UTF-16, SQLite's
 * WAL included).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../core/app.js';
import { filesContaining } from '../core/test/helpers/secrets-on-disk.js';
import type { Core } from '../core/core-contract.js';
import { RECOVERED_TOKEN_NAME } from './embedded-core.js';
import { createHost, type Host, type HostOptions } from './host.js';
import { loadCreateCore } from './load-core.js';
import { createKeyFileCipher } from './vault/key-file-cipher.js';

const dirs: string[] = [];
const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function appDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-root-token-'));
  dirs.push(dir);
  return dir;
}

async function startHost(appDataDir: string, env: HostOptions['env'] = {}): Promise<Host> {
  const host = await createHost({
    appDataDir,
    shell: 'browser-host',
    version: '0',
    cipher: await createKeyFileCipher(join(appDataDir, 'host')),
    cipherId: 'key-file',
    createCore: await loadCreateCore(),
    corePort: false,
    openExternal: async () => undefined,
    defaultDemoRepository: null,
    env,
  });
  hosts.push(host);
  return host;
}

/** `GET /api/v4/user` in-process with `token`: the username, or the status when refused. */
async function whoAmI(core: Core | null, token: string | null): Promise<string | number> {
  const res = await core!.inject({
    method: 'GET',
    url: '/api/v4/user',
    headers: { 'private-token': token ?? '' },
  });
  return res.statusCode === 200 ? (JSON.parse(res.body) as { username: string }).username : res.statusCode;
}

const tokenFile = (appDataDir: string) => join(appDataDir, 'core', 'initial_root_token');

describe('the embedded root token', () => {
  it('is only in the vault after the first start, and still signs in after a restart', async () => {
    const appDataDir = await appDir();
    const first = await startHost(appDataDir);
    expect(first.core?.initialRootToken).toMatch(/^glpat-/);
    const token = (await first.vault.get('embedded'))!;
    expect(token).toBe(first.core?.initialRootToken);
    expect(await whoAmI(first.core, token)).toBe('root');
    expect(existsSync(tokenFile(appDataDir))).toBe(false);
    expect(filesContaining(appDataDir, token)).toEqual([]);
    // The vault file holds it, encrypted.
    expect((await stat(join(appDataDir, 'host', 'vault.json'))).isFile()).toBe(true);
    await first.close();
    hosts.splice(0);
    expect(filesContaining(appDataDir, token)).toEqual([]);

    const second = await startHost(appDataDir);
    expect(second.core?.initialRootToken).toBeNull();
    expect(await second.vault.get('embedded')).toBe(token);
    expect(await whoAmI(second.core, token)).toBe('root');
    expect(filesContaining(appDataDir, token)).toEqual([]);
  });

  it('moves an initial_root_token left by a standalone core or an older version into the vault and deletes it', async () => {
    const appDataDir = await appDir();
    // A standalone core (no token handed in) writes the file, as before this change.
    const standalone = await createCore({ dataDir: join(appDataDir, 'core') });
    const token = standalone.initialRootToken!;
    await standalone.close();
    expect(filesContaining(appDataDir, token)).toEqual([tokenFile(appDataDir)]);
    expect((await stat(tokenFile(appDataDir))).mode & 0o777).toBe(0o600);

    const host = await startHost(appDataDir);
    expect(host.core?.initialRootToken).toBeNull();
    expect(await host.vault.get('embedded')).toBe(token);
    expect(await whoAmI(host.core, token)).toBe('root');
    expect(existsSync(tokenFile(appDataDir))).toBe(false);
    expect(filesContaining(appDataDir, token)).toEqual([]);
  });

  it('has the core issue root a new token when neither the vault nor a file has one that signs in', async () => {
    const appDataDir = await appDir();
    const standalone = await createCore({
      dataDir: join(appDataDir, 'core'),
      rootToken: 'glpat-the-real-root-token-000',
    });
    await standalone.close();
    // A stale file (e.g. from before the administrator rotated the token).
    await writeFile(tokenFile(appDataDir), 'glpat-stale-token-not-valid-00\n', { mode: 0o600 });

    const host = await startHost(appDataDir);
    expect(await whoAmI(host.core, 'glpat-stale-token-not-valid-00')).toBe(401);
    const issued = (await host.vault.get('embedded'))!;
    expect(issued).not.toBe('glpat-the-real-root-token-000');
    expect(await whoAmI(host.core, issued)).toBe('root');
    // The stale file is gone; the old token still works; the new one is listed under its name.
    expect(existsSync(tokenFile(appDataDir))).toBe(false);
    expect(await whoAmI(host.core, 'glpat-the-real-root-token-000')).toBe('root');
    const tokens = await host.core!.inject({
      method: 'GET',
      url: '/api/v4/personal_access_tokens',
      headers: { 'private-token': issued },
    });
    expect((JSON.parse(tokens.body) as { name: string }[]).map((t) => t.name)).toContain(
      RECOVERED_TOKEN_NAME,
    );
    expect(filesContaining(appDataDir, issued)).toEqual([]);
  });

  it('a vault entry saved by the other shell is replaced by a token issued for this one', async () => {
    const appDataDir = await appDir();
    const first = await startHost(appDataDir);
    const original = (await first.vault.get('embedded'))!;
    await first.close();
    hosts.splice(0);
    // The same data dir opened by the other shell (Electron's safeStorage vs the browser host's key file).
    const other = await createHost({
      appDataDir,
      shell: 'electron',
      version: '0',
      cipher: await createKeyFileCipher(join(appDataDir, 'host')),
      cipherId: 'safe-storage',
      createCore: await loadCreateCore(),
      corePort: false,
      openExternal: async () => undefined,
      defaultDemoRepository: null,
      env: {},
    });
    hosts.push(other);
    const issued = (await other.vault.get('embedded'))!;
    expect(issued).not.toBe(original);
    expect(await whoAmI(other.core, issued)).toBe('root');
    expect(filesContaining(appDataDir, issued)).toEqual([]);
    expect(filesContaining(appDataDir, original)).toEqual([]);
  });

  it('takes OUTPOST_ROOT_TOKEN on the first start and removes it from the environment', async () => {
    const appDataDir = await appDir();
    const wanted = 'glpat-from-the-environment-0123';
    const env: Record<string, string | undefined> = { OUTPOST_ROOT_TOKEN: wanted };
    process.env.OUTPOST_ROOT_TOKEN = wanted;
    try {
      const host = await startHost(appDataDir, env);
      expect(env.OUTPOST_ROOT_TOKEN).toBeUndefined();
      expect(process.env.OUTPOST_ROOT_TOKEN).toBeUndefined();
      // A process started afterwards (git, a hook, a job, the browser) does not inherit it.
      expect(spawnSync('env', [], { encoding: 'utf8' }).stdout).not.toContain(wanted);
      expect(await host.vault.get('embedded')).toBe(wanted);
      expect(await whoAmI(host.core, wanted)).toBe('root');
      expect(existsSync(tokenFile(appDataDir))).toBe(false);
      expect(filesContaining(appDataDir, wanted)).toEqual([]);
    } finally {
      delete process.env.OUTPOST_ROOT_TOKEN;
    }
  });
});
