import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGitLab } from '../test/fake-gitlab.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { openTokenVault, VAULT_FILE, type TokenVault } from '../vault/token-vault.js';
import { EMBEDDED_PROFILE_ID, openProfileStore, PROFILES_FILE } from './profile-store.js';

const TOKEN = 'glpat-profile-test-token-abcdef';
let dir: string;
let vault: TokenVault;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-profiles-'));
  vault = await openTokenVault({
    hostDir: dir,
    cipher: await createKeyFileCipher(dir),
    cipherId: 'key-file',
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('profile store', () => {
  it('starts with the embedded profile active', async () => {
    const store = await openProfileStore({ hostDir: dir, vault });
    expect(store.list()).toEqual([
      {
        id: 'embedded',
        name: 'Embedded instance',
        kind: 'embedded',
        url: 'embedded:',
        hasToken: false,
        active: true,
      },
    ]);
    expect(store.active().id).toBe(EMBEDDED_PROFILE_ID);
  });

  it('adds, activates, persists and removes remote profiles; the token only goes to the vault', async () => {
    const store = await openProfileStore({ hostDir: dir, vault });
    const added = await store.addRemote({
      name: ' Work ',
      url: 'https://gitlab.example.com/',
      token: ` ${TOKEN} `,
    });
    expect(added).toMatchObject({
      name: 'Work',
      kind: 'remote',
      url: 'https://gitlab.example.com',
      hasToken: true,
      active: false,
    });
    expect(JSON.stringify(added)).not.toContain(TOKEN);
    expect(await vault.get(added.id)).toBe(TOKEN);

    const file = await readFile(join(dir, PROFILES_FILE), 'utf8');
    expect(file).not.toContain(TOKEN);
    expect((await stat(join(dir, PROFILES_FILE))).mode & 0o777).toBe(0o600);

    expect(await store.setActive(added.id)).toMatchObject({ id: added.id, active: true });
    const reopened = await openProfileStore({ hostDir: dir, vault });
    expect(reopened.active().id).toBe(added.id);
    expect(reopened.list().map((p) => p.id)).toEqual(['embedded', added.id]);

    await reopened.remove(added.id);
    expect(reopened.active().id).toBe('embedded');
    expect(vault.has(added.id)).toBe(false);
    expect(reopened.list()).toHaveLength(1);
  });

  it('refuses bad input with clear errors', async () => {
    const store = await openProfileStore({ hostDir: dir, vault });
    await expect(store.remove('embedded')).rejects.toMatchObject({ code: 'bad_request' });
    await expect(store.remove('nope')).rejects.toMatchObject({ code: 'not_found' });
    await expect(store.setActive('nope')).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      store.addRemote({ name: 'x'.repeat(101), url: 'https://x.com', token: 't' }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    await expect(store.addRemote({ name: 'x', url: 'file:///etc', token: 't' })).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(store.addRemote({ name: 'x', url: 'https://x.com', token: '  ' })).rejects.toMatchObject({
      code: 'bad_request',
    });
    expect(store.list()).toHaveLength(1);
  });

  it('refuses plain http:// to another host until the administrator confirms; nothing stored meanwhile', async () => {
    const store = await openProfileStore({ hostDir: dir, vault });
    for (const url of ['http://gitlab.example.com', 'http://10.0.0.5:8080/gitlab', 'http://[fe80::1]/']) {
      const refused = store.addRemote({ name: 'Plain', url, token: TOKEN });
      await expect(refused).rejects.toMatchObject({
        code: 'insecure_http',
        message: expect.stringContaining('the token will travel unencrypted'),
      });
      await expect(
        store.addRemote({ name: 'Plain', url, token: TOKEN, allowInsecureHttp: false }),
      ).rejects.toMatchObject({ code: 'insecure_http' });
    }
    expect(store.list()).toHaveLength(1);
    // No token reached the vault, and no profiles file was written, for the refused attempts.
    await expect(stat(join(dir, VAULT_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(dir, PROFILES_FILE))).rejects.toMatchObject({ code: 'ENOENT' });

    const confirmed = await store.addRemote({
      name: 'Plain',
      url: 'http://gitlab.example.com/',
      token: TOKEN,
      allowInsecureHttp: true,
    });
    expect(confirmed).toMatchObject({ url: 'http://gitlab.example.com', hasToken: true });
    const onDisk = JSON.parse(await readFile(join(dir, PROFILES_FILE), 'utf8')) as { remotes: unknown[] };
    expect(onDisk.remotes).toHaveLength(1);
  });

  it('needs no confirmation for https:// or plain http:// to this computer', async () => {
    const store = await openProfileStore({ hostDir: dir, vault });
    for (const url of [
      'https://gitlab.example.com',
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://[::1]:8080',
    ]) {
      await expect(store.addRemote({ name: url, url, token: TOKEN })).resolves.toMatchObject({
        hasToken: true,
      });
    }
    expect(store.list()).toHaveLength(6);
  });

  it('names a profile after its host when no name is given', async () => {
    const store = await openProfileStore({ hostDir: dir, vault });
    const added = await store.addRemote({
      name: '  ',
      url: 'https://gitlab.example.com:8443/',
      token: TOKEN,
    });
    expect(added.name).toBe('gitlab.example.com:8443');
  });

  it('renames a profile and replaces its token only after GET /user accepts the new one', async () => {
    const gitlab = await startFakeGitLab('glpat-new-token-accepted-123');
    try {
      const store = await openProfileStore({ hostDir: dir, vault });
      const added = await store.addRemote({ name: 'Work', url: gitlab.url, token: TOKEN });

      expect(await store.update({ id: added.id, name: ' Work GitLab ' })).toMatchObject({
        name: 'Work GitLab',
      });
      expect((await openProfileStore({ hostDir: dir, vault })).summary(added.id).name).toBe('Work GitLab');

      // A token the instance rejects: nothing changes, the old token stays, the new one is not echoed.
      const rejected = await store
        .update({ id: added.id, name: 'Renamed', token: 'glpat-wrong' })
        .catch((err: unknown) => err);
      expect(rejected).toMatchObject({ code: 'bad_request' });
      expect((rejected as Error).message).toMatch(
        /^The new token was rejected \(401\).*The stored token was kept\.$/,
      );
      expect((rejected as Error).message).not.toContain('glpat-wrong');
      expect(await vault.get(added.id)).toBe(TOKEN);
      expect(store.summary(added.id).name).toBe('Work GitLab');
      expect(gitlab.seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/v4/user' });

      await store.update({ id: added.id, token: ' glpat-new-token-accepted-123 ' });
      expect(await vault.get(added.id)).toBe('glpat-new-token-accepted-123');

      await expect(store.update({ id: added.id, name: '' })).rejects.toMatchObject({ code: 'bad_request' });
      await expect(store.update({ id: added.id, token: ' ' })).rejects.toMatchObject({ code: 'bad_request' });
      await expect(store.update({ id: 'embedded', name: 'x' })).rejects.toMatchObject({
        code: 'bad_request',
      });
      await expect(store.update({ id: 'nope', name: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      await gitlab.close();
    }
  });

  it('keeps well-formed capabilities from the file and drops malformed ones (a hand-edited file)', async () => {
    const caps = {
      kind: 'gitlab',
      detectedAt: '2026-11-28T10:00:00.000Z',
      version: '18.6.0-ee',
      revision: 'r',
      edition: 'ee',
      editionSource: 'metadata',
      gitlabCom: false,
      kas: null,
      user: { username: 'root', isAdmin: true },
      token: { scopes: ['api'], expiresAt: null, name: null, known: true, unknownReason: null },
      adminMode: 'token-lacks-admin_mode',
      notes: [],
    };
    await writeFile(
      join(dir, PROFILES_FILE),
      JSON.stringify({
        version: 1,
        activeId: 'embedded',
        remotes: [
          { id: 'remote-a', name: 'A', url: 'https://a.example', capabilities: caps, capabilitiesError: 'x' },
          { id: 'remote-b', name: 'B', url: 'https://b.example', capabilities: { ...caps, kind: 'other' } },
        ],
      }),
    );
    const store = await openProfileStore({ hostDir: dir, vault });
    expect(store.summary('remote-a')).toMatchObject({ capabilities: caps, capabilitiesError: 'x' });
    expect(store.summary('remote-b').capabilities).toBeUndefined();
    expect(store.capabilities('remote-a')).toEqual(caps);
    // Outcomes for unknown or embedded profiles are ignored.
    await store.setCapabilities('embedded', { error: 'never stored' });
    await store.setCapabilities('gone', { error: 'never stored' });
    expect(await readFile(join(dir, PROFILES_FILE), 'utf8')).not.toContain('never stored');
  });
});
