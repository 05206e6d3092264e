import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, isBareRepository, projectRepoPath, refs } from '../helpers/disk.js';
import { git, makeSourceRepository } from '../helpers/git-fixtures.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface ProjectJson {
  id: number;
  name: string;
  path: string;
  path_with_namespace: string;
  name_with_namespace: string;
  description: string | null;
  default_branch: string | null;
  visibility: string;
  archived: boolean;
  empty_repo: boolean;
  web_url: string;
  http_url_to_repo: string;
  readme_url: string | null;
  import_status: string;
  import_error: string | null;
  creator_id: number;
  namespace: { id: number; kind: string; full_path: string };
  owner: { id: number; username: string } | null;
  repository_storage?: string;
}

type User = { id: number; username: string; token: string };

describe('projects API', () => {
  let t: TestCore;
  let alice: User;
  let bob: User;
  let carol: User;
  let sources: string[];

  async function createProject(body: Record<string, unknown>, token?: string): Promise<ProjectJson> {
    const res = await t.api<ProjectJson>('POST', '/projects', { json: body, token });
    if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${res.text}`);
    return res.body;
  }

  async function addProjectMember(projectId: number, userId: number, level: number): Promise<void> {
    const res = await t.api('POST', `/projects/${projectId}/members`, {
      json: { user_id: userId, access_level: level },
    });
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    t = await startTestCore();
    [alice, bob, carol] = await Promise.all([
      createUserWithToken(t, { username: 'alice' }),
      createUserWithToken(t, { username: 'bob' }),
      createUserWithToken(t, { username: 'carol' }),
    ]);
    sources = [];
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(sources.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  describe('POST /projects', () => {
    it('creates an empty private project in the caller namespace (201)', async () => {
      const res = await t.api<ProjectJson>('POST', '/projects', {
        token: alice.token,
        json: { name: 'My Project' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'My Project',
        path: 'my-project',
        path_with_namespace: 'alice/my-project',
        name_with_namespace: 'User alice / My Project',
        visibility: 'private',
        archived: false,
        empty_repo: true,
        default_branch: null,
        readme_url: null,
        import_status: 'none',
        creator_id: alice.id,
        web_url: `${t.url}/alice/my-project`,
        http_url_to_repo: `${t.url}/alice/my-project.git`,
        namespace: { kind: 'user', full_path: 'alice' },
        owner: { id: alice.id, username: 'alice' },
      });
      expect(res.body).not.toHaveProperty('repository_storage');
      const repo = projectRepoPath(t.dataDir, res.body.id);
      expect(isBareRepository(repo)).toBe(true);
      expect(gitDir(repo, 'for-each-ref')).toBe('');
    });

    it('shows repository_storage to administrators', async () => {
      const p = await createProject({ name: 'Admin View' });
      expect(p.repository_storage).toBe('default');
    });

    it('takes the name from the path when only a path is given', async () => {
      const p = await createProject({ path: 'only-path' }, alice.token);
      expect(p).toMatchObject({ name: 'only-path', path: 'only-path' });
    });

    it('makes a real first commit with initialize_with_readme', async () => {
      const p = await createProject(
        { name: 'Readme', description: 'Says hello', initialize_with_readme: true },
        alice.token,
      );
      expect(p).toMatchObject({
        default_branch: 'main',
        empty_repo: false,
        readme_url: `${t.url}/alice/readme/-/blob/main/README.md`,
      });
      const repo = projectRepoPath(t.dataDir, p.id);
      expect(gitDir(repo, 'log', '--format=%s|%an|%ae', 'main').split('\n')).toEqual([
        'Initial commit|User alice|alice@example.com',
      ]);
      expect(gitDir(repo, 'show', 'main:README.md')).toBe('# Readme\n\nSays hello');
      expect(gitDir(repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
    });

    it('uses default_branch for the first commit', async () => {
      const p = await createProject(
        { name: 'Dev Branch', initialize_with_readme: true, default_branch: 'develop' },
        alice.token,
      );
      expect(p.default_branch).toBe('develop');
      const repo = projectRepoPath(t.dataDir, p.id);
      expect(gitDir(repo, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/develop');
      expect(gitDir(repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/develop');
    });

    it.each(['bad..name', '-leading', 'x.lock', 'a/.hidden', 'HEAD', 'sp ace', 'end/'])(
      'answers 400 with a field error for the branch name %j',
      async (default_branch) => {
        const res = await t.api('POST', '/projects', {
          token: alice.token,
          json: { name: 'Bad Branch', initialize_with_readme: true, default_branch },
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: { default_branch: ['is invalid'] } });
      },
    );

    it('accepts a branch name with slashes', async () => {
      const p = await createProject(
        { name: 'Slashy', initialize_with_readme: true, default_branch: 'release/1.x' },
        alice.token,
      );
      expect(gitDir(projectRepoPath(t.dataDir, p.id), 'symbolic-ref', 'HEAD')).toBe('refs/heads/release/1.x');
    });

    it('answers 400 {"message":{"path":["has already been taken"]}} for a taken path', async () => {
      const res = await t.api('POST', '/projects', {
        token: alice.token,
        json: { name: 'Other Name', path: 'my-project' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { path: ['has already been taken'] } });
    });

    it('answers 400 for a taken name (case-insensitive) too', async () => {
      const res = await t.api('POST', '/projects', { token: alice.token, json: { name: 'my project' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: { path: ['has already been taken'], name: ['has already been taken'] },
      });
    });

    it('allows the same path in another namespace', async () => {
      const p = await createProject({ name: 'My Project' }, bob.token);
      expect(p.path_with_namespace).toBe('bob/my-project');
    });

    it('answers 400 with a field error for an invalid path', async () => {
      const res = await t.api<{ message: Record<string, string[]> }>('POST', '/projects', {
        token: alice.token,
        json: { name: 'x', path: 'bad/path' },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.message)).toEqual(['path']);
    });

    it('answers 404 for an unknown namespace', async () => {
      const res = await t.api('POST', '/projects', { json: { name: 'Lost', namespace_id: 999999 } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Namespace Not Found' });
    });

    it("answers 403 for another user's personal namespace", async () => {
      const ns = await t.api<ProjectJson>('GET', '/projects/alice%2Fmy-project', { token: alice.token });
      const res = await t.api('POST', '/projects', {
        token: bob.token,
        json: { name: 'Intruder', namespace_id: ns.body.namespace.id },
      });
      expect(res.status).toBe(403);
    });

    it('answers 401 to anonymous callers', async () => {
      const res = await t.api('POST', '/projects', { token: null, json: { name: 'anon' } });
      expect(res.status).toBe(401);
    });

    describe('in a group namespace', () => {
      let groupId: number;

      beforeAll(async () => {
        const g = await t.api<{ id: number }>('POST', '/groups', {
          json: { name: 'Team', path: 'team', visibility: 'internal' },
        });
        groupId = g.body.id;
        for (const [user, level] of [
          [alice, 30],
          [bob, 40],
        ] as const) {
          const res = await t.api('POST', `/groups/${groupId}/members`, {
            json: { user_id: user.id, access_level: level },
          });
          expect(res.status).toBe(201);
        }
      });

      it('refuses a Developer of the group with 403', async () => {
        const res = await t.api('POST', '/projects', {
          token: alice.token,
          json: { name: 'Dev Made', namespace_id: groupId },
        });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: '403 Forbidden' });
      });

      it('lets a Maintainer of the group create it', async () => {
        const res = await t.api<ProjectJson>('POST', '/projects', {
          token: bob.token,
          json: { name: 'Service', namespace_id: groupId, visibility: 'internal' },
        });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          path_with_namespace: 'team/service',
          name_with_namespace: 'Team / Service',
          namespace: { id: groupId, kind: 'group' },
          owner: null,
        });
      });

      it('refuses visibility above the group with a field error', async () => {
        const res = await t.api('POST', '/projects', {
          token: bob.token,
          json: { name: 'Too Public', namespace_id: groupId, visibility: 'public' },
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          message: { visibility_level: ['public is not allowed in a internal group.'] },
        });
      });
    });
  });

  describe('GET /projects/:id and visibility', () => {
    let priv: ProjectJson;
    let internal: ProjectJson;
    let pub: ProjectJson;

    beforeAll(async () => {
      priv = await createProject({ name: 'Secret', visibility: 'private' }, carol.token);
      internal = await createProject({ name: 'Inside', visibility: 'internal' }, carol.token);
      pub = await createProject(
        { name: 'Open', visibility: 'public', initialize_with_readme: true },
        carol.token,
      );
    });

    it('reads a project by id and by URL-encoded path', async () => {
      const byId = await t.api<ProjectJson>('GET', `/projects/${priv.id}`, { token: carol.token });
      expect(byId.status).toBe(200);
      expect(byId.body.path_with_namespace).toBe('carol/secret');
      const byPath = await t.api<ProjectJson>('GET', '/projects/carol%2Fsecret', { token: carol.token });
      expect(byPath.status).toBe(200);
      expect(byPath.body.id).toBe(priv.id);
    });

    it('answers 404 for an unencoded path', async () => {
      const res = await t.api('GET', '/projects/carol/secret', { token: carol.token });
      expect(res.status).toBe(404);
    });

    it('hides a private project from non-members as 404 Project Not Found', async () => {
      for (const [id, token] of [
        [String(priv.id), alice.token],
        ['carol%2Fsecret', alice.token],
        [String(priv.id), null],
      ] as const) {
        const res = await t.api('GET', `/projects/${id}`, { token });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '404 Project Not Found' });
      }
    });

    it('shows a private project to its members and to administrators', async () => {
      expect((await t.api('GET', `/projects/${priv.id}`)).status).toBe(200);
      await addProjectMember(priv.id, bob.id, 10);
      expect((await t.api('GET', `/projects/${priv.id}`, { token: bob.token })).status).toBe(200);
    });

    it('shows a public project to anonymous callers', async () => {
      const res = await t.api<ProjectJson>('GET', `/projects/${pub.id}`, { token: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ visibility: 'public', empty_repo: false, default_branch: 'main' });
    });

    it('shows an internal project to any signed-in user but not to anonymous callers', async () => {
      expect((await t.api('GET', `/projects/${internal.id}`, { token: alice.token })).status).toBe(200);
      expect((await t.api('GET', `/projects/${internal.id}`, { token: null })).status).toBe(404);
    });

    it('answers 404 for unknown ids and paths', async () => {
      for (const id of ['999999', 'carol%2Fnope', 'nobody%2Fsecret', 'secret']) {
        const res = await t.api('GET', `/projects/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '404 Project Not Found' });
      }
    });
  });

  describe('GET /projects', () => {
    let dave: User;

    beforeAll(async () => {
      dave = await createUserWithToken(t, { username: 'dave' });
      await createProject({ name: 'Dave Private Needle', visibility: 'private' }, dave.token);
      await createProject({ name: 'Dave Public Needle', visibility: 'public' }, dave.token);
      await createProject({ name: 'Dave Internal Needle', visibility: 'internal' }, dave.token);
    });

    const names = async (query: string, token: string | null): Promise<string[]> => {
      const res = await t.api<ProjectJson[]>('GET', `/projects?${query}`, { token });
      expect(res.status).toBe(200);
      return res.body.map((p) => p.name).sort();
    };

    it('lists what the caller may read', async () => {
      expect(await names('search=needle', dave.token)).toEqual([
        'Dave Internal Needle',
        'Dave Private Needle',
        'Dave Public Needle',
      ]);
      expect(await names('search=needle', alice.token)).toEqual([
        'Dave Internal Needle',
        'Dave Public Needle',
      ]);
      expect(await names('search=needle', null)).toEqual(['Dave Public Needle']);
      expect(await names('search=needle', t.rootToken)).toHaveLength(3);
    });

    it('searches name, path and description', async () => {
      expect(await names('search=PUBLIC%20needle', dave.token)).toEqual(['Dave Public Needle']);
      expect(await names('search=dave-internal', dave.token)).toEqual(['Dave Internal Needle']);
      expect(await names('search=Says%20hello', alice.token)).toEqual(['Readme']);
      expect(await names('search=%25', dave.token)).toEqual([]);
    });

    it('limits to projects the caller is a member of with membership=true', async () => {
      const mine = await names('membership=true', dave.token);
      expect(mine).toEqual(['Dave Internal Needle', 'Dave Private Needle', 'Dave Public Needle']);
      const bobs = await names('membership=true', bob.token);
      expect(bobs).toContain('Secret'); // a direct project membership
      expect(bobs).toContain('Service'); // through the team group
      expect(bobs).not.toContain('Open');
    });

    it('filters by visibility', async () => {
      expect(await names('search=needle&visibility=internal', alice.token)).toEqual(['Dave Internal Needle']);
    });

    it('orders by name and id on request', async () => {
      const res = await t.api<ProjectJson[]>('GET', '/projects?search=needle&order_by=name&sort=asc', {
        token: dave.token,
      });
      expect(res.body.map((p) => p.name)).toEqual([
        'Dave Internal Needle',
        'Dave Private Needle',
        'Dave Public Needle',
      ]);
      const byId = await t.api<ProjectJson[]>('GET', '/projects?search=needle&order_by=id&sort=desc', {
        token: dave.token,
      });
      const ids = byId.body.map((p) => p.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('answers 400 for an unknown order_by', async () => {
      const res = await t.api('GET', '/projects?order_by=stars');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'order_by does not have a valid value' });
    });
  });

  describe('PUT /projects/:id', () => {
    let p: ProjectJson;

    beforeAll(async () => {
      p = await createProject({ name: 'Editable' }, carol.token);
      await addProjectMember(p.id, alice.id, 30);
      await addProjectMember(p.id, bob.id, 40);
    });

    it('refuses a Developer with 403', async () => {
      const res = await t.api('PUT', `/projects/${p.id}`, {
        token: alice.token,
        json: { description: 'dev' },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
      const read = await t.api<ProjectJson>('GET', `/projects/${p.id}`);
      expect(read.body.description).toBeNull();
    });

    it('lets a Maintainer change settings', async () => {
      const res = await t.api<ProjectJson>('PUT', `/projects/${p.id}`, {
        token: bob.token,
        json: { description: 'maintained', name: 'Edited', path: 'edited' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        description: 'maintained',
        name: 'Edited',
        path: 'edited',
        path_with_namespace: 'carol/edited',
      });
      expect((await t.api('GET', '/projects/carol%2Fedited')).status).toBe(200);
      expect((await t.api('GET', '/projects/carol%2Feditable')).status).toBe(404);
      // Hashed storage: renaming does not move the repository.
      expect(isBareRepository(projectRepoPath(t.dataDir, p.id))).toBe(true);
    });

    it('needs Owner to change visibility', async () => {
      const res = await t.api('PUT', `/projects/${p.id}`, {
        token: bob.token,
        json: { visibility: 'internal' },
      });
      expect(res.status).toBe(403);
      const owner = await t.api<ProjectJson>('PUT', `/projects/${p.id}`, {
        token: carol.token,
        json: { visibility: 'internal' },
      });
      expect(owner.status).toBe(200);
      expect(owner.body.visibility).toBe('internal');
    });

    it('lets a Maintainer resend the current visibility', async () => {
      const res = await t.api<ProjectJson>('PUT', `/projects/${p.id}`, {
        token: bob.token,
        json: { visibility: 'internal' },
      });
      expect(res.status).toBe(200);
    });

    it('archives and unarchives', async () => {
      const res = await t.api<ProjectJson>('PUT', `/projects/${p.id}`, {
        token: bob.token,
        form: { archived: 'true' },
      });
      expect(res.status).toBe(200);
      expect(res.body.archived).toBe(true);
      const listed = await t.api<ProjectJson[]>('GET', '/projects?archived=true&search=edited', {
        token: carol.token,
      });
      expect(listed.body.map((x) => x.id)).toEqual([p.id]);
      const active = await t.api<ProjectJson[]>('GET', '/projects?archived=false&search=edited', {
        token: carol.token,
      });
      expect(active.body).toEqual([]);
      const back = await t.api<ProjectJson>('PUT', `/projects/${p.id}`, {
        token: bob.token,
        json: { archived: false },
      });
      expect(back.body.archived).toBe(false);
    });

    it('answers 400 for a taken path or blank name', async () => {
      const other = await createProject({ name: 'Neighbour' }, carol.token);
      const taken = await t.api('PUT', `/projects/${p.id}`, {
        token: carol.token,
        json: { path: other.path },
      });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({ message: { path: ['has already been taken'] } });
      const blank = await t.api('PUT', `/projects/${p.id}`, { token: carol.token, json: { name: ' ' } });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ message: { name: ["can't be blank"] } });
    });

    it('answers 400 for an invalid visibility value', async () => {
      const res = await t.api('PUT', `/projects/${p.id}`, {
        token: carol.token,
        json: { visibility: 'world' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'visibility does not have a valid value' });
    });

    it('answers 404 to a non-member of a private project', async () => {
      const priv = await createProject({ name: 'Locked' }, carol.token);
      const res = await t.api('PUT', `/projects/${priv.id}`, {
        token: alice.token,
        json: { description: 'x' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Project Not Found' });
    });

    it('answers 403 to a signed-in non-member of an internal project', async () => {
      const res = await t.api('PUT', `/projects/${p.id}`, {
        token: (await createUserWithToken(t)).token,
        json: { description: 'x' },
      });
      expect(res.status).toBe(403);
    });
  });

  describe('DELETE /projects/:id', () => {
    it('refuses a Maintainer with 403 and keeps the repository', async () => {
      const p = await createProject({ name: 'Keep Me' }, carol.token);
      await addProjectMember(p.id, bob.id, 40);
      const res = await t.api('DELETE', `/projects/${p.id}`, { token: bob.token });
      expect(res.status).toBe(403);
      expect(isBareRepository(projectRepoPath(t.dataDir, p.id))).toBe(true);
      expect((await t.api('GET', `/projects/${p.id}`)).status).toBe(200);
    });

    it('lets the Owner delete (202) and removes the repository', async () => {
      const p = await createProject({ name: 'Doomed', initialize_with_readme: true }, carol.token);
      const repo = projectRepoPath(t.dataDir, p.id);
      expect(existsSync(repo)).toBe(true);
      const res = await t.api('DELETE', `/projects/${p.id}`, { token: carol.token });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: '202 Accepted' });
      await t.core.idle();
      expect(existsSync(repo)).toBe(false);
      const gone = await t.api('GET', `/projects/${p.id}`);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ message: '404 Project Not Found' });
      // The path is free again.
      expect((await createProject({ name: 'Doomed' }, carol.token)).path).toBe('doomed');
    });

    it('lets an administrator delete any project', async () => {
      const p = await createProject({ name: 'Admin Deletes' }, carol.token);
      const res = await t.api('DELETE', `/projects/${p.id}`);
      expect(res.status).toBe(202);
      expect(existsSync(projectRepoPath(t.dataDir, p.id))).toBe(false);
    });

    it('answers 404 for an unknown or invisible project and 401 without a token', async () => {
      const p = await createProject({ name: 'Hidden' }, carol.token);
      expect((await t.api('DELETE', '/projects/999999')).status).toBe(404);
      expect((await t.api('DELETE', `/projects/${p.id}`, { token: alice.token })).status).toBe(404);
      expect((await t.api('DELETE', `/projects/${p.id}`, { token: null })).status).toBe(401);
      expect((await t.api('GET', `/projects/${p.id}`, { token: carol.token })).status).toBe(200);
    });
  });

  describe('import from a repository', () => {
    it('imports every branch and tag with their SHAs from a local path (administrators)', async () => {
      const src = await makeSourceRepository();
      sources.push(src.dir);
      const res = await t.api<ProjectJson>('POST', '/projects', {
        json: { name: 'Imported', import_url: src.dir },
      });
      expect(res.status).toBe(201);
      expect(['scheduled', 'started']).toContain(res.body.import_status);

      await t.core.idle();
      const done = await t.api<ProjectJson>('GET', `/projects/${res.body.id}`);
      expect(done.body).toMatchObject({
        import_status: 'finished',
        import_error: null,
        default_branch: 'trunk',
        empty_repo: false,
      });

      const repo = projectRepoPath(t.dataDir, res.body.id);
      const tagObject = git(src.dir, 'rev-parse', 'refs/tags/v1.0');
      expect(refs(repo)).toEqual(
        [
          `refs/heads/feature ${src.featureHead}`,
          `refs/heads/trunk ${src.trunkHead}`,
          `refs/tags/v1.0 ${tagObject}`,
        ].sort(),
      );
      expect(gitDir(repo, 'rev-parse', 'v1.0^{commit}')).toBe(src.trunkHead);
      expect(gitDir(repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/trunk');
      expect(gitDir(repo, 'rev-list', '--count', 'trunk')).toBe('3');
    });

    it('moves HEAD when default_branch is changed to an existing branch, and refuses others', async () => {
      const src = await makeSourceRepository();
      sources.push(src.dir);
      const p = await createProject({ name: 'Switch Default', import_url: src.dir });
      await t.core.idle();
      const repo = projectRepoPath(t.dataDir, p.id);
      const res = await t.api<ProjectJson>('PUT', `/projects/${p.id}`, {
        json: { default_branch: 'feature' },
      });
      expect(res.status).toBe(200);
      expect(res.body.default_branch).toBe('feature');
      expect(gitDir(repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/feature');

      const missing = await t.api('PUT', `/projects/${p.id}`, { json: { default_branch: 'no-such-branch' } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ message: 'Could not set the default branch' });
      expect((await t.api<ProjectJson>('GET', `/projects/${p.id}`)).body.default_branch).toBe('feature');
      expect(gitDir(repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/feature');
    });

    it('imports from a file:// URL', async () => {
      const src = await makeSourceRepository();
      sources.push(src.dir);
      const p = await createProject({ name: 'From URL', import_url: pathToFileURL(src.dir).href });
      await t.core.idle();
      const done = await t.api<ProjectJson>('GET', `/projects/${p.id}`);
      expect(done.body).toMatchObject({ import_status: 'finished', default_branch: 'trunk' });
      expect(gitDir(projectRepoPath(t.dataDir, p.id), 'rev-parse', 'feature')).toBe(src.featureHead);
    });

    it('refuses local paths and file:// URLs to non-administrators with a field error', async () => {
      const src = await makeSourceRepository();
      sources.push(src.dir);
      for (const import_url of [src.dir, pathToFileURL(src.dir).href]) {
        const res = await t.api<{ message: Record<string, string[]> }>('POST', '/projects', {
          token: alice.token,
          json: { name: 'Sneaky Import', import_url },
        });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.message)).toEqual(['import_url']);
        expect(res.body.message.import_url![0]).toMatch(/^is blocked/);
      }
      const list = await t.api<ProjectJson[]>('GET', '/projects?search=sneaky');
      expect(list.body).toEqual([]);
    });

    it('refuses other schemes and URLs with credentials', async () => {
      for (const import_url of [
        'ssh://git@example.com/x.git',
        'relative/path',
        'https://user:pw@example.com/x.git',
      ]) {
        const res = await t.api<{ message: Record<string, string[]> }>('POST', '/projects', {
          json: { name: 'Bad Scheme', import_url },
        });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.message)).toEqual(['import_url']);
        expect(res.text).not.toContain(':pw@');
      }
    });

    it('marks an import from a missing path as failed with import_error', async () => {
      const missing = path.join(t.dataDir, 'no-such-repository');
      const p = await createProject({ name: 'Broken Import', import_url: missing });
      await t.core.idle();
      const res = await t.api<ProjectJson>('GET', `/projects/${p.id}`);
      expect(res.body.import_status).toBe('failed');
      expect(res.body.import_error).toEqual(expect.any(String));
      expect(res.body.import_error!.length).toBeGreaterThan(0);
      expect(res.body.empty_repo).toBe(true);
      expect(isBareRepository(projectRepoPath(t.dataDir, p.id))).toBe(true);
    });
  });
});
