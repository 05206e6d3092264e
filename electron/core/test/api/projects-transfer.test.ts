/**
 * `PUT /projects/:id/transfer`, `GET /projects/:id/groups` and `DELETE /projects/:id` over real HTTP with
 * real repositories (doc/api/projects.md; app/services/projects/transfer_service.rb;
 * app/finders/projects/groups_finder.rb): the move itself (new path, visibility lowered to the group's,
 * the old group's labels kept as project labels, repository still served), GitLab's refusals and their
 * messages per role, the group list's order and filters, and rejected writes leaving everything as it was.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, projectRepoPath } from '../helpers/disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type User = { id: number; username: string; token: string };
interface ProjectJson {
  id: number;
  path_with_namespace: string;
  visibility: string;
  namespace: { id: number; full_path: string };
  message?: unknown;
}

describe('project transfer, groups and deletion', () => {
  let t: TestCore;
  let owner: User;
  let maintainer: User;
  let developer: User;
  let outsider: User;
  let top: { id: number };
  let sub: { id: number };
  let privateGroup: { id: number };
  let other: { id: number };

  async function group(path: string, visibility = 'public', parent?: number): Promise<{ id: number }> {
    const res = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: path, path, visibility, parent_id: parent },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function member(kind: 'groups' | 'projects', id: number, user: User, level: number) {
    const res = await t.api('POST', `/${kind}/${id}/members`, {
      json: { user_id: user.id, access_level: level },
    });
    expect(res.status).toBe(201);
  }

  async function project(name: string, namespaceId: number, visibility = 'public'): Promise<ProjectJson> {
    const res = await t.api<ProjectJson>('POST', '/projects', {
      json: { name, namespace_id: namespaceId, visibility, initialize_with_readme: true },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  const transfer = (id: number, namespace: string | number, token?: string) =>
    t.api<ProjectJson>('PUT', `/projects/${id}/transfer`, { token, json: { namespace } });

  beforeAll(async () => {
    t = await startTestCore();
    owner = await createUserWithToken(t);
    maintainer = await createUserWithToken(t);
    developer = await createUserWithToken(t);
    outsider = await createUserWithToken(t);
    top = await group('top');
    sub = await group('sub', 'public', top.id);
    privateGroup = await group('hidden', 'private');
    other = await group('other');
    for (const g of [top, privateGroup, other]) await member('groups', g.id, owner, 50);
    await member('groups', other.id, maintainer, 40);
    await member('groups', top.id, maintainer, 40);
    await member('groups', top.id, developer, 30);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('PUT /projects/:id/transfer', () => {
    it('moves a project by namespace path, lowers its visibility and keeps its repository', async () => {
      const p = await project('Mover', sub.id);
      const repo = projectRepoPath(t.dataDir, p.id);
      const head = gitDir(repo, 'rev-parse', 'main');
      const res = await transfer(p.id, 'hidden', owner.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.body.path_with_namespace).toBe('hidden/mover');
      expect(res.body.namespace.id).toBe(privateGroup.id);
      expect(res.body.visibility).toBe('private');
      // Hashed storage: the repository stays where it was and is served under the new path.
      expect(existsSync(repo)).toBe(true);
      const byPath = await t.api<{ id: number }>('GET', `/projects/${encodeURIComponent('hidden/mover')}`);
      expect(byPath.body.id).toBe(p.id);
      expect((await t.api('GET', `/projects/${encodeURIComponent('top/sub/mover')}`)).status).toBe(404);
      const file = await t.api<{ commit_id: string }>(
        'GET',
        `/projects/${p.id}/repository/files/README.md?ref=main`,
      );
      expect(file.body.commit_id).toBe(head);
    });

    it('moves by namespace id into the caller’s own namespace and records an audit event', async () => {
      const p = await project('Homebound', top.id);
      const me = await t.api<{ id: number }[]>('GET', `/namespaces?search=${owner.username}`, {
        token: owner.token,
      });
      const res = await transfer(p.id, me.body[0]!.id, owner.token);
      expect(res.status).toBe(200);
      expect(res.body.path_with_namespace).toBe(`${owner.username}/homebound`);
      const events = await t.api<{ details: Record<string, unknown> }[]>(
        'GET',
        `/projects/${p.id}/audit_events`,
      );
      expect(events.body.map((e) => e.details)).toContainEqual(
        expect.objectContaining({
          change: 'namespace',
          from: 'top/homebound',
          to: `${owner.username}/homebound`,
        }),
      );
    });

    it('turns the old group’s labels on its issues into project labels', async () => {
      const lbl = await t.api('POST', `/groups/${top.id}/labels`, {
        json: { name: 'team-x', color: '#112233' },
      });
      expect(lbl.status).toBe(201);
      const p = await project('Labelled', top.id);
      const issue = await t.api<{ iid: number }>('POST', `/projects/${p.id}/issues`, {
        json: { title: 'tagged', labels: 'team-x' },
      });
      expect(issue.status).toBe(201);
      const res = await transfer(p.id, 'other', owner.token);
      expect(res.status).toBe(200);
      const after = await t.api<{ labels: string[] }>('GET', `/projects/${p.id}/issues/${issue.body.iid}`);
      expect(after.body.labels).toEqual(['team-x']);
      const labels = await t.api<{ name: string; color: string; is_project_label: boolean }[]>(
        'GET',
        `/projects/${p.id}/labels`,
      );
      expect(labels.body.filter((l) => l.name === 'team-x')).toEqual([
        expect.objectContaining({ name: 'team-x', color: '#112233', is_project_label: true }),
      ]);
      const groupLabels = await t.api<{ name: string }[]>('GET', `/groups/${top.id}/labels`);
      expect(groupLabels.body.map((l) => l.name)).toContain('team-x');
    });

    it.each([
      ['the same namespace', () => 'top', 'Transfer failed, please contact an admin.'],
      [
        'a group where the owner is no Maintainer',
        () => 'top/sub',
        'Transfer failed, please contact an admin.',
      ],
    ])('refuses %s with GitLab’s 400 and changes nothing', async (_l, ns, reason) => {
      const p = await project(`Stay ${Math.random().toString(36).slice(2, 7)}`, top.id);
      await member('projects', p.id, outsider, 50);
      const res = await transfer(p.id, ns(), outsider.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: `Failed to transfer project {:new_namespace=>["${reason}"]}` });
      const again = await t.api<ProjectJson>('GET', `/projects/${p.id}`);
      expect(again.body.path_with_namespace).toBe(p.path_with_namespace);
    });

    it('refuses a name or path already taken in the target', async () => {
      await project('Twin', other.id);
      const p = await project('Twin', top.id);
      const res = await transfer(p.id, 'other', owner.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message:
          'Failed to transfer project {:new_namespace=>["Project with same name or path in target namespace already exists"]}',
      });
      expect((await t.api<ProjectJson>('GET', `/projects/${p.id}`)).body.namespace.id).toBe(top.id);
    });

    it('needs Owner of the project: Maintainer and Developer get 403, strangers 404', async () => {
      const p = await project('Guarded', top.id, 'private');
      for (const who of [maintainer, developer]) {
        const res = await transfer(p.id, 'other', who.token);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: '403 Forbidden' });
      }
      expect((await transfer(p.id, 'other', outsider.token)).status).toBe(404);
      expect((await transfer(p.id, 'other', null as unknown as string)).status).toBe(401);
      expect((await t.api<ProjectJson>('GET', `/projects/${p.id}`)).body.namespace.id).toBe(top.id);
    });

    it('answers 404 Namespace Not Found for an unknown or unreadable namespace, 400 without one', async () => {
      const p = await project('Lost', top.id);
      const missing = await transfer(p.id, 'no/such/group', owner.token);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Namespace Not Found' });
      const unreadable = await transfer(p.id, outsider.username, owner.token);
      expect(unreadable.status).toBe(404);
      const none = await t.api('PUT', `/projects/${p.id}/transfer`, { token: owner.token, json: {} });
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ error: 'namespace is missing' });
    });
  });

  describe('GET /projects/:id/groups', () => {
    it('lists the project’s group and its ancestors, newest id first, as PublicGroupDetails', async () => {
      const p = await project('Deep', sub.id);
      const res = await t.api<Record<string, unknown>[]>('GET', `/projects/${p.id}/groups`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total')).toBe('2');
      expect(res.body).toEqual([
        {
          id: sub.id,
          web_url: `${t.url}/groups/top/sub`,
          name: 'sub',
          avatar_url: null,
          full_name: 'top / sub',
          full_path: 'top/sub',
        },
        expect.objectContaining({ id: top.id, full_path: 'top', full_name: 'top' }),
      ]);
      const searched = await t.api<{ id: number }[]>('GET', `/projects/${p.id}/groups?search=su`);
      expect(searched.body.map((g) => g.id)).toEqual([sub.id]);
      const skipped = await t.api<{ id: number }[]>(
        'GET',
        `/projects/${p.id}/groups?skip_groups[]=${sub.id}`,
      );
      expect(skipped.body.map((g) => g.id)).toEqual([top.id]);
      const paged = await t.api<{ id: number }[]>('GET', `/projects/${p.id}/groups?per_page=1&page=2`);
      expect(paged.body.map((g) => g.id)).toEqual([top.id]);
      expect(paged.headers.get('link')).toContain('rel="prev"');
      const anon = await t.api('GET', `/projects/${p.id}/groups`, { token: null });
      expect(anon.status).toBe(200);
    });

    it('is empty for a personal project and checks its parameters', async () => {
      const mine = await t.api<ProjectJson>('POST', '/projects', {
        token: owner.token,
        json: { name: 'Solo' },
      });
      const res = await t.api('GET', `/projects/${mine.body.id}/groups`, { token: owner.token });
      expect(res.body).toEqual([]);
      const bad = await t.api('GET', `/projects/${mine.body.id}/groups?skip_groups=a,b`, {
        token: owner.token,
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'skip_groups is invalid' });
      const lvl = await t.api('GET', `/projects/${mine.body.id}/groups?shared_min_access_level=7`, {
        token: owner.token,
      });
      expect(lvl.status).toBe(400);
      expect((await t.api('GET', `/projects/${mine.body.id}/groups`, { token: outsider.token })).status).toBe(
        404,
      );
    });
  });

  describe('DELETE /projects/:id', () => {
    it('answers 202 {"message":"202 Accepted"} for the Owner and removes the repository', async () => {
      const p = await project('Doomed', top.id);
      const repo = projectRepoPath(t.dataDir, p.id);
      expect((await t.api('DELETE', `/projects/${p.id}`, { token: maintainer.token })).status).toBe(403);
      expect(existsSync(repo)).toBe(true);
      const res = await t.api('DELETE', `/projects/${p.id}`, { token: owner.token });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: '202 Accepted' });
      expect((await t.api('GET', `/projects/${p.id}`)).status).toBe(404);
      expect(existsSync(repo)).toBe(false);
    });
  });
});
