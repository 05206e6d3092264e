/**
 * Client compatibility (issue 26 part 5): @gitbeaker/rest, unchanged, against a real core over loopback,
 * on what clients found missing — `PersonalAccessTokens.show()` (GET /personal_access_tokens/self, GitLab
 * 15.5+), `.rotate()` (16.0+) and `.remove()` of the presenting token, the `admin_mode` scope with Admin
 * Mode on, `Projects.downloadSnapshot`, `Groups.all({ skipGroups })`, `Commits.all({ all })`, group label
 * edits by name, and `Issues.all({ labels: 'None' })`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

describe('@gitbeaker/rest (unchanged): what clients found', () => {
  let t: TestCore;
  let api: GitbeakerApi;

  beforeAll(async () => {
    t = await startTestCore();
    api = gitbeaker(t);
  });
  afterAll(async () => t.close());

  async function newUserToken(scopes: string[], admin = false): Promise<{ id: number; token: string }> {
    const n = Math.random().toString(36).slice(2, 8);
    const user = await api.Users.create({
      username: `gb-${n}`,
      name: `GB ${n}`,
      email: `gb-${n}@example.com`,
      password: 'long-enough-password',
      admin,
    });
    const token = await api.Users.createPersonalAccessToken(user.id, 'gb', scopes as never);
    return { id: user.id, token: token.token as string };
  }

  it('PersonalAccessTokens: show() is the presenting token, rotate() replaces it, remove() revokes it', async () => {
    const { id, token } = await newUserToken(['read_api']);
    const mine = gitbeaker(t, token);
    const self = await mine.PersonalAccessTokens.show();
    expect(self).toMatchObject({
      name: 'gb',
      scopes: ['read_api'],
      user_id: id,
      active: true,
      revoked: false,
    });

    const rotated = await api.PersonalAccessTokens.rotate(self.id as number);
    expect(rotated).toMatchObject({ name: 'gb', scopes: ['read_api'], user_id: id, active: true });
    expect(rotated.id).not.toBe(self.id);
    expect((await gitbeakerError(mine.PersonalAccessTokens.show())).status).toBe(401);

    const { token: apiToken } = await newUserToken(['api']);
    const other = gitbeaker(t, apiToken);
    const before = await other.PersonalAccessTokens.show();
    await other.PersonalAccessTokens.remove();
    expect((await gitbeakerError(other.PersonalAccessTokens.show())).status).toBe(401);
    expect((await api.PersonalAccessTokens.show({ tokenId: before.id as number })).revoked).toBe(true);
  });

  it('Admin Mode: admin_mode scope accepted; with the setting on, admin tokens without it get 403', async () => {
    const plain = await newUserToken(['api'], true);
    const moded = await newUserToken(['api', 'admin_mode'], true);
    const plainApi = gitbeaker(t, plain.token);
    expect((await plainApi.PersonalAccessTokens.show()).scopes).toEqual(['api']);
    expect((await gitbeaker(t, moded.token).PersonalAccessTokens.show()).scopes).toEqual([
      'api',
      'admin_mode',
    ]);
    await api.ApplicationSettings.edit({ adminMode: true });
    try {
      expect(await gitbeakerError(plainApi.ApplicationSettings.show())).toEqual({
        status: 403,
        description: '403 Forbidden',
      });
      expect((await gitbeaker(t, moded.token).ApplicationSettings.show()).admin_mode).toBe(true);
    } finally {
      await api.ApplicationSettings.edit({ adminMode: false });
    }
    expect((await plainApi.ApplicationSettings.show()).admin_mode).toBe(false);
  });

  it('Projects.downloadSnapshot, Commits.all({ all }), Groups.all({ skipGroups }), labels None, group label by name', async () => {
    const keep = await api.Groups.create('GB Keep', 'gb-keep');
    const skip = await api.Groups.create('GB Skip', 'gb-skip');
    const groups = await api.Groups.all({ search: 'gb-', skipGroups: [skip.id as number] });
    expect(groups.map((g) => g.path)).toEqual(['gb-keep']);

    await api.GroupLabels.create(keep.id as number, 'gb old', '#ff0000');
    const edited = await api.GroupLabels.edit(keep.id as number, 'gb old', { newName: 'gb new' });
    expect(edited.name).toBe('gb new');

    const p = await api.Projects.create({ name: 'gb-found', initializeWithReadme: true });
    await api.Issues.create(p.id, 'bare');
    await api.Issues.create(p.id, 'labelled', { labels: 'bug' });
    expect((await api.Issues.all({ projectId: p.id, labels: 'None' })).map((i) => i.title)).toEqual(['bare']);
    expect((await api.Issues.all({ projectId: p.id, labels: 'Any' })).map((i) => i.title)).toEqual([
      'labelled',
    ]);

    await api.Branches.create(p.id, 'gb-side', 'main');
    await api.Commits.create(p.id, 'gb-side', 'Only on gb-side', [
      { action: 'create', filePath: 'side.txt', content: 'side\n' },
    ]);
    const titles = async (opts: Record<string, unknown>) =>
      (await api.Commits.all(p.id, opts)).map((c) => c.title);
    expect(await titles({})).not.toContain('Only on gb-side');
    expect(await titles({ all: true })).toContain('Only on gb-side');

    const snapshot = (await api.Projects.downloadSnapshot(p.id)) as unknown as Blob;
    const bytes = Buffer.from(await snapshot.arrayBuffer());
    // A ustar archive: "ustar" at offset 257 of its first header; the first entry is HEAD.
    expect(bytes.subarray(257, 262).toString('latin1')).toBe('ustar');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('HEAD');
  });
});
