import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMBEDDED_CAPABILITIES } from '../../../shared/instance-capabilities.js';
import { openProfileStore, PROFILES_FILE, type ProfileStore } from '../profiles/profile-store.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { openTokenVault, VAULT_FILE, type TokenVault } from '../vault/token-vault.js';
import { createCapabilityMonitor, type CapabilityMonitor } from './capability-monitor.js';
import { loadFixture, startRecordedGitLab, type RecordedGitLab } from './test/recorded-gitlab.js';

const TOKEN = 'glpat-monitor-test-token-0123456789';
const NEW_TOKEN = 'glpat-monitor-test-new-token-98765';
let dir: string;
let vault: TokenVault;
let profiles: ProfileStore;
let gitlab: RecordedGitLab;
let monitor: CapabilityMonitor | null = null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-capabilities-'));
  vault = await openTokenVault({
    hostDir: dir,
    cipher: await createKeyFileCipher(dir),
    cipherId: 'key-file',
  });
  profiles = await openProfileStore({ hostDir: dir, vault, checkToken: async () => undefined });
  gitlab = await startRecordedGitLab(loadFixture('gitlab-18.6-ee'), { token: TOKEN });
});
afterEach(async () => {
  await monitor?.close();
  monitor = null;
  await gitlab.close();
  await rm(dir, { recursive: true, force: true });
});

const versionAsks = () => gitlab.seen.filter((request) => request.path === '/api/v4/version').length;

/**
 * Resolves once `check` holds, polling every 20 ms (background work has no promise to await). Gives up
 * after 20 s: a detection is four HTTP requests, which a loaded 2-core CI machine once took over 5 s for.
 */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('capability monitor', () => {
  it('detects a remote profile and keeps the result in profiles.json (not the vault), across restarts', async () => {
    const added = await profiles.addRemote({ name: 'Work', url: gitlab.url, token: TOKEN });
    monitor = createCapabilityMonitor({ profiles, vault });
    const caps = await monitor.refresh(added.id);
    expect(caps).toMatchObject({ kind: 'gitlab', version: '18.6.0-ee', adminMode: 'token-lacks-admin_mode' });
    expect(profiles.summary(added.id).capabilities).toEqual(caps);

    const onDisk = await readFile(join(dir, PROFILES_FILE), 'utf8');
    expect(onDisk).toContain('"token-lacks-admin_mode"');
    expect(onDisk).not.toContain(TOKEN);
    expect(await readFile(join(dir, VAULT_FILE), 'utf8')).not.toContain('18.6.0-ee');

    const reopened = await openProfileStore({ hostDir: dir, vault });
    expect(reopened.summary(added.id).capabilities).toEqual(caps);
  });

  it('the embedded profile has every capability and nothing is asked', async () => {
    monitor = createCapabilityMonitor({ profiles, vault });
    expect(await monitor.refresh('embedded')).toBe(EMBEDDED_CAPABILITIES);
    expect(profiles.summary('embedded').capabilities).toBeUndefined();
    expect(gitlab.seen).toEqual([]);
    await expect(monitor.refresh('nope')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('shares a detection under way instead of asking twice', async () => {
    const added = await profiles.addRemote({ name: 'Work', url: gitlab.url, token: TOKEN });
    monitor = createCapabilityMonitor({ profiles, vault });
    const [a, b] = await Promise.all([monitor.refresh(added.id), monitor.refresh(added.id)]);
    expect(a).toBe(b);
    expect(versionAsks()).toBe(1);
  });

  it('a failed detection is recorded as a sentence and the known capabilities stay', async () => {
    const added = await profiles.addRemote({ name: 'Work', url: gitlab.url, token: TOKEN });
    monitor = createCapabilityMonitor({ profiles, vault });
    const known = await monitor.refresh(added.id);
    gitlab.setAnswer('/api/v4/version', { status: 401, body: { message: '401 Unauthorized' } });
    await expect(monitor.refresh(added.id)).rejects.toMatchObject({ code: 'bad_request' });
    const summary = profiles.summary(added.id);
    expect(summary.capabilities).toEqual(known);
    expect(summary.capabilitiesError).toMatch(/refused the token on GET \/api\/v4\/version \(401\)/);

    gitlab.setAnswer('/api/v4/version', loadFixture('gitlab-18.6-ee').answers['/api/v4/version']!);
    await monitor.refresh(added.id);
    expect(profiles.summary(added.id).capabilitiesError).toBeUndefined();
  });

  it('a new token drops the old token’s facts; a fresh detection learns the new ones', async () => {
    await gitlab.close();
    gitlab = await startRecordedGitLab(loadFixture('gitlab-18.6-ee'), { token: [TOKEN, NEW_TOKEN] });
    const added = await profiles.addRemote({ name: 'Work', url: gitlab.url, token: TOKEN });
    monitor = createCapabilityMonitor({ profiles, vault });
    expect(await monitor.refresh(added.id)).toMatchObject({ adminMode: 'token-lacks-admin_mode' });

    // The administrator makes a token with admin_mode and gives it to the profile.
    gitlab.setAnswer('/api/v4/personal_access_tokens/self', {
      status: 200,
      body: { id: 32, name: 'Outpost admin', scopes: ['api', 'admin_mode'], active: true, expires_at: null },
    });
    await profiles.update({ id: added.id, token: NEW_TOKEN });
    expect(profiles.summary(added.id).capabilities).toBeUndefined();
    const caps = await monitor.refresh(added.id, { fresh: true });
    expect(caps).toMatchObject({
      adminMode: 'token-has-admin_mode',
      token: { expiresAt: null, known: true },
    });
    expect(gitlab.seen.at(-1)?.token).toBe(NEW_TOKEN);
  });

  it('start() learns stale remotes in the background and leaves fresh ones alone until they age', async () => {
    const added = await profiles.addRemote({ name: 'Work', url: gitlab.url, token: TOKEN });
    let clock = new Date('2026-01-01T00:00:00Z');
    monitor = createCapabilityMonitor({ profiles, vault, now: () => clock, intervalMs: 60_000 });
    monitor.start();
    await eventually(() => profiles.summary(added.id).capabilities !== undefined, 'the first detection');
    expect(profiles.summary(added.id).capabilities?.detectedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(versionAsks()).toBe(1);

    monitor.refreshIfStale(added.id); // five minutes old at most: not stale
    clock = new Date('2026-01-01T05:59:00Z');
    monitor.refreshIfStale(added.id);
    expect(versionAsks()).toBe(1);

    clock = new Date('2026-01-01T06:01:00Z'); // older than 6 h
    monitor.refreshIfStale(added.id);
    await eventually(
      () => profiles.summary(added.id).capabilities?.detectedAt === '2026-01-01T06:01:00.000Z',
      'the refresh',
    );
    expect(versionAsks()).toBe(2);
  });

  it('after close nothing more is stored', async () => {
    const added = await profiles.addRemote({ name: 'Work', url: gitlab.url, token: TOKEN });
    monitor = createCapabilityMonitor({ profiles, vault });
    const pending = monitor.refresh(added.id);
    await monitor.close();
    await pending;
    expect(profiles.summary(added.id).capabilities).toBeUndefined();
    monitor.refreshIfStale(added.id);
    expect(versionAsks()).toBe(1);
  });
});
