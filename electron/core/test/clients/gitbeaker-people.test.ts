/**
 * Client compatibility (issue 16): @gitbeaker/rest, unchanged, against a real core over loopback —
 * projects, groups, namespaces, users and their administrator actions, members and personal access
 * tokens. One core for the file; every call goes through gitbeaker's own classes and requester.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

describe('@gitbeaker/rest (unchanged): projects, groups, namespaces, users, members, tokens', () => {
  let t: TestCore;
  let api: GitbeakerApi;

  beforeAll(async () => {
    t = await startTestCore();
    api = gitbeaker(t);
  });
  afterAll(async () => t.close());

  it('groups: create, show by id and by full path, edit, subgroups, descendants, projects, transfer, remove', async () => {
    const top = await api.Groups.create('GB Top', 'gb-top', { description: 'from gitbeaker' });
    expect(top).toMatchObject({ name: 'GB Top', full_path: 'gb-top', description: 'from gitbeaker' });
    const sub = await api.Groups.create('GB Sub', 'gb-sub', { parentId: top.id as number });
    const leaf = await api.Groups.create('GB Leaf', 'gb-leaf', { parentId: sub.id as number });
    expect(leaf.full_path).toBe('gb-top/gb-sub/gb-leaf');

    expect((await api.Groups.show('gb-top/gb-sub')).id).toBe(sub.id);
    const edited = await api.Groups.edit(top.id as number, { description: 'edited by gitbeaker' });
    expect(edited.description).toBe('edited by gitbeaker');

    expect((await api.Groups.allSubgroups(top.id as number)).map((g) => g.full_path)).toEqual([
      'gb-top/gb-sub',
    ]);
    const desc = await api.Groups.allDescendantGroups(top.id as number, {});
    expect(desc.map((g) => g.full_path).sort()).toEqual(['gb-top/gb-sub', 'gb-top/gb-sub/gb-leaf']);

    const p = await api.Projects.create({ name: 'gb-in-leaf', namespaceId: leaf.id as number });
    const projects = await api.Groups.allProjects(top.id as number, { includeSubgroups: true });
    expect(projects.map((x) => x.path_with_namespace)).toEqual(['gb-top/gb-sub/gb-leaf/gb-in-leaf']);

    // Offset pagination: gitbeaker follows the Link/X-Next-Page headers and reads X-Total.
    const page = await api.Groups.all({ perPage: 1, showExpanded: true, pagination: 'offset', maxPages: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.paginationInfo.total).toBeGreaterThanOrEqual(3);
    const every = await api.Groups.all({ perPage: 1 });
    expect(every.length).toBe(page.paginationInfo.total);

    await api.Groups.transfer(leaf.id as number, { groupId: top.id as number });
    expect((await api.Groups.show(leaf.id as number)).full_path).toBe('gb-top/gb-leaf');
    expect((await api.Projects.show(p.id)).path_with_namespace).toBe('gb-top/gb-leaf/gb-in-leaf');

    await api.Groups.remove(top.id as number);
    expect((await gitbeakerError(api.Groups.show(sub.id as number))).status).toBe(404);
    expect((await gitbeakerError(api.Projects.show(p.id))).status).toBe(404);
  });

  it('namespaces: list, show by id and path, exists with suggestions', async () => {
    const g = await api.Groups.create('GB NS', 'gb-ns');
    const all = await api.Namespaces.all({ search: 'gb-ns' });
    expect(all.map((n) => n.full_path)).toEqual(['gb-ns']);
    expect((await api.Namespaces.show('gb-ns')).id).toBe(g.id);
    expect((await api.Namespaces.show(g.id as number)).kind).toBe('group');
    expect(await api.Namespaces.exists('gb-ns')).toEqual({ exists: true, suggests: ['gb-ns1'] });
    expect(await api.Namespaces.exists('gb-nothing-here')).toMatchObject({ exists: false });
  });

  it('projects: create, show by path, list, edit, remove', async () => {
    const p = await api.Projects.create({ name: 'GB Project', initializeWithReadme: true });
    expect(p).toMatchObject({ path_with_namespace: 'root/gb-project', default_branch: 'main' });
    expect((await api.Projects.show('root/gb-project')).id).toBe(p.id);
    const listed = await api.Projects.all({ search: 'gb-project', simple: true });
    expect(listed.map((x) => x.id)).toEqual([p.id]);
    const edited = await api.Projects.edit(p.id, { description: 'edited', visibility: 'internal' });
    expect(edited).toMatchObject({ description: 'edited', visibility: 'internal' });

    await api.Projects.remove(p.id);
    expect((await gitbeakerError(api.Projects.show(p.id))).status).toBe(404);
    // GitLab's error shape reaches gitbeaker's description.
    await api.Groups.create('GB Dest', 'gb-dest');
    expect(await gitbeakerError(api.Groups.create('GB Dest', 'gb-dest'))).toMatchObject({ status: 400 });
  });

  it('users: create, show, edit, current user, state actions, projects, memberships, remove', async () => {
    const me = await api.Users.showCurrentUser();
    expect(me).toMatchObject({ username: 'root', is_admin: true });

    const u = await api.Users.create({
      username: 'gbuser',
      name: 'GB User',
      email: 'gbuser@example.com',
      password: 'a-long-enough-password',
    });
    expect(u).toMatchObject({ username: 'gbuser', state: 'active' });
    const edited = await api.Users.edit(u.id, { name: 'GB User Renamed', note: 'from gitbeaker' });
    expect(edited).toMatchObject({ name: 'GB User Renamed', note: 'from gitbeaker' });
    expect((await api.Users.show(u.id)).name).toBe('GB User Renamed');
    expect((await api.Users.all({ username: 'gbuser' })).map((x) => x.id)).toEqual([u.id]);

    const states: string[] = [];
    const state = async () => states.push((await api.Users.show(u.id)).state as string);
    await api.Users.block(u.id);
    await state();
    await api.Users.unblock(u.id);
    await state();
    await api.Users.ban(u.id);
    await state();
    await api.Users.unban(u.id);
    await state();
    await api.Users.deactivate(u.id);
    await state();
    await api.Users.activate(u.id);
    await state();
    expect(states).toEqual(['blocked', 'active', 'banned', 'active', 'deactivated', 'active']);
    const self = await gitbeakerError(api.Users.block(me.id));
    expect(self).toEqual({
      status: 403,
      description: '403 Forbidden - The API initiating user cannot be blocked by the API',
    });

    const g = await api.Groups.create('GB Members', 'gb-members');
    await api.GroupMembers.add(g.id as number, 30, { userId: u.id });
    // A user's projects are those of their personal namespace.
    await api.Projects.create({ name: 'gb-members-app', namespaceId: g.id as number });
    const mine = await api.Projects.create({ name: 'gb-mine' });
    const projects = await api.Users.allProjects(me.id, { search: 'gb-m' });
    expect(projects.map((x) => x.id)).toEqual([mine.id]);
    const memberships = await api.Users.allMemberships(u.id);
    expect(memberships.map((m) => [m.source_type, m.source_name, m.access_level])).toEqual([
      ['Namespace', 'GB Members', 30],
    ]);

    await api.Users.remove(u.id);
    await t.core.idle();
    expect((await gitbeakerError(api.Users.show(u.id))).status).toBe(404);
  });

  it('members: group and project members, inherited (members/all), edit, remove', async () => {
    const u = await api.Users.create({
      username: 'gbmember',
      name: 'GB Member',
      email: 'gbmember@example.com',
      password: 'a-long-enough-password',
    });
    const g = await api.Groups.create('GB Team', 'gb-team');
    const p = await api.Projects.create({ name: 'gb-team-app', namespaceId: g.id as number });
    const added = await api.GroupMembers.add(g.id as number, 30, { userId: u.id });
    expect(added).toMatchObject({ username: 'gbmember', access_level: 30 });
    expect((await api.GroupMembers.show(g.id as number, u.id)).access_level).toBe(30);
    await api.GroupMembers.edit(g.id as number, u.id, 40);

    const direct = await api.ProjectMembers.all(p.id);
    expect(direct.map((m) => m.username)).toEqual([]);
    const inherited = await api.ProjectMembers.all(p.id, { includeInherited: true });
    expect(inherited.map((m) => [m.username, m.access_level]).sort()).toEqual([
      ['gbmember', 40],
      ['root', 50],
    ]);
    await api.ProjectMembers.add(p.id, 20, { userId: u.id });
    expect((await api.ProjectMembers.all(p.id)).map((m) => [m.username, m.access_level])).toEqual([
      ['gbmember', 20],
    ]);
    await api.ProjectMembers.remove(p.id, u.id);
    await api.GroupMembers.remove(g.id as number, u.id);
    expect((await gitbeakerError(api.GroupMembers.show(g.id as number, u.id))).status).toBe(404);
  });

  it('personal access tokens: create for a user, list, show, revoke; the token works and then does not', async () => {
    const u = await api.Users.create({
      username: 'gbtoken',
      name: 'GB Token',
      email: 'gbtoken@example.com',
      password: 'a-long-enough-password',
    });
    const tok = await api.Users.createPersonalAccessToken(u.id, 'gb-token', ['api']);
    expect(tok).toMatchObject({ name: 'gb-token', scopes: ['api'], active: true, revoked: false });
    expect(typeof tok.token).toBe('string');

    const asUser = gitbeaker(t, tok.token as string);
    expect((await asUser.Users.showCurrentUser()).username).toBe('gbtoken');

    const listed = await api.PersonalAccessTokens.all({ userId: u.id });
    expect(listed.map((x) => x.name)).toEqual(['gb-token']);
    expect(listed[0]).not.toHaveProperty('token');
    expect((await api.PersonalAccessTokens.show({ tokenId: tok.id })).name).toBe('gb-token');
    await api.PersonalAccessTokens.remove({ tokenId: tok.id });
    expect((await gitbeakerError(asUser.Users.showCurrentUser())).status).toBe(401);
  });
});
