import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../core/app.js';
import { embeddedStorages, parseStorageSpecs, startEmbeddedCore } from './embedded-core.js';
import { createKeyFileCipher } from './vault/key-file-cipher.js';
import { openTokenVault } from './vault/token-vault.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function setup() {
  const appDataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-embedded-'));
  dirs.push(appDataDir);
  const hostDir = path.join(appDataDir, 'host');
  const cipher = await createKeyFileCipher(hostDir);
  const vault = await openTokenVault({ hostDir, cipher, cipherId: 'key-file' });
  return { appDataDir, vault };
}

describe('startEmbeddedCore', () => {
  it('listens on 127.0.0.1, stores the root token, and reuses the same port on the next start', async () => {
    const { appDataDir, vault } = await setup();
    const first = await startEmbeddedCore({ appDataDir, vault, createCore, env: {} });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = await vault.get('embedded');
    const res = await fetch(`${first.url}/api/v4/user`, { headers: { 'PRIVATE-TOKEN': token! } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { username: string }).username).toBe('root');
    const remembered = JSON.parse(
      await readFile(path.join(appDataDir, 'host', 'core-port.json'), 'utf8'),
    ) as {
      port: number;
    };
    expect(String(remembered.port)).toBe(new URL(first.url!).port);
    await first.core.close();

    const second = await startEmbeddedCore({ appDataDir, vault, createCore, env: {} });
    expect(second.url).toBe(first.url);
    await second.core.close();
  });

  it('falls back to a free port when the remembered one is taken, and can stay in-process', async () => {
    const { appDataDir, vault } = await setup();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const started = await startEmbeddedCore({
        appDataDir,
        vault,
        createCore,
        env: { OUTPOST_CORE_PORT: String(taken) },
      });
      expect(started.url).not.toBeNull();
      expect(new URL(started.url!).port).not.toBe(String(taken));
      await started.core.close();
    } finally {
      blocker.close();
    }
    const inProcess = await startEmbeddedCore({ appDataDir, vault, createCore, env: {}, listenPort: false });
    expect(inProcess.url).toBeNull();
    await inProcess.core.close();
  });
});

describe('the embedded shards', () => {
  it('gives the core a second shard "secondary" when OUTPOST_STORAGES is unset, none extra when blank', async () => {
    const { appDataDir, vault } = await setup();
    expect(embeddedStorages('/data/core', undefined)).toEqual({
      secondary: path.join('/data/core', 'repositories', 'secondary'),
    });
    expect(embeddedStorages('/data/core', '')).toEqual({});
    expect(embeddedStorages('/data/core', 'second=/srv/second')).toEqual({ second: '/srv/second' });

    const started = await startEmbeddedCore({ appDataDir, vault, createCore, env: {}, listenPort: false });
    try {
      const token = (await vault.get('embedded'))!;
      const res = await started.core.inject({
        method: 'GET',
        url: '/api/v4/admin/repository_storages',
        headers: { 'private-token': token },
      });
      expect(res.statusCode).toBe(200);
      const shards = JSON.parse(res.body) as Array<{ name: string; path: string; weight: number }>;
      expect(shards.map((s) => s.name).sort()).toEqual(['default', 'secondary']);
      const secondary = shards.find((s) => s.name === 'secondary')!;
      expect(secondary.path).toBe(path.join(appDataDir, 'core', 'repositories', 'secondary'));
      expect(secondary.weight).toBe(0);
    } finally {
      await started.core.close();
    }
  });
});

describe('parseStorageSpecs', () => {
  it('reads NAME=PATH pairs separated by commas, paths made absolute', () => {
    expect(parseStorageSpecs(undefined)).toEqual({});
    expect(parseStorageSpecs(' ')).toEqual({});
    expect(parseStorageSpecs('second=/srv/second, third=/mnt/third')).toEqual({
      second: '/srv/second',
      third: '/mnt/third',
    });
    expect(parseStorageSpecs('rel=shards/rel').rel).toBe(path.resolve('shards/rel'));
  });

  it('refuses an entry that is not NAME=PATH', () => {
    expect(() => parseStorageSpecs('second')).toThrow(
      'OUTPOST_STORAGES entries must be NAME=PATH, got "second"',
    );
    expect(() => parseStorageSpecs('=/srv')).toThrow(/NAME=PATH/);
    expect(() => parseStorageSpecs('second=')).toThrow(/NAME=PATH/);
  });
});
