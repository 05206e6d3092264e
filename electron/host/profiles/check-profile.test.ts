import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../host.js';
import { freePort, startFakeGitLab, type FakeGitLab } from '../test/fake-gitlab.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { checkProfile } from './check-profile.js';

const TOKEN = 'glpat-check-profile-token-000111';
let dir: string;
let gitlab: FakeGitLab;
let nginx: FakeGitLab;
let host: Host;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-check-'));
  gitlab = await startFakeGitLab(TOKEN);
  nginx = await startFakeGitLab(TOKEN, { notGitLab: true });
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '0.0.0-test',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    openExternal: async () => undefined,
    remoteTimeoutMs: 500,
  });
});
afterAll(async () => {
  await host.close();
  await gitlab.close();
  await nginx.close();
  await rm(dir, { recursive: true, force: true });
});

async function check(url: string, token: string): Promise<ReturnType<typeof checkProfile>> {
  const p = await host.profiles.addRemote({ name: 'x', url, token });
  return checkProfile(host.proxy, p.id, host.vault.has(p.id));
}

describe('checkProfile', () => {
  it('reports version and username for a working token', async () => {
    expect(await check(gitlab.url, TOKEN)).toEqual({ ok: true, version: '17.5.0-ee', username: 'alice' });
  });

  it('explains 401 and 403', async () => {
    expect(await check(gitlab.url, 'wrong')).toEqual({
      ok: false,
      error: 'The token was rejected (401). Create a personal access token with the api scope.',
    });
    expect((await check(gitlab.url, 'blocked-token')).error).toMatch(/403/);
  });

  it('explains an unreachable instance and a server that is not GitLab', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    expect(await check(url, TOKEN)).toEqual({
      ok: false,
      error: `Could not reach ${url} (ECONNREFUSED). Check the URL and your network.`,
    });
    expect((await check(nginx.url, TOKEN)).error).toBe(
      'This does not look like a GitLab instance: GET /api/v4/version answered 200 (text/html). Check the URL.',
    );
  });

  it('says when no token is stored', async () => {
    expect((await checkProfile(host.proxy, 'embedded', false)).error).toMatch(/No token is stored/);
  });
});
