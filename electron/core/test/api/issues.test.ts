/**
 * The minimal issues resource over real HTTP (doc/api/issues.md): create with labels (unknown ones created),
 * list with state/iids filters, single, close/reopen with `state_event`, permissions; and project milestones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProjectMember } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { loadSchemaOracle } from '../contract/schema-oracle.js';

interface IssueJson {
  id: number;
  iid: number;
  title: string;
  state: string;
  labels: string[];
  closed_by: { id: number } | null;
  closed_at: string | null;
  milestone: { title: string } | null;
  references: { short: string; full: string };
  web_url: string;
}

const oracle = loadSchemaOracle();

describe('issues API (minimal)', () => {
  let t: TestCore;
  let pid: number;
  let guest: { id: number; token: string };
  let stranger: { id: number; token: string };

  beforeAll(async () => {
    t = await startTestCore();
    pid = (await t.api<{ id: number }>('POST', '/projects', { json: { name: 'tracker' } })).body.id;
    guest = await createUserWithToken(t);
    stranger = await createUserWithToken(t);
    await addProjectMember(t, pid, guest.id, 10);
  });
  afterAll(async () => t.close());

  it('creates issues (201) with labels and a milestone; a missing title is 400', async () => {
    const m = await t.api<{ id: number; title: string; iid: number }>('POST', `/projects/${pid}/milestones`, {
      json: { title: 'v1', due_date: '2030-01-01' },
    });
    expect(m.status).toBe(201);
    const res = await t.api<IssueJson>('POST', `/projects/${pid}/issues`, {
      json: { title: 'First', description: '- [x] a\n- [ ] b', labels: 'bug,ui', milestone_id: m.body.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      iid: 1,
      state: 'opened',
      labels: ['bug', 'ui'],
      milestone: { title: 'v1' },
    });
    expect(res.body.references.short).toBe('#1');
    expect(res.body.web_url).toMatch(/\/-\/issues\/1$/);
    // issue.json's inline author requires `locked` and a string avatar_url (newer than 13.10; INDEX.md).
    const v = oracle.validator('spec/fixtures/api/schemas/public_api/v4/issue.json');
    expect((v(res.body) ? [] : v.errors!).filter((e) => !e.instancePath.startsWith('/author'))).toEqual([]);
    expect(await t.api('POST', `/projects/${pid}/issues`, { json: {} })).toMatchObject({
      status: 400,
      body: { error: 'title is missing' },
    });
    const guestMade = await t.api<IssueJson>('POST', `/projects/${pid}/issues`, {
      token: guest.token,
      json: { title: 'By guest' },
    });
    expect(guestMade.status).toBe(201);
    expect(guestMade.body.labels).toEqual([]);
  });

  it('lists with state and iids filters; reads one; 404 for unknown and unreadable', async () => {
    const all = await t.api<IssueJson[]>('GET', `/projects/${pid}/issues`);
    expect(all.body.map((i) => i.iid)).toEqual([2, 1]);
    const one = await t.api<IssueJson[]>('GET', `/projects/${pid}/issues?iids[]=1`);
    expect(one.body.map((i) => i.iid)).toEqual([1]);
    expect((await t.api<IssueJson>('GET', `/projects/${pid}/issues/1`)).body.title).toBe('First');
    expect(await t.api('GET', `/projects/${pid}/issues/99`)).toMatchObject({
      status: 404,
      body: { message: '404 Issue Not Found' },
    });
    expect((await t.api('GET', `/projects/${pid}/issues`, { token: stranger.token })).status).toBe(404);
  });

  it("closes and reopens with state_event; Guests may not change others' issues", async () => {
    expect(
      (
        await t.api('PUT', `/projects/${pid}/issues/1`, {
          token: guest.token,
          json: { state_event: 'close' },
        })
      ).status,
    ).toBe(403);
    const closed = await t.api<IssueJson>('PUT', `/projects/${pid}/issues/1`, {
      json: { state_event: 'close' },
    });
    expect(closed.body).toMatchObject({ state: 'closed', closed_by: { id: 1 } });
    expect(closed.body.closed_at).not.toBeNull();
    const opened = await t.api<IssueJson[]>('GET', `/projects/${pid}/issues?state=opened`);
    expect(opened.body.map((i) => i.iid)).toEqual([2]);
    const reopened = await t.api<IssueJson>('PUT', `/projects/${pid}/issues/1`, {
      json: { state_event: 'reopen' },
    });
    expect(reopened.body).toMatchObject({ state: 'opened', closed_by: null, closed_at: null });
    expect((await t.api('PUT', `/projects/${pid}/issues/1`, { json: {} })).status).toBe(400);
  });
});
