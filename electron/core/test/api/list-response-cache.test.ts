/**
 * The list response cache (http/response-cache.ts) over real HTTP: a repeated merge request list or
 * `GET /projects` is answered from memory (it runs the write generation's two statements and nothing
 * else), with the same bytes as a computed answer; every kind of write the list shows — merge request
 * title, state, labels, assignee, approval, merge status (written by another SQLite connection), a user
 * rename, project membership and visibility — shows on the very next read; two callers (sudo included)
 * never get each other's answer; a rejected write changes nothing.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../db/statement-counter.js';
import { openCoreDatabase } from '../helpers/disk.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { GENERATION, PAGE_HEADERS } from '../helpers/kept-answers.js';
import { ROOT_TOKEN, createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const SUDO_LOOKUP = 'SELECT * FROM users WHERE username = ? COLLATE NOCASE';

interface Mr {
  iid: number;
  title: string;
  state: string;
  labels: string[];
  assignees: { id: number; name: string }[];
  has_conflicts: boolean;
  merge_status: string;
}

describe('list response cache', () => {
  let t: TestCore;
  let dbFile: string;
  let p: ImportedProject;
  let dev: { id: number; username: string; token: string };
  let stranger: { id: number; username: string; token: string };
  let mrs: string;

  beforeAll(async () => {
    t = await startTestCore();
    dbFile = path.join(t.dataDir, 'outpost.sqlite');
    p = await importFixtureProject(t, 'Cached');
    [dev, stranger] = await Promise.all([createUserWithToken(t), createUserWithToken(t)]);
    await addProjectMember(t, p.id, dev.id, 30);
    for (const [i, b] of ['k1', 'k2'].entries()) {
      await t.api('POST', `/projects/${p.id}/repository/branches`, { json: { branch: b, ref: 'feature' } });
      const res = await t.api('POST', `/projects/${p.id}/merge_requests`, {
        json: { source_branch: b, target_branch: 'trunk', title: `Cached ${i}` },
      });
      expect(res.status, res.text).toBe(201);
    }
    mrs = `/projects/${p.id}/merge_requests`;
    await t.core.idle();
  }, 120_000);
  afterAll(async () => t?.close());

  /** One GET; `kept` when it ran the write generation's statements only. */
  async function get(apiPath: string, token: string = ROOT_TOKEN, headers: Record<string, string> = {}) {
    const { result, statements } = await recordStatements(dbFile, () =>
      t.api<unknown>('GET', apiPath, { token, headers }),
    );
    // Sudo looks its user up on every request (http/sudo.ts), kept answer or not.
    const own = headers.Sudo ? statements.filter((sql) => !sql.startsWith(SUDO_LOOKUP)) : statements;
    const kept = own.length === GENERATION.length && own.every((sql, i) => sql === GENERATION[i]);
    return { ...result, kept };
  }

  /** GET until the answer is kept (at most three times), checking it is the same answer each time. */
  async function kept<T>(apiPath: string, token: string = ROOT_TOKEN, headers: Record<string, string> = {}) {
    let last = await get(apiPath, token, headers);
    expect(last.status, last.text).toBe(200);
    for (let i = 0; i < 2 && !last.kept; i++) {
      const next = await get(apiPath, token, headers);
      expect(next.text).toBe(last.text);
      for (const h of PAGE_HEADERS) expect(next.headers.get(h), h).toBe(last.headers.get(h));
      last = next;
    }
    expect(last.kept, `${apiPath} answered from memory`).toBe(true);
    return { ...last, body: JSON.parse(last.text) as T };
  }

  /** The next read after a write: computed again, never the kept answer. */
  async function fresh<T>(apiPath: string, token: string = ROOT_TOKEN, headers: Record<string, string> = {}) {
    const res = await get(apiPath, token, headers);
    expect(res.status, res.text).toBe(200);
    expect(res.kept).toBe(false);
    return JSON.parse(res.text) as T;
  }

  const byIid = (list: Mr[], iid: number) => list.find((m) => m.iid === iid)!;

  async function put(iid: number, json: Record<string, unknown>) {
    const res = await t.api('PUT', `${mrs}/${iid}`, { json });
    expect(res.status, res.text).toBe(200);
    await t.core.idle();
  }

  it('a kept answer is byte-identical to a computed one (headers and body)', async () => {
    const hit = await kept<Mr[]>(`${mrs}?per_page=1`);
    // A token in the query is never kept: this one is computed in full.
    const computed = await get(`${mrs}?per_page=1&private_token=${ROOT_TOKEN}`, '');
    expect(computed.kept).toBe(false);
    expect(computed.text).toBe(hit.text);
    for (const h of [...PAGE_HEADERS, 'content-type'])
      expect(computed.headers.get(h), h).toBe(hit.headers.get(h));
    expect(hit.headers.get('content-type')).toBe('application/json');
    expect(hit.headers.get('x-next-page')).toBe('2');
  });

  it('merge request title, state, labels and assignee changes show on the next read', async () => {
    await kept(mrs);
    await put(1, { title: 'Renamed while kept' });
    expect(byIid(await fresh<Mr[]>(mrs), 1).title).toBe('Renamed while kept');
    await kept(mrs);
    await put(1, { state_event: 'close' });
    expect(byIid(await fresh<Mr[]>(mrs), 1).state).toBe('closed');
    await kept(mrs);
    await put(1, { labels: 'Kept,Label' });
    expect(byIid(await fresh<Mr[]>(mrs), 1).labels).toEqual(['Kept', 'Label']);
    await kept(mrs);
    await put(2, { assignee_ids: [dev.id] });
    expect(byIid(await fresh<Mr[]>(mrs), 2).assignees.map((a) => a.id)).toEqual([dev.id]);
  });

  it('an approval shows on the next read (approved_by_ids)', async () => {
    const approved = `${mrs}?approved_by_ids=Any`;
    expect((await kept<Mr[]>(approved)).body.map((m) => m.iid)).not.toContain(2);
    const res = await t.api('POST', `${mrs}/2/approve`, { token: dev.token });
    expect(res.status, res.text).toBe(201);
    expect((await fresh<Mr[]>(approved)).map((m) => m.iid)).toContain(2);
  });

  it('a merge status written by another SQLite connection shows on the next read', async () => {
    expect(byIid((await kept<Mr[]>(mrs)).body, 2).has_conflicts).toBe(false);
    const other = openCoreDatabase(t.dataDir, { writable: true });
    try {
      other
        .prepare(
          "UPDATE merge_requests SET merge_status = 'cannot_be_merged' WHERE project_id = ? AND iid = 2",
        )
        .run(p.id);
    } finally {
      other.close();
    }
    const after = byIid(await fresh<Mr[]>(mrs), 2);
    expect(after).toMatchObject({ has_conflicts: true, merge_status: 'cannot_be_merged' });
  });

  it('a user rename shows in the lists that name them on the next read', async () => {
    expect(byIid((await kept<Mr[]>(mrs)).body, 2).assignees[0]!.name).not.toBe('Dev Renamed');
    const res = await t.api('PUT', `/users/${dev.id}`, { json: { name: 'Dev Renamed' } });
    expect(res.status, res.text).toBe(200);
    expect(byIid(await fresh<Mr[]>(mrs), 2).assignees[0]!.name).toBe('Dev Renamed');
  });

  it('project membership and visibility show in GET /projects on the next read', async () => {
    const outsider = await createUserWithToken(t);
    const names = (list: { id: number }[]) => list.map((x) => x.id);
    expect(names((await kept<{ id: number }[]>('/projects', outsider.token)).body)).not.toContain(p.id);
    await addProjectMember(t, p.id, outsider.id, 20);
    expect(names(await fresh<{ id: number }[]>('/projects', outsider.token))).toContain(p.id);
    const hidden = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'kept-hidden', visibility: 'private' },
    });
    expect(names((await kept<{ id: number }[]>('/projects', outsider.token)).body)).not.toContain(
      hidden.body.id,
    );
    const res = await t.api('PUT', `/projects/${hidden.body.id}`, { json: { visibility: 'internal' } });
    expect(res.status, res.text).toBe(200);
    expect(names(await fresh<{ id: number }[]>('/projects', outsider.token))).toContain(hidden.body.id);
  });

  it("two callers never get each other's kept answer, sudo included", async () => {
    await kept(mrs);
    await kept(mrs, dev.token);
    expect((await get(mrs, stranger.token)).status).toBe(404);
    expect((await get(mrs, stranger.token)).status).toBe(404);
    expect((await get(mrs, ROOT_TOKEN, { Sudo: stranger.username })).status).toBe(404);
    expect((await get(`${mrs}?sudo=${stranger.id}`)).status).toBe(404);
    // The administrator's own answer is still the list.
    expect((await kept<Mr[]>(mrs)).body.length).toBe(2);
    // GET /projects: the stranger's kept answer is not the administrator's.
    const mine = await kept<{ id: number }[]>('/projects');
    const theirs = await kept<{ id: number }[]>('/projects', stranger.token);
    expect(mine.body.map((x) => x.id)).toContain(p.id);
    expect(theirs.body.map((x) => x.id)).not.toContain(p.id);
    const asStranger = await kept<{ id: number }[]>('/projects', ROOT_TOKEN, { Sudo: stranger.username });
    expect(asStranger.text).toBe(theirs.text);
  });

  it('a rejected write changes nothing: the next read is the same answer', async () => {
    const before = await kept<Mr[]>(mrs);
    expect((await t.api('PUT', `${mrs}/1`, { json: { state_event: 'explode' } })).status).toBe(400);
    expect((await t.api('PUT', `${mrs}/999`, { json: { title: 'x' } })).status).toBe(404);
    expect((await t.api('PUT', `${mrs}/1`, { json: { title: 'x' }, token: stranger.token })).status).toBe(
      404,
    );
    const after = await get(mrs);
    expect(after.text).toBe(before.text);
  });

  it('with_merge_status_recheck (it schedules checks) is never answered from memory', async () => {
    const url = `${mrs}?with_merge_status_recheck=true`;
    await get(url);
    await t.core.idle();
    await get(url);
    await t.core.idle();
    expect((await get(url)).kept).toBe(false);
    await t.core.idle();
  });

  it('a request with a very long URL (over 2,048 characters of key) is answered but never kept', async () => {
    // An unknown parameter is ignored by the route, so the answer is the ordinary list.
    const url = `${mrs}?search_pad=${'x'.repeat(2_100)}`;
    const first = await get(url);
    expect(first.status, first.text).toBe(200);
    expect((JSON.parse(first.text) as Mr[]).length).toBe(2);
    for (let i = 0; i < 2; i++) expect((await get(url)).kept).toBe(false);
    // A short one is kept as usual.
    await kept(`${mrs}?search_pad=x`);
  });
});
