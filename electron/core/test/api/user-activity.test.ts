/**
 * `last_activity_on` over real HTTP and git (issue 28; GitLab's lib/api/api.rb `set_user_last_activity`
 * and app/services/users/activity_service.rb: the date of the user's last authenticated API request or
 * git operation, written at most once per day). Shown to administrators (Entities::UserWithAdmin).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import type { GitClient } from '../helpers/git-http.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const today = (): string => new Date().toISOString().slice(0, 10);

describe('last_activity_on', () => {
  let t: TestCore;
  let git: GitClient;

  function setActivity(userId: number, day: string | null): void {
    const db = openDatabase(path.join(t.dataDir, 'outpost.sqlite'));
    try {
      db.prepare('UPDATE users SET last_activity_on = ? WHERE id = ?').run(day, userId);
    } finally {
      db.close();
    }
  }

  async function activity(userId: number): Promise<string | null> {
    const res = await t.api<{ last_activity_on: string | null }>('GET', `/users/${userId}`);
    return res.body.last_activity_on;
  }

  beforeAll(async () => {
    t = await startTestCore();
    git = await makeGitClient();
  });
  afterAll(async () => t.close());

  it('is null until the user uses a token, then today (UTC) on the admin view and in GET /users', async () => {
    const u = await createUserWithToken(t, { username: 'active-api' });
    expect(await activity(u.id)).toBeNull();
    expect((await t.api('GET', '/user', { token: u.token })).status).toBe(200);
    expect(await activity(u.id)).toBe(today());
    const listed = await t.api<{ last_activity_on: string | null }[]>('GET', '/users?username=active-api');
    expect(listed.body[0]!.last_activity_on).toBe(today());
  });

  it('is written once per day per user: a later request the same day does not write again', async () => {
    const u = await createUserWithToken(t, { username: 'active-once' });
    expect((await t.api('GET', '/user', { token: u.token })).status).toBe(200);
    expect(await activity(u.id)).toBe(today());
    // Another writer moves the date back; the core remembers it recorded today and leaves the row alone.
    setActivity(u.id, '2001-01-01');
    expect((await t.api('GET', '/user', { token: u.token })).status).toBe(200);
    expect(await activity(u.id)).toBe('2001-01-01');
  });

  it('is recorded by a git HTTP operation authenticated with the user token (no API use at all)', async () => {
    // Everything but the clone is done by root: the user's token only ever reaches git.
    const u = await createUserWithToken(t, { username: 'active-git' });
    const p = await t.api<{ id: number; path_with_namespace: string }>('POST', '/projects', {
      json: { name: 'gitact', initialize_with_readme: true },
    });
    expect(p.status).toBe(201);
    const member = await t.api('POST', `/projects/${p.body.id}/members`, {
      json: { user_id: u.id, access_level: 30 },
    });
    expect(member.status).toBe(201);
    expect(await activity(u.id)).toBeNull();
    const dir = await git.tempDir();
    await git.ok(dir, 'clone', cloneUrl(t.url, p.body.path_with_namespace, u.token), 'clone-act');
    expect(await activity(u.id)).toBe(today());
  });
});
