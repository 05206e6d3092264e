/**
 * Behaviours real clients found wrong or missing (issue 26 part 5), over real HTTP on loopback against a
 * real core (SQLite, git). Each block names the GitLab doc page or lib/api file it follows.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface TokenJson {
  id: number;
  name: string;
  revoked: boolean;
  created_at: string;
  description: string | null;
  scopes: string[];
  user_id: number;
  last_used_at: string | null;
  active: boolean;
  expires_at: string | null;
  token?: string;
}

describe('what real clients found (issue 26 part 5)', () => {
  let t: TestCore;
  let projectId: number;

  beforeAll(async () => {
    t = await startTestCore();
    const p = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'found', initialize_with_readme: true },
    });
    expect(p.status).toBe(201);
    projectId = p.body.id;
  });
  afterAll(async () => t.close());

  async function tokenFor(
    userId: number,
    scopes: string[],
    name = 'tk',
  ): Promise<TokenJson & { token: string }> {
    const res = await t.api<TokenJson & { token: string }>(
      'POST',
      `/users/${userId}/personal_access_tokens`,
      {
        json: { name, scopes },
      },
    );
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  // doc/api/personal_access_tokens.md "Get details on a personal access token" (`self`, 15.5+) and
  // "Rotate a personal access token" (16.0+, `self` 16.10+).
  describe('GET /personal_access_tokens/self and rotation', () => {
    it('answers the presenting token with every field GitLab sends, for any scope', async () => {
      const user = await createUserWithToken(t, { scopes: ['read_user'] });
      const res = await t.api<TokenJson>('GET', '/personal_access_tokens/self', { token: user.token });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(
        [
          'active',
          'created_at',
          'description',
          'expires_at',
          'id',
          'last_used_at',
          'name',
          'revoked',
          'scopes',
          'user_id',
        ].sort(),
      );
      expect(res.body).toMatchObject({
        name: 'test',
        revoked: false,
        active: true,
        scopes: ['read_user'],
        user_id: user.id,
        expires_at: null,
        description: null,
      });
      const anonymous = await t.api('GET', '/personal_access_tokens/self', { token: null });
      expect(anonymous.status).toBe(401);
    });

    it('is the token, not the sudo user, under sudo', async () => {
      const other = await createUserWithToken(t);
      const res = await t.api<TokenJson>('GET', '/personal_access_tokens/self', {
        headers: { Sudo: String(other.id) },
      });
      expect(res.status).toBe(200);
      expect(res.body.user_id).toBe(1);
    });

    it('rotates: the old token stops working, the new one has the same name and scopes', async () => {
      const user = await createUserWithToken(t, { scopes: ['api', 'read_user'] });
      const before = await t.api<TokenJson>('GET', '/personal_access_tokens/self', { token: user.token });
      const rotated = await t.api<TokenJson & { token: string }>(
        'POST',
        '/personal_access_tokens/self/rotate',
        {
          token: user.token,
        },
      );
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.body.token).toMatch(/\S{20,}/);
      expect(rotated.body).toMatchObject({ name: 'test', scopes: ['api', 'read_user'], active: true });
      expect(rotated.body.id).not.toBe(before.body.id);
      // One week from today when no expires_at is given (GitLab's default).
      const week = new Date(
        Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 7 * 86_400_000,
      );
      expect(rotated.body.expires_at).toBe(week.toISOString().slice(0, 10));
      expect((await t.api('GET', '/user', { token: user.token })).status).toBe(401);
      const self = await t.api<TokenJson>('GET', '/personal_access_tokens/self', {
        token: rotated.body.token,
      });
      expect(self.body.id).toBe(rotated.body.id);
      const old = await t.api<TokenJson>('GET', `/personal_access_tokens/${before.body.id}`);
      expect(old.body.revoked).toBe(true);
      const again = await t.api('POST', `/personal_access_tokens/${before.body.id}/rotate`);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: '400 Bad request - token already revoked' });
    });

    it('rotates by id with an expires_at; another user’s token is 404 to a non-administrator', async () => {
      const alice = await createUserWithToken(t);
      const bob = await createUserWithToken(t);
      const bobToken = await t.api<TokenJson>('GET', '/personal_access_tokens/self', { token: bob.token });
      const refused = await t.api('POST', `/personal_access_tokens/${bobToken.body.id}/rotate`, {
        token: alice.token,
      });
      expect(refused.status).toBe(404);
      const next = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const res = await t.api<TokenJson>('POST', `/personal_access_tokens/${bobToken.body.id}/rotate`, {
        json: { expires_at: next },
      });
      expect(res.status).toBe(200);
      expect(res.body.expires_at).toBe(next);
      const tooLate = await t.api('POST', `/personal_access_tokens/${res.body.id}/rotate`, {
        json: { expires_at: '2999-01-01' },
      });
      expect(tooLate.status).toBe(400);
    });
  });

  // doc/administration/settings/sign_in_restrictions.md "Admin Mode"; lib/api/api_guard.rb (admin mode only
  // for tokens with the admin_mode scope); lib/api/helpers.rb `authenticated_as_admin!`.
  describe('Admin Mode', () => {
    it('accepts the admin_mode scope, and with the setting on refuses admin tokens without it', async () => {
      const admin = await createUserWithToken(t, { admin: true, scopes: ['api'] });
      const moded = await tokenFor(admin.id, ['api', 'admin_mode']);
      expect(moded.scopes).toEqual(['api', 'admin_mode']);
      // Off (the default): the plain admin token is an administrator.
      expect((await t.api('GET', '/application/settings', { token: admin.token })).status).toBe(200);
      try {
        const on = await t.api<{ admin_mode: boolean }>('PUT', '/application/settings', {
          token: moded.token,
          json: { admin_mode: true },
        });
        expect(on.status).toBe(200);
        expect(on.body.admin_mode).toBe(true);
        const refused = await t.api('GET', '/application/settings', { token: admin.token });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ message: '403 Forbidden' });
        expect((await t.api('POST', '/users', { token: admin.token, json: {} })).status).toBe(403);
        // Acts as a regular user everywhere: /user shows no is_admin, sudo is refused.
        const me = await t.api<Record<string, unknown>>('GET', '/user', { token: admin.token });
        expect(me.status).toBe(200);
        expect(me.body.is_admin).toBeUndefined();
        expect((await t.api('GET', '/application/settings', { token: moded.token })).status).toBe(200);
        // The root token the core issues carries admin_mode: the app is never locked out.
        expect((await t.api('GET', '/application/settings')).status).toBe(200);
      } finally {
        const off = await t.api('PUT', '/application/settings', { json: { admin_mode: false } });
        expect(off.status).toBe(200);
      }
      expect((await t.api('GET', '/application/settings', { token: admin.token })).status).toBe(200);
    });
  });

  // lib/api/groups.rb `optional :skip_groups, type: Array[Integer]`.
  it('GET /groups leaves out skip_groups[]', async () => {
    const a = await t.api<{ id: number }>('POST', '/groups', { json: { name: 'skip-a', path: 'skip-a' } });
    const b = await t.api<{ id: number }>('POST', '/groups', { json: { name: 'skip-b', path: 'skip-b' } });
    const res = await t.api<{ id: number }[]>('GET', `/groups?search=skip-&skip_groups[]=${a.body.id}`);
    expect(res.body.map((g) => g.id)).toEqual([b.body.id]);
    const both = await t.api<{ id: number }[]>(
      'GET',
      `/groups?search=skip-&skip_groups[]=${a.body.id}&skip_groups[]=${b.body.id}`,
    );
    expect(both.body).toEqual([]);
    expect(both.headers.get('x-total')).toBe('0');
    const bad = await t.api('GET', '/groups?skip_groups[]=x');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'skip_groups is invalid' });
  });

  // doc/api/group_labels.md "Update a group label" (`name` + `new_name`, and the `:label_id` form).
  it('updates group labels by name, in both forms', async () => {
    const g = await t.api<{ id: number }>('POST', '/groups', { json: { name: 'lbl', path: 'lbl' } });
    await t.api('POST', `/groups/${g.body.id}/labels`, { json: { name: 'old name', color: '#ff0000' } });
    const byName = await t.api<{ name: string; color: string }>('PUT', `/groups/${g.body.id}/labels`, {
      json: { name: 'old name', new_name: 'mid name', color: '#00ff00' },
    });
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body).toMatchObject({ name: 'mid name', color: '#00ff00' });
    const byPath = await t.api<{ name: string }>(
      'PUT',
      `/groups/${g.body.id}/labels/${encodeURIComponent('mid name')}`,
      { json: { name: 'mid name', new_name: 'new/name' } },
    );
    expect(byPath.status, byPath.text).toBe(200);
    expect(byPath.body.name).toBe('new/name');
    const slash = await t.api<{ name: string }>(
      'PUT',
      `/groups/${g.body.id}/labels/${encodeURIComponent('new/name')}`,
      { json: { description: 'd', color: '#0000ff' } },
    );
    expect(slash.status, slash.text).toBe(200);
  });

  // doc/api/issues.md "List project issues": `labels` `None` / `Any`, or titles (all required).
  it('filters issues by labels None, Any and titles', async () => {
    const p = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'labelled' } });
    const mk = (title: string, labels?: string) =>
      t.api('POST', `/projects/${p.body.id}/issues`, { json: { title, labels } });
    await mk('bare');
    await mk('bug only', 'bug');
    await mk('bug and ui', 'bug,ui');
    const titles = async (q: string) =>
      (await t.api<{ title: string }[]>('GET', `/projects/${p.body.id}/issues?${q}`)).body
        .map((i) => i.title)
        .sort();
    expect(await titles('labels=None')).toEqual(['bare']);
    expect(await titles('labels=none')).toEqual(['bare']);
    expect(await titles('labels=Any')).toEqual(['bug and ui', 'bug only']);
    expect(await titles('labels=bug')).toEqual(['bug and ui', 'bug only']);
    expect(await titles('labels=bug,ui')).toEqual(['bug and ui']);
    expect(await titles('labels=nothing')).toEqual([]);
    const count = await t.api('GET', `/projects/${p.body.id}/issues?labels=None`);
    expect(count.headers.get('x-total')).toBe('1');
  });

  // Grape's `type: Date` (Ruby's Date.parse): a date-time gives its date (python-gitlab sends ISO date-times).
  it('stores the date of milestone start_date/due_date sent as date-times', async () => {
    const created = await t.api<{ id: number; start_date: string; due_date: string }>(
      'POST',
      `/projects/${projectId}/milestones`,
      {
        json: {
          title: 'dated',
          start_date: '2031-02-03T10:20:30Z',
          due_date: '2031-03-04T00:00:00.000+02:00',
        },
      },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ start_date: '2031-02-03', due_date: '2031-03-04' });
    const updated = await t.api<{ due_date: string }>(
      'PUT',
      `/projects/${projectId}/milestones/${created.body.id}`,
      { json: { due_date: '2031-04-05T23:59:59Z' } },
    );
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.due_date).toBe('2031-04-05');
    const bad = await t.api('POST', `/projects/${projectId}/milestones`, {
      json: { title: 'bad', due_date: 'soon' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'due_date is invalid' });
  });

  // doc/api/commits.md "List repository commits": `all` retrieves every commit of the repository.
  it('lists commits of every ref with all=true', async () => {
    await t.api('POST', `/projects/${projectId}/repository/branches`, {
      json: { branch: 'side', ref: 'main' },
    });
    const side = await t.api('POST', `/projects/${projectId}/repository/commits`, {
      json: {
        branch: 'side',
        commit_message: 'Only on side',
        actions: [{ action: 'create', file_path: 'side.txt', content: 'side\n' }],
      },
    });
    expect(side.status, side.text).toBe(201);
    const titles = async (q: string) =>
      (await t.api<{ title: string }[]>('GET', `/projects/${projectId}/repository/commits?${q}`)).body.map(
        (c) => c.title,
      );
    expect(await titles('')).not.toContain('Only on side');
    expect(await titles('all=true')).toContain('Only on side');
    expect(await titles('all=true&ref_name=main')).toContain('Only on side');
    expect(await titles('all=false')).not.toContain('Only on side');
  });

  // app/models/commit.rb `revert_message` / `revert_description`: a merge request's merge commit reverts
  // "merge request !iid"; any other commit "commit <sha>" (repository-commit-pick.test.ts).
  it('names the merge request in the revert message of its merge commit', async () => {
    const p = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'reverting', initialize_with_readme: true },
    });
    const id = p.body.id;
    await t.api('POST', `/projects/${id}/repository/branches`, { json: { branch: 'topic', ref: 'main' } });
    await t.api('POST', `/projects/${id}/repository/commits`, {
      json: {
        branch: 'topic',
        commit_message: 'Topic work',
        actions: [{ action: 'create', file_path: 'topic.txt', content: 'topic\n' }],
      },
    });
    const mr = await t.api<{ iid: number }>('POST', `/projects/${id}/merge_requests`, {
      json: { source_branch: 'topic', target_branch: 'main', title: 'Topic' },
    });
    expect(mr.status, mr.text).toBe(201);
    let merged: { status: number; body: { merge_commit_sha: string | null } } = {
      status: 0,
      body: { merge_commit_sha: null },
    };
    for (let i = 0; i < 100 && merged.status !== 200; i++) {
      merged = await t.api('PUT', `/projects/${id}/merge_requests/${mr.body.iid}/merge`);
      if (merged.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(merged.status).toBe(200);
    const sha = merged.body.merge_commit_sha!;
    const res = await t.api<{ message: string; title: string }>(
      'POST',
      `/projects/${id}/repository/commits/${sha}/revert`,
      { json: { branch: 'main' } },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe(
      `Revert "Merge branch 'topic' into 'main'"\n\nThis reverts merge request !${mr.body.iid}\n`,
    );
  });

  // doc/api/projects.md "Download snapshot of a Git repository"; lib/api/project_snapshots.rb.
  describe('GET /projects/:id/snapshot', () => {
    it('answers administrators a tar git can clone from', async () => {
      const res = await fetch(`${t.url}/api/v4/projects/${projectId}/snapshot`, {
        headers: { 'PRIVATE-TOKEN': t.rootToken },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-tar');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="snapshot.tar"');
      const bytes = Buffer.from(await res.arrayBuffer());
      const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-snapshot-'));
      try {
        await writeFile(path.join(dir, 'snapshot.tar'), bytes);
        execFileSync('mkdir', [path.join(dir, 'repo.git')]);
        execFileSync('tar', ['-xf', path.join(dir, 'snapshot.tar'), '-C', path.join(dir, 'repo.git')]);
        const listed = execFileSync('tar', ['-tf', path.join(dir, 'snapshot.tar')], { encoding: 'utf8' });
        expect(listed.split('\n')).toEqual(expect.arrayContaining(['HEAD', 'refs/', 'objects/']));
        execFileSync('git', ['init', '-q', '--bare', path.join(dir, 'repo.git')]);
        execFileSync('git', ['--git-dir', path.join(dir, 'repo.git'), 'fsck', '--no-dangling'], {
          stdio: 'pipe',
        });
        const log = execFileSync(
          'git',
          ['--git-dir', path.join(dir, 'repo.git'), 'log', '--format=%s', 'main'],
          {
            encoding: 'utf8',
          },
        );
        expect(log.trim().split('\n')).toContain('Initial commit');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('refuses non-administrators (403, 401 anonymous) and answers 404 for the wiki', async () => {
      const user = await createUserWithToken(t);
      const own = await t.api<{ id: number }>('POST', '/projects', {
        token: user.token,
        json: { name: 'mine' },
      });
      const res = await t.api('GET', `/projects/${own.body.id}/snapshot`, { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
      expect((await t.api('GET', `/projects/${projectId}/snapshot`, { token: null })).status).toBe(401);
      const wiki = await t.api('GET', `/projects/${projectId}/snapshot?wiki=true`);
      expect(wiki.status).toBe(404);
      expect((await t.api('GET', '/projects/999999/snapshot')).status).toBe(404);
    });
  });

  // doc/api/projects.md "Get the user agent details"; lib/api/projects.rb.
  it('GET /projects/:id/user_agent_detail: administrators only; none recorded', async () => {
    const user = await createUserWithToken(t);
    const refused = await t.api('GET', `/projects/${projectId}/user_agent_detail`, { token: user.token });
    expect(refused.status).toBe(403);
    const res = await t.api('GET', `/projects/${projectId}/user_agent_detail`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: '404 UserAgentDetail Not Found' });
    expect((await t.api('GET', '/projects/999999/user_agent_detail')).status).toBe(404);
  });

  // doc/api/users.md "Create a user" (Entities::UserWithAdmin) and the admin user schema
  // spec/fixtures/api/schemas/public_api/v4/user/admin.json.
  it('POST /users answers every field of GitLab’s admin user entity', async () => {
    const res = await t.api<Record<string, unknown>>('POST', '/users', {
      json: { username: 'fields', name: 'Fields', email: 'fields@example.com', password: 'long-enough-pw' },
    });
    expect(res.status).toBe(201);
    for (const key of [
      'id',
      'username',
      'name',
      'state',
      'locked',
      'avatar_url',
      'web_url',
      'created_at',
      'bio',
      'location',
      'public_email',
      'linkedin',
      'twitter',
      'discord',
      'website_url',
      'organization',
      'job_title',
      'pronouns',
      'bot',
      'work_information',
      'followers',
      'following',
      'local_time',
      'last_sign_in_at',
      'confirmed_at',
      'last_activity_on',
      'email',
      'theme_id',
      'color_scheme_id',
      'projects_limit',
      'current_sign_in_at',
      'identities',
      'can_create_group',
      'can_create_project',
      'two_factor_enabled',
      'external',
      'private_profile',
      'commit_email',
      'is_admin',
      'note',
      'namespace_id',
      'created_by',
      'email_reset_offered_at',
    ])
      expect(res.body, key).toHaveProperty(key);
    expect(res.body).toMatchObject({
      locked: false,
      private_profile: false,
      created_by: null,
      is_admin: false,
      commit_email: 'fields@example.com',
    });
  });
});
