import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../core/app.js';
import { embeddedStorages, parseCopyRate, parseStorageSpecs, startEmbeddedCore } from './embedded-core.js';
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

describe('the storage-move copy rate (OUTPOST_STORAGE_MOVE_MIB_PER_SECOND)', () => {
  it('reads MiB per second; unset or blank is no limit; anything else is refused by name', () => {
    expect(parseCopyRate(undefined)).toBeUndefined();
    expect(parseCopyRate(' ')).toBeUndefined();
    expect(parseCopyRate('20')).toBe(20 * 1024 * 1024);
    expect(parseCopyRate('0.5')).toBe(512 * 1024);
    for (const bad of ['0', '-2', 'fast', 'Infinity'])
      expect(() => parseCopyRate(bad)).toThrow(
        `OUTPOST_STORAGE_MOVE_MIB_PER_SECOND must be a positive number of MiB per second, got "${bad}"`,
      );
  });

  it('keeps a real move started while it copies under the rate, then finishes it', async () => {
    const { appDataDir, vault } = await setup();
    // ~64 KiB per second: a new project's repository (tens of KiB) takes a good part of a second.
    const started = await startEmbeddedCore({
      appDataDir,
      vault,
      createCore,
      env: { OUTPOST_STORAGE_MOVE_MIB_PER_SECOND: '0.0625' },
      listenPort: false,
    });
    try {
      const token = (await vault.get('embedded'))!;
      const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
        const res = await started.core.inject({
          method,
          url: `/api/v4${url}`,
          headers: { 'private-token': token },
          ...(payload ? { payload } : {}),
        });
        return { status: res.statusCode, body: JSON.parse(res.body) as T };
      };
      const project = await call<{ id: number }>('POST', '/projects', {
        name: 'paced',
        initialize_with_readme: true,
      });
      expect(project.status).toBe(201);
      const scheduledAt = performance.now();
      const move = await call<{ id: number }>(
        'POST',
        `/projects/${project.body.id}/repository_storage_moves`,
        {
          destination_storage_name: 'secondary',
        },
      );
      expect(move.status).toBe(201);
      const seen: { state: string; bytes_copied: number; bytes_total: number }[] = [];
      for (let i = 0; i < 200; i++) {
        const progress = await call<{ state: string; bytes_copied: number; bytes_total: number }>(
          'GET',
          `/project_repository_storage_moves/${move.body.id}/progress`,
        );
        seen.push(progress.body);
        if (progress.body.state === 'finished' || progress.body.state === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen.at(-1)!.state).toBe('finished');
      const total = seen.at(-1)!.bytes_total;
      expect(total).toBeGreaterThan(16 * 1024);
      // Under the rate the copy can't take less than total / 64 KiB seconds, and the move was seen copying.
      expect(performance.now() - scheduledAt).toBeGreaterThanOrEqual((total / (64 * 1024)) * 1000);
      expect(seen.some((p) => p.state === 'started')).toBe(true);
      // While it waits for the rate, its progress shows the bytes copied so far.
      expect(seen.some((p) => p.state === 'started' && p.bytes_copied > 0)).toBe(true);
    } finally {
      await started.core.close();
    }
  });
});
