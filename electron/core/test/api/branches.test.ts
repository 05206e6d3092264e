/**
 * Branches API over real HTTP and real git (doc/api/branches.md; spec "Branches"): list with search and
 * pagination, single, create, delete with GitLab's explanations, merged-branch clean-up, and the
 * protection-derived fields (`protected`, `developers_can_*`, `can_push` per caller).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, refs } from '../helpers/disk.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface BranchJson {
  name: string;
  merged: boolean;
  protected: boolean;
  default: boolean;
  developers_can_push: boolean;
  developers_can_merge: boolean;
  can_push: boolean;
  web_url: string;
  commit: {
    id: string;
    short_id: string;
    title: string;
    message: string;
    parent_ids: string[];
    web_url: string;
  };
}

type User = { id: number; username: string; token: string };

describe('branches API', () => {
  let t: TestCore;
  let p: ImportedProject;
  let pub: ImportedProject;
  let dev: User;
  let maint: User;
  let reporter: User;
  let guest: User;
  let stranger: User;
  const base = () => `/projects/${p.id}/repository`;

  async function create(branch: string, ref: string, token?: string) {
    return t.api<BranchJson & { message?: string }>('POST', `${base()}/branches`, {
      token,
      json: { branch, ref },
    });
  }

  async function protect(name: string, extra: Record<string, unknown> = {}) {
    const res = await t.api('POST', `/projects/${p.id}/protected_branches`, { json: { name, ...extra } });
    expect(res.status).toBe(201);
  }

  async function unprotect(name: string) {
    const res = await t.api('DELETE', `/projects/${p.id}/protected_branches/${encodeURIComponent(name)}`);
    expect(res.status).toBe(204);
  }

  beforeAll(async () => {
    t = await startTestCore();
    // These tests set their own protection rules on the default branch (see helpers/default-branch-protection.ts).
    await unprotectNewDefaultBranches(t);
    [dev, maint, reporter, guest, stranger] = await Promise.all([
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
    ]);
    p = await importFixtureProject(t, 'Branchy');
    pub = await importFixtureProject(t, 'Open Branches', { visibility: 'public' });
    await addProjectMember(t, p.id, dev.id, 30);
    await addProjectMember(t, p.id, maint.id, 40);
    await addProjectMember(t, p.id, reporter.id, 20);
    await addProjectMember(t, p.id, guest.id, 10);
  });
  afterAll(async () => t.close());

  describe('GET /projects/:id/repository/branches', () => {
    it('lists branches sorted by name with every GitLab field', async () => {
      const res = await t.api<BranchJson[]>('GET', `${base()}/branches`);
      expect(res.status).toBe(200);
      expect(res.body.map((b) => b.name)).toEqual(['feature', 'trunk']);
      const [feature, trunk] = res.body;
      expect(trunk).toEqual({
        name: 'trunk',
        commit: expect.objectContaining({
          id: p.trunk[2],
          short_id: p.trunk[2]!.slice(0, 8),
          title: 'Revision 3',
          message: 'Revision 3\n',
          parent_ids: [p.trunk[1]],
          author_name: 'Ada Lovelace',
          author_email: 'ada@example.com',
          web_url: `${p.webUrl}/-/commit/${p.trunk[2]}`,
        }),
        merged: false,
        protected: false,
        developers_can_push: false,
        developers_can_merge: false,
        can_push: true,
        default: true,
        web_url: `${p.webUrl}/-/tree/trunk`,
      });
      expect(feature).toMatchObject({ name: 'feature', merged: false, default: false });
      expect(feature!.commit.id).toBe(p.featureHead);
    });

    it('marks branches whose tip is in the default branch as merged', async () => {
      expect((await create('old-work', p.trunk[0]!)).status).toBe(201);
      const res = await t.api<BranchJson[]>('GET', `${base()}/branches?search=old-work`);
      expect(res.body).toMatchObject([{ name: 'old-work', merged: true }]);
      const single = await t.api<BranchJson>('GET', `${base()}/branches/old-work`);
      expect(single.body.merged).toBe(true);
      await t.api('DELETE', `${base()}/branches/old-work`);
    });

    it('searches by substring (any case, exact match first), ^prefix and suffix$', async () => {
      for (const name of ['fix-login', 'login', 'login-page', 'hotfix/LOGIN']) {
        expect((await create(name, 'trunk')).status).toBe(201);
      }
      const names = async (search: string) =>
        (
          await t.api<BranchJson[]>('GET', `${base()}/branches?search=${encodeURIComponent(search)}`)
        ).body.map((b) => b.name);
      expect(await names('login')).toEqual(['login', 'fix-login', 'hotfix/LOGIN', 'login-page']);
      expect(await names('^login')).toEqual(['login', 'login-page']);
      expect(await names('login$')).toEqual(['fix-login', 'hotfix/LOGIN', 'login']);
      expect(await names('^HOT')).toEqual(['hotfix/LOGIN']);
      expect(await names('nothing')).toEqual([]);
      for (const name of ['fix-login', 'login', 'login-page', 'hotfix/LOGIN']) {
        expect((await t.api('DELETE', `${base()}/branches/${encodeURIComponent(name)}`)).status).toBe(204);
      }
    });

    it('paginates with GitLab headers', async () => {
      const res = await t.api<BranchJson[]>('GET', `${base()}/branches?per_page=1&page=2`);
      expect(res.body.map((b) => b.name)).toEqual(['trunk']);
      expect(res.headers.get('x-total')).toBe('2');
      expect(res.headers.get('x-total-pages')).toBe('2');
      expect(res.headers.get('x-prev-page')).toBe('1');
      expect(res.headers.get('x-next-page')).toBe('');
    });

    it('is readable anonymously on a public project, 404 on a private one', async () => {
      const open = await t.api<BranchJson[]>('GET', `/projects/${pub.id}/repository/branches`, {
        token: null,
      });
      expect(open.status).toBe(200);
      expect(open.body.map((b) => [b.name, b.can_push])).toEqual([
        ['feature', false],
        ['trunk', false],
      ]);
      const single = await t.api('GET', `/projects/${pub.id}/repository/branches/trunk`, { token: null });
      expect(single.status).toBe(200);
      const closed = await t.api('GET', `${base()}/branches`, { token: null });
      expect(closed.status).toBe(404);
      expect(closed.body).toEqual({ message: '404 Project Not Found' });
      const byStranger = await t.api('GET', `${base()}/branches/trunk`, { token: stranger.token });
      expect(byStranger.status).toBe(404);
    });

    it('needs Reporter on a private project (a Guest gets 403)', async () => {
      expect((await t.api('GET', `${base()}/branches`, { token: guest.token })).status).toBe(403);
      expect((await t.api('GET', `${base()}/branches`, { token: reporter.token })).status).toBe(200);
    });

    it('accepts read_repository and read_api tokens for reads, not for writes', async () => {
      const u = await createUserWithToken(t, { scopes: ['read_repository'] });
      await addProjectMember(t, p.id, u.id, 30);
      expect((await t.api('GET', `${base()}/branches`, { token: u.token })).status).toBe(200);
      const write = await create('nope', 'trunk', u.token);
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({ error: 'insufficient_scope' });
      const api = await createUserWithToken(t, { scopes: ['read_api'] });
      await addProjectMember(t, p.id, api.id, 30);
      expect((await t.api('GET', `${base()}/branches/trunk`, { token: api.token })).status).toBe(200);
    });
  });

  describe('GET /projects/:id/repository/branches/:branch', () => {
    it('returns one branch, URL-encoded names included', async () => {
      expect((await create('topic/nested', 'feature')).status).toBe(201);
      const res = await t.api<BranchJson>('GET', `${base()}/branches/topic%2Fnested`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'topic/nested', web_url: `${p.webUrl}/-/tree/topic/nested` });
      expect(res.body.commit.id).toBe(p.featureHead);
      await t.api('DELETE', `${base()}/branches/topic%2Fnested`);
    });

    it('answers 404 Branch Not Found for an unknown branch (also for a prefix of a branch)', async () => {
      expect((await create('deep/er', 'trunk')).status).toBe(201);
      for (const name of ['missing', 'deep']) {
        const res = await t.api('GET', `${base()}/branches/${name}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '404 Branch Not Found' });
      }
      await t.api('DELETE', `${base()}/branches/deep%2Fer`);
    });
  });

  describe('POST /projects/:id/repository/branches', () => {
    it('creates from a branch name, a SHA or a tag (201), writing the ref on disk', async () => {
      const fromBranch = await create('from-branch', 'feature', dev.token);
      expect(fromBranch.status).toBe(201);
      expect(fromBranch.body).toMatchObject({
        name: 'from-branch',
        default: false,
        can_push: true,
        protected: false,
      });
      expect(fromBranch.body.commit.id).toBe(p.featureHead);
      const fromSha = await create('from-sha', p.trunk[1]!, dev.token);
      expect(fromSha.body.commit.id).toBe(p.trunk[1]);
      expect(fromSha.body.merged).toBe(true);
      const fromTag = await create('from-tag', 'v1.0', dev.token);
      expect(fromTag.body.commit.id).toBe(p.trunk[2]);
      expect(refs(p.repo)).toEqual(
        expect.arrayContaining([
          `refs/heads/from-branch ${p.featureHead}`,
          `refs/heads/from-sha ${p.trunk[1]}`,
          `refs/heads/from-tag ${p.trunk[2]}`,
        ]),
      );
      for (const b of ['from-branch', 'from-sha', 'from-tag'])
        await t.api('DELETE', `${base()}/branches/${b}`);
    });

    it.each([
      ['bad name', 'bad name', 'trunk', 'Branch name is invalid'],
      ['a..b', 'a..b', 'trunk', 'Branch name is invalid'],
      ['HEAD', 'HEAD', 'trunk', 'Branch name is invalid'],
      ['refs/heads/x', 'refs/heads/x', 'trunk', 'Branch name is invalid'],
      ['an existing branch', 'feature', 'trunk', 'Branch already exists'],
      ['an unknown ref', 'new-one', 'does-not-exist', 'Invalid reference name: does-not-exist'],
      [
        'an unknown SHA',
        'new-two',
        'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef',
        'Invalid reference name: deadbeefdeadbeefdeadbeefdeadbeefdeadbeef',
      ],
      ['an option-like ref', 'new-three', '--all', 'Invalid reference name: --all'],
    ])('refuses %s with 400', async (_label, branch, ref, message) => {
      const before = refs(p.repo);
      const res = await create(branch, ref);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect(refs(p.repo)).toEqual(before);
    });

    it('explains why git refused a name that clashes with an existing branch', async () => {
      const res = await create('feature/below', 'trunk');
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Failed to create branch 'feature\/below': .*refs\/heads\/feature/);
    });

    it('names missing parameters in Grape words', async () => {
      const res = await t.api('POST', `${base()}/branches`, { json: {} });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'branch is missing, ref is missing' });
    });

    it('needs Developer (403), a token (401), and project visibility (404)', async () => {
      expect((await create('x1', 'trunk', reporter.token)).status).toBe(403);
      expect((await create('x1', 'trunk', null as unknown as string)).status).toBe(401);
      expect((await create('x1', 'trunk', stranger.token)).status).toBe(404);
      expect(gitDir(p.repo, 'for-each-ref', 'refs/heads/x1')).toBe('');
    });

    it('lets only those who may push or merge create a branch matching a protected wildcard', async () => {
      await protect('release/*');
      const refused = await create('release/2.0', 'trunk', dev.token);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message: 'You are not allowed to create protected branches on this project.',
      });
      expect(gitDir(p.repo, 'for-each-ref', 'refs/heads/release/2.0')).toBe('');
      const ok = await create('release/2.0', 'trunk', maint.token);
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ protected: true, can_push: true });
      await unprotect('release/*');
      await t.api('DELETE', `${base()}/branches/release%2F2.0`);
    });
  });

  describe('protection fields', () => {
    it('reports protected, developers_can_* and can_push per caller on a wildcard-protected branch', async () => {
      expect((await create('release/1.0', 'trunk')).status).toBe(201);
      await protect('release/*', { push_access_level: 40, merge_access_level: 30 });
      const asDev = await t.api<BranchJson>('GET', `${base()}/branches/release%2F1.0`, { token: dev.token });
      const asMaint = await t.api<BranchJson>('GET', `${base()}/branches/release%2F1.0`, {
        token: maint.token,
      });
      expect(asDev.body).toMatchObject({
        protected: true,
        developers_can_push: false,
        developers_can_merge: true,
        can_push: false,
      });
      expect(asMaint.body).toMatchObject({ protected: true, can_push: true });
      // Unprotected branches stay pushable for Developers; Reporters push nowhere.
      const list = await t.api<BranchJson[]>('GET', `${base()}/branches`, { token: dev.token });
      expect(list.body.map((b) => [b.name, b.protected, b.can_push])).toEqual([
        ['feature', false, true],
        ['release/1.0', true, false],
        ['trunk', false, true],
      ]);
      const asReporter = await t.api<BranchJson[]>('GET', `${base()}/branches`, { token: reporter.token });
      expect(asReporter.body.every((b) => !b.can_push)).toBe(true);

      await unprotect('release/*');
      await protect('release/*', { push_access_level: 30 });
      const devAgain = await t.api<BranchJson>('GET', `${base()}/branches/release%2F1.0`, {
        token: dev.token,
      });
      expect(devAgain.body).toMatchObject({
        developers_can_push: true,
        developers_can_merge: false,
        can_push: true,
      });
      await unprotect('release/*');
      await t.api('DELETE', `${base()}/branches/release%2F1.0`);
    });

    it('gives nobody push rights on a branch protected with No one (0), administrators included', async () => {
      await protect('feature', { push_access_level: 0 });
      const asRoot = await t.api<BranchJson>('GET', `${base()}/branches/feature`);
      expect(asRoot.body).toMatchObject({ protected: true, can_push: false });
      await unprotect('feature');
    });
  });

  describe('DELETE /projects/:id/repository/branches/:branch', () => {
    it('deletes a branch (204) and its ref', async () => {
      expect((await create('doomed/one', 'feature')).status).toBe(201);
      const res = await t.api('DELETE', `${base()}/branches/doomed%2Fone`, { token: dev.token });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(gitDir(p.repo, 'for-each-ref', 'refs/heads/doomed/one')).toBe('');
    });

    it('answers 404 for an unknown branch', async () => {
      const res = await t.api('DELETE', `${base()}/branches/ghost`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Branch Not Found' });
    });

    it('refuses the default branch with an explanation', async () => {
      const res = await t.api('DELETE', `${base()}/branches/trunk`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'The default branch of a project cannot be deleted.' });
      expect(gitDir(p.repo, 'rev-parse', 'trunk')).toBe(p.trunk[2]);
    });

    it('refuses a protected branch to everyone, Maintainers and admins included, until it is unprotected', async () => {
      expect((await create('keep/me', 'trunk')).status).toBe(201);
      await protect('keep/*', { push_access_level: 30, merge_access_level: 30 });
      const refused = await t.api('DELETE', `${base()}/branches/keep%2Fme`, { token: dev.token });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message:
          'Protected branches cannot be deleted. Unprotect the branch first (Repository → Protected branches).',
      });
      for (const token of [maint.token, undefined]) {
        expect((await t.api('DELETE', `${base()}/branches/keep%2Fme`, { token })).status).toBe(400);
      }
      expect(gitDir(p.repo, 'for-each-ref', '--format=%(refname)', 'refs/heads/keep/me')).toBe(
        'refs/heads/keep/me',
      );
      await unprotect('keep/*');
      expect((await t.api('DELETE', `${base()}/branches/keep%2Fme`, { token: maint.token })).status).toBe(
        204,
      );
    });

    it('needs Developer (403)', async () => {
      const res = await t.api('DELETE', `${base()}/branches/feature`, { token: reporter.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
    });
  });

  describe('archived projects', () => {
    it('refuse branch and tag writes (403) but stay readable, with can_push false', async () => {
      expect((await t.api('PUT', `/projects/${pub.id}`, { json: { archived: true } })).status).toBe(200);
      const repo = `/projects/${pub.id}/repository`;
      const branch = await t.api('POST', `${repo}/branches`, { json: { branch: 'x', ref: 'trunk' } });
      expect(branch.status).toBe(403);
      expect((await t.api('DELETE', `${repo}/branches/feature`)).status).toBe(403);
      expect((await t.api('POST', `${repo}/tags`, { json: { tag_name: 'x', ref: 'trunk' } })).status).toBe(
        403,
      );
      const list = await t.api<BranchJson[]>('GET', `${repo}/branches`);
      expect(list.status).toBe(200);
      expect(list.body.every((b) => !b.can_push)).toBe(true);
      expect((await t.api('PUT', `/projects/${pub.id}`, { json: { archived: false } })).status).toBe(200);
    });
  });

  describe('DELETE /projects/:id/repository/merged_branches', () => {
    it('deletes branches merged into the default branch, skipping protected ones and the default', async () => {
      for (const [name, ref] of [
        ['merged-a', p.trunk[0]!],
        ['merged/b', p.trunk[2]!],
        ['merged-protected', p.trunk[1]!],
      ] as const) {
        expect((await create(name, ref)).status).toBe(201);
      }
      await protect('merged-protected');
      const res = await t.api('DELETE', `${base()}/merged_branches`, { token: dev.token });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: '202 Accepted' });
      await t.core.idle();
      const names = (await t.api<BranchJson[]>('GET', `${base()}/branches`)).body.map((b) => b.name);
      expect(names).toEqual(['feature', 'merged-protected', 'trunk']);
      await unprotect('merged-protected');
      await t.api('DELETE', `${base()}/branches/merged-protected`);
    });

    it('needs Developer (403)', async () => {
      expect((await t.api('DELETE', `${base()}/merged_branches`, { token: reporter.token })).status).toBe(
        403,
      );
      expect((await t.api('DELETE', `${base()}/merged_branches`, { token: null })).status).toBe(401);
    });
  });
});
