/**
 * Group administration over real HTTP (doc/api/groups.md): PUT/DELETE /groups/:id, subgroups,
 * descendant_groups, transfer, the group's projects with their filters, and pagination headers.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRepoPath } from '../helpers/disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface GroupJson {
  id: number;
  name: string;
  path: string;
  full_path: string;
  full_name: string;
  parent_id: number | null;
  visibility: string;
  description: string;
}

interface ProjectJson {
  id: number;
  name: string;
  path_with_namespace: string;
  visibility: string;
  namespace: { id: number; full_path: string };
}

type User = { id: number; username: string; token: string };

describe('group administration API', () => {
  let t: TestCore;
  let owner: User;
  let outsider: User;
  let maintainer: User;

  async function group(body: Record<string, unknown>, token?: string): Promise<GroupJson> {
    const res = await t.api<GroupJson>('POST', '/groups', { json: body, token });
    if (res.status !== 201) throw new Error(`group create failed: ${res.status} ${res.text}`);
    return res.body;
  }

  async function project(
    namespaceId: number,
    name: string,
    extra: Record<string, unknown> = {},
    token?: string,
  ) {
    const res = await t.api<ProjectJson>('POST', '/projects', {
      json: { name, namespace_id: namespaceId, ...extra },
      token,
    });
    if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${res.text}`);
    return res.body;
  }

  beforeAll(async () => {
    t = await startTestCore();
    [owner, outsider, maintainer] = await Promise.all([
      createUserWithToken(t, { username: 'gowner' }),
      createUserWithToken(t, { username: 'goutsider' }),
      createUserWithToken(t, { username: 'gmaint' }),
    ]);
  });
  afterAll(async () => t.close());

  describe('PUT /groups/:id', () => {
    it('renames a group and moves every descendant full path with it; by URL-encoded path too', async () => {
      const top = await group({ name: 'Renamed Top', path: 'ren-top', visibility: 'public' }, owner.token);
      const sub = await group(
        { name: 'Sub', path: 'sub', parent_id: top.id, visibility: 'public' },
        owner.token,
      );
      const leaf = await group({ name: 'Leaf', path: 'leaf', parent_id: sub.id }, owner.token);
      const p = await project(leaf.id, 'Deep App', {}, owner.token);

      const res = await t.api<GroupJson>('PUT', `/groups/${encodeURIComponent('ren-top')}`, {
        token: owner.token,
        json: { name: 'New Top', path: 'new-top', description: 'moved' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: top.id, name: 'New Top', path: 'new-top', full_path: 'new-top' });
      expect(res.body.description).toBe('moved');

      const leafNow = await t.api<GroupJson>('GET', `/groups/${encodeURIComponent('new-top/sub/leaf')}`);
      expect(leafNow.status).toBe(200);
      expect(leafNow.body.id).toBe(leaf.id);
      expect(leafNow.body.full_name).toBe('New Top / Sub / Leaf');
      const pNow = await t.api<ProjectJson>('GET', `/projects/${p.id}`);
      expect(pNow.body.path_with_namespace).toBe('new-top/sub/leaf/deep-app');
      expect((await t.api('GET', `/groups/${encodeURIComponent('ren-top/sub')}`)).status).toBe(404);
    });

    it('refuses a taken path, a blank name and visibility conflicts with 400 field errors, changing nothing', async () => {
      const a = await group({ name: 'Taken A', path: 'taken-a', visibility: 'public' }, owner.token);
      await group({ name: 'Taken B', path: 'taken-b' }, owner.token);
      const sub = await group(
        { name: 'Pub Sub', path: 'pubsub', parent_id: a.id, visibility: 'public' },
        owner.token,
      );
      await project(a.id, 'Public App', { visibility: 'public' }, owner.token);

      const taken = await t.api('PUT', `/groups/${a.id}`, { token: owner.token, json: { path: 'taken-b' } });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({ message: { path: ['has already been taken'] } });

      const blank = await t.api('PUT', `/groups/${a.id}`, { token: owner.token, json: { name: ' ' } });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ message: { name: ["can't be blank"] } });

      const lower = await t.api('PUT', `/groups/${a.id}`, {
        token: owner.token,
        json: { visibility: 'private' },
      });
      expect(lower.status).toBe(400);
      expect(lower.body).toEqual({
        message: {
          visibility_level: [
            'private is not allowed since this group contains projects with higher visibility.',
          ],
        },
      });

      const subUp = await t.api('PUT', `/groups/${sub.id}`, {
        token: owner.token,
        json: { visibility: 'public' },
      });
      expect(subUp.status).toBe(200);
      const b = await group({ name: 'Priv', path: 'priv-parent', visibility: 'private' }, owner.token);
      const child = await group({ name: 'Child', path: 'child', parent_id: b.id }, owner.token);
      const above = await t.api('PUT', `/groups/${child.id}`, {
        token: owner.token,
        json: { visibility: 'internal' },
      });
      expect(above.status).toBe(400);
      expect(above.body).toEqual({
        message: {
          visibility_level: [
            'internal is not allowed since the visibility level of the parent group is private.',
          ],
        },
      });

      const still = await t.api<GroupJson>('GET', `/groups/${a.id}`);
      expect(still.body).toMatchObject({ path: 'taken-a', name: 'Taken A', visibility: 'public' });
    });

    it('is 403 for a Maintainer and 404 "404 Group Not Found" for a group the caller cannot see', async () => {
      const g = await group({ name: 'Guarded', path: 'guarded' }, owner.token);
      await t.api('POST', `/groups/${g.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } });
      const m = await t.api('PUT', `/groups/${g.id}`, { token: maintainer.token, json: { name: 'x' } });
      expect(m.status).toBe(403);
      expect(m.body).toEqual({ message: '403 Forbidden' });
      const o = await t.api('PUT', `/groups/${g.id}`, { token: outsider.token, json: { name: 'x' } });
      expect(o.status).toBe(404);
      expect(o.body).toEqual({ message: '404 Group Not Found' });
      const missing = await t.api('PUT', '/groups/999999', { json: { name: 'x' } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Group Not Found' });
    });

    it('records an audit event per changed attribute', async () => {
      const g = await group({ name: 'Audited', path: 'audited-g' }, owner.token);
      await t.api('PUT', `/groups/${g.id}`, { token: owner.token, json: { name: 'Audited 2' } });
      const events = await t.api<{ details: Record<string, unknown> }[]>(
        'GET',
        `/groups/${g.id}/audit_events`,
      );
      expect(events.status).toBe(200);
      expect(events.body.some((e) => e.details.change === 'name' && e.details.to === 'Audited 2')).toBe(true);
    });
  });

  describe('subgroups and descendant_groups', () => {
    it('lists direct subgroups and all descendants with pagination headers', async () => {
      const top = await group({ name: 'Tree', path: 'tree', visibility: 'public' }, owner.token);
      const a = await group({ name: 'A', path: 'a', parent_id: top.id, visibility: 'public' }, owner.token);
      const b = await group({ name: 'B', path: 'b', parent_id: top.id, visibility: 'public' }, owner.token);
      const a1 = await group({ name: 'A1', path: 'a1', parent_id: a.id }, owner.token);

      const subs = await t.api<GroupJson[]>('GET', `/groups/${top.id}/subgroups?per_page=1`, {
        token: owner.token,
      });
      expect(subs.status).toBe(200);
      expect(subs.body.map((g) => g.id)).toEqual([a.id]);
      expect(subs.headers.get('x-total')).toBe('2');
      expect(subs.headers.get('x-total-pages')).toBe('2');
      expect(subs.headers.get('x-next-page')).toBe('2');
      expect(subs.headers.get('x-page')).toBe('1');
      expect(subs.headers.get('x-per-page')).toBe('1');
      expect(subs.headers.get('link')).toContain('rel="next"');

      const desc = await t.api<GroupJson[]>(
        'GET',
        `/groups/${encodeURIComponent('tree')}/descendant_groups`,
        {
          token: owner.token,
        },
      );
      expect(desc.body.map((g) => g.id).sort()).toEqual([a.id, b.id, a1.id].sort());
      expect(desc.headers.get('x-total')).toBe('3');

      const skipped = await t.api<GroupJson[]>(
        'GET',
        `/groups/${top.id}/descendant_groups?skip_groups[]=${a1.id}&search=A`,
        {
          token: owner.token,
        },
      );
      expect(skipped.body.map((g) => g.id)).toEqual([a.id]);

      // owned / min_access_level narrow to the caller's groups: the outsider owns none of them.
      await t.api('POST', `/groups/${b.id}/members`, { json: { user_id: outsider.id, access_level: 30 } });
      const owned = await t.api<GroupJson[]>('GET', `/groups/${top.id}/subgroups?owned=true`, {
        token: outsider.token,
      });
      expect(owned.body).toEqual([]);
      const dev = await t.api<GroupJson[]>('GET', `/groups/${top.id}/descendant_groups?min_access_level=30`, {
        token: outsider.token,
      });
      expect(dev.body.map((g) => g.id)).toEqual([b.id]);
      const ownerOwned = await t.api<GroupJson[]>('GET', `/groups/${top.id}/descendant_groups?owned=true`, {
        token: owner.token,
      });
      expect(ownerOwned.body.map((g) => g.id).sort()).toEqual([a.id, b.id, a1.id].sort());
      const badLevel = await t.api('GET', `/groups/${top.id}/subgroups?min_access_level=35`, {
        token: owner.token,
      });
      expect(badLevel.status).toBe(400);
      expect(badLevel.body).toEqual({ error: 'min_access_level does not have a valid value' });

      // An outsider sees the public subgroups only; the private A1 stays hidden.
      const pub = await t.api<GroupJson[]>('GET', `/groups/${top.id}/descendant_groups`, {
        token: outsider.token,
      });
      expect(pub.body.map((g) => g.id).sort()).toEqual([a.id, b.id].sort());
      expect((await t.api('GET', '/groups/999999/subgroups')).body).toEqual({
        message: '404 Group Not Found',
      });
    });
  });

  describe('GET /groups/:id/projects', () => {
    it('lists the group projects with filters, simple view, include_subgroups and pagination headers', async () => {
      const g = await group({ name: 'Proj Group', path: 'proj-group', visibility: 'public' }, owner.token);
      const sub = await group(
        { name: 'Inner', path: 'inner', parent_id: g.id, visibility: 'public' },
        owner.token,
      );
      const alpha = await project(g.id, 'Alpha', { visibility: 'public' }, owner.token);
      const beta = await project(g.id, 'Beta', { visibility: 'private' }, owner.token);
      const inner = await project(sub.id, 'Inner App', { visibility: 'public' }, owner.token);
      await t.api('PUT', `/projects/${beta.id}`, { token: owner.token, json: { archived: true } });

      const all = await t.api<ProjectJson[]>('GET', `/groups/${g.id}/projects?order_by=name&sort=asc`, {
        token: owner.token,
      });
      expect(all.status).toBe(200);
      expect(all.body.map((p) => p.id)).toEqual([alpha.id, beta.id]);
      expect(all.headers.get('x-total')).toBe('2');

      const withSubs = await t.api<ProjectJson[]>(
        'GET',
        `/groups/${g.id}/projects?include_subgroups=true&order_by=id&sort=asc`,
        {
          token: owner.token,
        },
      );
      expect(withSubs.body.map((p) => p.id)).toEqual([alpha.id, beta.id, inner.id]);

      const archived = await t.api<ProjectJson[]>('GET', `/groups/${g.id}/projects?archived=false`, {
        token: owner.token,
      });
      expect(archived.body.map((p) => p.id)).toEqual([alpha.id]);
      const vis = await t.api<ProjectJson[]>('GET', `/groups/${g.id}/projects?visibility=private`, {
        token: owner.token,
      });
      expect(vis.body.map((p) => p.id)).toEqual([beta.id]);
      const search = await t.api<ProjectJson[]>('GET', `/groups/${g.id}/projects?search=alp`, {
        token: owner.token,
      });
      expect(search.body.map((p) => p.id)).toEqual([alpha.id]);
      const simple = await t.api<Record<string, unknown>[]>(
        'GET',
        `/groups/${g.id}/projects?simple=true&search=alp`,
        {
          token: owner.token,
        },
      );
      expect(simple.body[0]).toHaveProperty('path_with_namespace', 'proj-group/alpha');
      expect(simple.body[0]).not.toHaveProperty('archived');
      const starred = await t.api<ProjectJson[]>('GET', `/groups/${g.id}/projects?starred=true`, {
        token: owner.token,
      });
      expect(starred.body).toEqual([]);
      expect(starred.headers.get('x-total')).toBe('0');

      // Outsiders see only the public project.
      const out = await t.api<ProjectJson[]>('GET', `/groups/${g.id}/projects`, { token: outsider.token });
      expect(out.body.map((p) => p.id)).toEqual([alpha.id]);
      const bad = await t.api('GET', `/groups/${g.id}/projects?order_by=stars`, { token: owner.token });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'order_by does not have a valid value' });
    });
  });

  describe('POST /groups/:id/transfer', () => {
    it('moves a group under another (201), lowering visibility to the new parent, and back to the top level', async () => {
      const src = await group({ name: 'Mover', path: 'mover', visibility: 'public' }, owner.token);
      const child = await group(
        { name: 'Kid', path: 'kid', parent_id: src.id, visibility: 'public' },
        owner.token,
      );
      const p = await project(src.id, 'Moved App', { visibility: 'public' }, owner.token);
      const dest = await group({ name: 'Dest', path: 'dest', visibility: 'internal' }, owner.token);

      const res = await t.api<GroupJson>('POST', `/groups/${src.id}/transfer`, {
        token: owner.token,
        json: { group_id: dest.id },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: src.id,
        parent_id: dest.id,
        full_path: 'dest/mover',
        visibility: 'internal',
      });
      const kid = await t.api<GroupJson>('GET', `/groups/${child.id}`);
      expect(kid.body).toMatchObject({ full_path: 'dest/mover/kid', visibility: 'internal' });
      const pNow = await t.api<ProjectJson>('GET', `/projects/${p.id}`);
      expect(pNow.body).toMatchObject({
        path_with_namespace: 'dest/mover/moved-app',
        visibility: 'internal',
      });

      const again = await t.api('POST', `/groups/${src.id}/transfer`, {
        token: owner.token,
        json: { group_id: dest.id },
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        message: 'Transfer failed: Group is already associated to the parent group.',
      });
      const intoChild = await t.api('POST', `/groups/${src.id}/transfer`, {
        token: owner.token,
        json: { group_id: child.id },
      });
      expect(intoChild.body).toEqual({
        message: 'Transfer failed: Cannot transfer group to one of its subgroup.',
      });

      const top = await t.api<GroupJson>('POST', `/groups/${src.id}/transfer`, { token: owner.token });
      expect(top.status).toBe(201);
      expect(top.body).toMatchObject({ parent_id: null, full_path: 'mover' });
      const root = await t.api('POST', `/groups/${src.id}/transfer`, { token: owner.token });
      expect(root.status).toBe(400);
      expect(root.body).toEqual({ message: 'Transfer failed: Group is already a root group.' });
    });

    it('refuses a path collision, a parent without rights (400) and a non-owner (403)', async () => {
      const a = await group({ name: 'Coll', path: 'coll' }, owner.token);
      const dest = await group({ name: 'CollDest', path: 'colldest' }, owner.token);
      await group({ name: 'Coll', path: 'coll', parent_id: dest.id }, owner.token);
      const clash = await t.api('POST', `/groups/${a.id}/transfer`, {
        token: owner.token,
        json: { group_id: dest.id },
      });
      expect(clash.status).toBe(400);
      expect(clash.body).toEqual({
        message: 'Transfer failed: The parent group already has a subgroup or a project with the same path.',
      });

      const theirs = await group({ name: 'Theirs', path: 'theirs', visibility: 'public' }, outsider.token);
      const noRights = await t.api('POST', `/groups/${a.id}/transfer`, {
        token: owner.token,
        json: { group_id: theirs.id },
      });
      expect(noRights.status).toBe(400);
      expect(noRights.body).toEqual({ message: "Transfer failed: You don't have enough permissions." });

      const pub = await group({ name: 'PubT', path: 'pubt', visibility: 'public' }, owner.token);
      const notOwner = await t.api('POST', `/groups/${pub.id}/transfer`, {
        token: outsider.token,
        json: { group_id: theirs.id },
      });
      expect(notOwner.status).toBe(403);
      const missingParent = await t.api('POST', `/groups/${a.id}/transfer`, {
        token: owner.token,
        json: { group_id: 999999 },
      });
      expect(missingParent.status).toBe(404);
      expect(missingParent.body).toEqual({ message: '404 Group Not Found' });
    });
  });

  describe('DELETE /groups/:id', () => {
    it('answers 202 and removes the group, its subgroups, their projects and repositories', async () => {
      const g = await group({ name: 'Doomed', path: 'doomed' }, owner.token);
      const sub = await group({ name: 'Doomed Sub', path: 'dsub', parent_id: g.id }, owner.token);
      const p1 = await project(g.id, 'Doomed App', { initialize_with_readme: true }, owner.token);
      const p2 = await project(sub.id, 'Doomed Inner', { initialize_with_readme: true }, owner.token);
      const repos = [p1.id, p2.id].map((id) => projectRepoPath(t.dataDir, id));
      for (const r of repos) expect(existsSync(r)).toBe(true);

      const denied = await t.api('DELETE', `/groups/${g.id}`, { token: outsider.token });
      expect(denied.status).toBe(404);

      const res = await t.api('DELETE', `/groups/${encodeURIComponent('doomed')}`, { token: owner.token });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: '202 Accepted' });
      for (const path_ of [
        `/groups/${g.id}`,
        `/groups/${sub.id}`,
        `/projects/${p1.id}`,
        `/projects/${p2.id}`,
      ]) {
        expect((await t.api('GET', path_)).status).toBe(404);
      }
      const gone = await t.api<ProjectJson[]>('GET', '/projects?search=Doomed');
      expect(gone.body).toEqual([]);
      for (const r of repos) expect(existsSync(r)).toBe(false);
    });
  });
});
