/**
 * Labels API over real HTTP (doc/api/labels.md, group_labels.md; spec "Labels"): list with counts, ancestor
 * group labels and search, single by id or title, create with hex or CSS colours and the 409 duplicate,
 * update with the Grape "at least one" error, delete, subscriptions with 304, promotion keeping the id and
 * merging sibling projects' labels, the deprecated forms, group labels, and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProjectMember } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface LabelJson {
  id: number;
  name: string;
  color: string;
  text_color?: string;
  description: string | null;
  description_html: string | null;
  subscribed: boolean;
  priority?: number | null;
  is_project_label?: boolean;
  remove_on_close: boolean;
  open_issues_count?: number;
  closed_issues_count?: number;
  open_merge_requests_count?: number;
}

describe('labels API', () => {
  let t: TestCore;
  let groupId: number;
  let projectId: number;
  let siblingId: number;
  let reporter: { id: number; token: string };
  let guest: { id: number; token: string };

  beforeAll(async () => {
    t = await startTestCore();
    const g = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'Lab Group', path: 'lab-group' },
    });
    expect(g.status).toBe(201);
    groupId = g.body.id;
    const p = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'labelled', namespace_id: groupId },
    });
    const s = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'sibling', namespace_id: groupId },
    });
    projectId = p.body.id;
    siblingId = s.body.id;
    reporter = await createUserWithToken(t);
    guest = await createUserWithToken(t);
    await addProjectMember(t, projectId, reporter.id, 20);
    await addProjectMember(t, projectId, guest.id, 10);
  });
  afterAll(async () => t.close());

  const create = (body: Record<string, unknown>, token?: string, pid = projectId) =>
    t.api<LabelJson & { message?: unknown; error?: string }>('POST', `/projects/${pid}/labels`, {
      json: body,
      token,
    });

  it("refuses a title over 255 characters with GitLab's words and creates nothing", async () => {
    const before = (await t.api<unknown[]>('GET', `/projects/${projectId}/labels?per_page=100`)).body.length;
    const res = await create({ name: 'x'.repeat(256), color: '#ff0000' });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual({ title: ['is too long (maximum is 255 characters)'] });
    const after = (await t.api<unknown[]>('GET', `/projects/${projectId}/labels?per_page=100`)).body.length;
    expect(after).toBe(before);
    const longest = await create({ name: 'y'.repeat(255), color: '#ff0000' });
    expect(longest.status).toBe(201);
    // Leave the project's labels as the other tests expect them.
    expect((await t.api('DELETE', `/projects/${projectId}/labels/${longest.body.id}`)).status).toBe(204);
  });

  it('creates labels with hex or CSS colours, renders description_html and computes text_color', async () => {
    const bug = await create({
      name: 'bug',
      color: '#d9534f',
      description: 'Broken *things* <script>x</script>',
      priority: 2,
    });
    expect(bug.status).toBe(201);
    expect(bug.body).toMatchObject({
      name: 'bug',
      color: '#d9534f',
      text_color: '#FFFFFF',
      description: 'Broken *things* <script>x</script>',
      subscribed: false,
      priority: 2,
      is_project_label: true,
      remove_on_close: false,
      open_issues_count: 0,
    });
    expect(bug.body.description_html).toContain('<em>things</em>');
    expect(bug.body.description_html).not.toContain('<script>');
    const named = await create({ name: 'Docs', color: 'LightYellow', remove_on_close: true });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({
      color: '#FFFFE0',
      text_color: '#333333',
      priority: null,
      remove_on_close: true,
    });
  });

  it('refuses duplicates (409), bad colours and negative priorities (400), missing params (400)', async () => {
    expect(await create({ name: 'bug', color: '#000000' })).toMatchObject({
      status: 409,
      body: { message: 'Label already exists' },
    });
    expect((await create({ name: 'x', color: 'notacolour' })).status).toBe(400);
    expect((await create({ name: 'y', color: '#000000', priority: -1 })).status).toBe(400);
    expect(await create({ color: '#000000' })).toMatchObject({
      status: 400,
      body: { error: 'name is missing' },
    });
  });

  it('needs Reporter to create; Guests may read; anonymous callers get 401', async () => {
    expect((await create({ name: 'guest-made', color: '#111111' }, guest.token)).status).toBe(403);
    expect((await create({ name: 'reporter-made', color: '#111111' }, reporter.token)).status).toBe(201);
    expect((await t.api('GET', `/projects/${projectId}/labels`, { token: guest.token })).status).toBe(200);
    expect((await t.api('GET', `/projects/${projectId}/labels`, { token: null })).status).toBe(401);
  });

  it('lists with ancestor group labels, search and counts; reads one by id or title', async () => {
    const gl = await t.api<LabelJson>('POST', `/groups/${groupId}/labels`, {
      json: { name: 'group-wide', color: 'red' },
    });
    expect(gl.status).toBe(201);
    expect(gl.body.is_project_label).toBeUndefined();
    const list = await t.api<LabelJson[]>('GET', `/projects/${projectId}/labels`);
    expect(list.body.map((l) => l.name)).toEqual(['bug', 'Docs', 'group-wide', 'reporter-made']);
    expect(list.body[0]!.open_issues_count).toBeUndefined();
    expect(list.headers.get('x-total')).toBe('4');
    const own = await t.api<LabelJson[]>(
      'GET',
      `/projects/${projectId}/labels?include_ancestor_groups=false`,
    );
    expect(own.body.map((l) => l.name)).not.toContain('group-wide');
    const counted = await t.api<LabelJson[]>(
      'GET',
      `/projects/${projectId}/labels?with_counts=true&search=bug`,
    );
    expect(counted.body).toHaveLength(1);
    expect(counted.body[0]).toMatchObject({
      open_issues_count: 0,
      closed_issues_count: 0,
      open_merge_requests_count: 0,
    });
    const byTitle = await t.api<LabelJson>('GET', `/projects/${projectId}/labels/bug`);
    expect(byTitle.body.name).toBe('bug');
    const byId = await t.api<LabelJson>('GET', `/projects/${projectId}/labels/${byTitle.body.id}`);
    expect(byId.body.id).toBe(byTitle.body.id);
    expect(await t.api('GET', `/projects/${projectId}/labels/nope`)).toMatchObject({
      status: 404,
      body: { message: '404 Label Not Found' },
    });
  });

  it('updates with new_name/color/priority and insists on one of new_name or color', async () => {
    const up = await t.api<LabelJson>('PUT', `/projects/${projectId}/labels/bug`, {
      json: { new_name: 'defect', color: '#eeeeee', priority: null },
    });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      name: 'defect',
      color: '#eeeeee',
      text_color: '#333333',
      priority: null,
    });
    expect(
      await t.api('PUT', `/projects/${projectId}/labels/defect`, { json: { description: 'only' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'new_name, color are missing, at least one parameter must be provided' },
    });
    // Deprecated form: the label in the parameters.
    const dep = await t.api<LabelJson>('PUT', `/projects/${projectId}/labels`, {
      json: { name: 'defect', new_name: 'bug' },
    });
    expect(dep.body.name).toBe('bug');
    expect(await t.api('PUT', `/projects/${projectId}/labels`, { json: { color: '#000000' } })).toMatchObject(
      {
        status: 400,
        body: { error: 'label_id, name are missing, exactly one parameter must be provided' },
      },
    );
  });

  it('subscribes and unsubscribes with 304 when unchanged', async () => {
    const sub = await t.api<LabelJson>('POST', `/projects/${projectId}/labels/bug/subscribe`);
    expect(sub.status).toBe(201);
    expect(sub.body.subscribed).toBe(true);
    expect((await t.api('POST', `/projects/${projectId}/labels/bug/subscribe`)).status).toBe(304);
    const unsub = await t.api<LabelJson>('POST', `/projects/${projectId}/labels/bug/unsubscribe`);
    expect(unsub.body.subscribed).toBe(false);
    expect((await t.api('POST', `/projects/${projectId}/labels/bug/unsubscribe`)).status).toBe(304);
  });

  it('promotes a project label to a group label keeping its id and merging sibling labels', async () => {
    const mine = await create({ name: 'shared', color: '#123456' });
    const theirs = await create({ name: 'shared', color: '#654321' }, undefined, siblingId);
    expect(theirs.status).toBe(201);
    const promoted = await t.api<LabelJson>('PUT', `/projects/${projectId}/labels/shared/promote`);
    expect(promoted.status).toBe(200);
    expect(promoted.body.id).toBe(mine.body.id);
    expect(promoted.body).not.toHaveProperty('text_color');
    expect(promoted.body).not.toHaveProperty('is_project_label');
    const groupLabels = await t.api<LabelJson[]>('GET', `/groups/${groupId}/labels`);
    expect(groupLabels.body.map((l) => l.name)).toContain('shared');
    const sibling = await t.api<LabelJson[]>('GET', `/projects/${siblingId}/labels`);
    const shared = sibling.body.filter((l) => l.name === 'shared');
    expect(shared).toHaveLength(1);
    expect(shared[0]!.id).toBe(mine.body.id);
    // Deprecated form.
    await create({ name: 'later', color: '#123456' });
    const dep = await t.api<LabelJson>('PUT', `/projects/${projectId}/labels/promote`, {
      json: { name: 'later' },
    });
    expect(dep.status).toBe(200);
  });

  it('deletes by id and by the deprecated name form (204); group labels are not deletable through a project', async () => {
    const l = await create({ name: 'temp', color: '#000000' });
    expect((await t.api('DELETE', `/projects/${projectId}/labels/${l.body.id}`)).status).toBe(204);
    await create({ name: 'temp2', color: '#000000' });
    expect((await t.api('DELETE', `/projects/${projectId}/labels`, { json: { name: 'temp2' } })).status).toBe(
      204,
    );
    expect((await t.api('DELETE', `/projects/${projectId}/labels/group-wide`)).status).toBe(404);
    expect((await t.api('DELETE', `/groups/${groupId}/labels/group-wide`)).status).toBe(204);
  });

  it('group labels: update, duplicate, single', async () => {
    const gl = await t.api<LabelJson>('POST', `/groups/${groupId}/labels`, {
      json: { name: 'g2', color: '#000' },
    });
    expect(gl.body.color).toBe('#000000');
    expect(
      (await t.api('POST', `/groups/${groupId}/labels`, { json: { name: 'g2', color: '#000' } })).status,
    ).toBe(409);
    const up = await t.api<LabelJson>('PUT', `/groups/${groupId}/labels/g2`, { json: { new_name: 'g3' } });
    expect(up.body.name).toBe('g3');
    expect((await t.api<LabelJson>('GET', `/groups/${groupId}/labels/g3`)).body.id).toBe(gl.body.id);
  });
});
