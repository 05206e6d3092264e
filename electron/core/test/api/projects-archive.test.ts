/**
 * `POST /projects/:id/archive` and `/unarchive` over real HTTP (doc/api/projects.md; lib/api/projects.rb
 * `authorize!(:archive_project, …)`): Owner and administrator may, Maintainer may not (403, nothing
 * changes), strangers of a private project get 404; an archived project refuses pushes' API twin, a file
 * commit; both answer 201 with the project, repeated calls included; the change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface ProjectJson {
  id: number;
  archived: boolean;
}

describe('project archive and unarchive', () => {
  let t: TestCore;
  let owner: { id: number; token: string };
  let maintainer: { id: number; token: string };
  let stranger: { id: number; token: string };
  let project: ProjectJson;

  beforeAll(async () => {
    t = await startTestCore();
    owner = await createUserWithToken(t, { username: 'archive-owner' });
    maintainer = await createUserWithToken(t, { username: 'archive-maintainer' });
    stranger = await createUserWithToken(t, { username: 'archive-stranger' });
    const created = await t.api<ProjectJson>('POST', '/projects', {
      token: owner.token,
      json: { name: 'shelf', visibility: 'private', initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    project = created.body;
    const added = await t.api('POST', `/projects/${project.id}/members`, {
      token: owner.token,
      json: { user_id: maintainer.id, access_level: 40 },
    });
    expect(added.status).toBe(201);
  });
  afterAll(async () => t.close());

  const archived = async () => (await t.api<ProjectJson>('GET', `/projects/${project.id}`)).body.archived;

  it('the Owner archives (201 with the project), again (201, unchanged), and unarchives', async () => {
    const first = await t.api<ProjectJson>('POST', `/projects/${project.id}/archive`, { token: owner.token });
    expect(first.status).toBe(201);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.body).toMatchObject({ id: project.id, archived: true });
    const again = await t.api<ProjectJson>('POST', `/projects/${project.id}/archive`, { token: owner.token });
    expect(again.status).toBe(201);
    expect(again.body.archived).toBe(true);

    const commit = await t.api('POST', `/projects/${project.id}/repository/files/x.txt`, {
      token: owner.token,
      json: { branch: 'main', content: 'x', commit_message: 'x' },
    });
    expect(commit.status).toBeGreaterThanOrEqual(400);
    expect(commit.status).toBeLessThan(500);

    const back = await t.api<ProjectJson>('POST', `/projects/${project.id}/unarchive`, {
      token: owner.token,
    });
    expect(back.status).toBe(201);
    expect(back.body.archived).toBe(false);
  });

  it('a Maintainer gets 403 and nothing changes; a stranger gets 404; anonymous 401', async () => {
    const refused = await t.api('POST', `/projects/${project.id}/archive`, { token: maintainer.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: '403 Forbidden' });
    expect(await archived()).toBe(false);
    expect((await t.api('POST', `/projects/${project.id}/archive`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await t.api('POST', `/projects/${project.id}/archive`, { token: null })).status).toBe(401);
    expect(await archived()).toBe(false);
  });

  it('an administrator archives any project, and the change is in the project audit events', async () => {
    const res = await t.api<ProjectJson>('POST', `/projects/${project.id}/archive`);
    expect(res.status).toBe(201);
    expect(await archived()).toBe(true);
    const events = await t.api<{ details: { custom_message?: string } }[]>(
      'GET',
      `/projects/${project.id}/audit_events`,
    );
    expect(events.body.map((e) => e.details.custom_message)).toContain('Project archived');
  });
});
