/**
 * Issues and milestones beyond the minimal resource, over real HTTP with a real repository
 * (doc/api/issues.md, doc/api/milestones.md, doc/api/discussions.md; lib/api/issues.rb,
 * lib/api/milestone_responses.rb, lib/api/discussions.rb): labels in every form clients send them,
 * participants, the merge requests closing or related to an issue, user agent details (administrators),
 * single milestones (read, edit with state_event, delete), and one note of a merge request discussion —
 * each with its permission rules and GitLab's errors, rejected writes changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface IssueJson {
  iid: number;
  labels: string[];
  milestone: { id: number } | null;
  message?: unknown;
}
interface MilestoneJson {
  id: number;
  iid: number;
  title: string;
  state: string;
  description: string | null;
  due_date: string | null;
  start_date: string | null;
}

describe('issue relations, labels, milestones and discussion notes', () => {
  let t: TestCore;
  let s: ReviewSetup;
  const pid = () => s.p.id;

  async function issue(json: Record<string, unknown>, token?: string): Promise<IssueJson> {
    const res = await t.api<IssueJson>('POST', `/projects/${pid()}/issues`, { token, json });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function milestone(title: string): Promise<MilestoneJson> {
    const res = await t.api<MilestoneJson>('POST', `/projects/${pid()}/milestones`, { json: { title } });
    expect(res.status).toBe(201);
    return res.body;
  }

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Tracker');
  });
  afterAll(async () => t?.close());

  describe('PUT /projects/:id/issues/:iid labels', () => {
    const put = (iid: number, init: { json?: unknown; form?: [string, string][] }, token?: string) =>
      t.api<IssueJson>('PUT', `/projects/${pid()}/issues/${iid}`, { token, ...init });

    it('accepts labels as a JSON array, as labels[]= and as a comma list', async () => {
      const i = await issue({ title: 'labelled' });
      expect((await put(i.iid, { json: { labels: ['x', 'y'] } })).body.labels).toEqual(['x', 'y']);
      expect(
        (
          await put(i.iid, {
            form: [
              ['labels[]', 'p'],
              ['labels[]', 'q'],
            ],
          })
        ).body.labels,
      ).toEqual(['p', 'q']);
      expect((await put(i.iid, { form: [['labels', 'a, b']] })).body.labels).toEqual(['a', 'b']);
      expect((await put(i.iid, { json: { labels: '' } })).body.labels).toEqual([]);
    });

    it('creates issues with labels given as a JSON array too', async () => {
      const i = await issue({ title: 'array', labels: ['m', 'n'] });
      expect(i.labels).toEqual(['m', 'n']);
    });

    it('adds and removes labels on top of the current (or given) set', async () => {
      const i = await issue({ title: 'add-remove', labels: 'one,two' });
      const added = await put(i.iid, { json: { add_labels: ['three'], remove_labels: 'one' } });
      expect(added.status).toBe(200);
      expect([...added.body.labels].sort()).toEqual(['three', 'two']);
      const both = await put(i.iid, { json: { labels: 'four', add_labels: 'five' } });
      expect([...both.body.labels].sort()).toEqual(['five', 'four']);
    });

    it('answers Grape’s at-least-one-of message without an update parameter', async () => {
      const i = await issue({ title: 'nothing' });
      const res = await put(i.iid, { json: { foo: 1 } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error:
          'assignee_id, assignee_ids, confidential, created_at, description, discussion_locked, due_date, labels, add_labels, remove_labels, milestone_id, state_event, title are missing, at least one parameter must be provided',
      });
    });

    it('refuses a Guest who is not the author with 403 and keeps the labels', async () => {
      const i = await issue({ title: 'guarded', labels: 'keep' });
      const res = await put(i.iid, { json: { labels: ['gone'] } }, s.guest.token);
      expect(res.status).toBe(403);
      const after = await t.api<IssueJson>('GET', `/projects/${pid()}/issues/${i.iid}`);
      expect(after.body.labels).toEqual(['keep']);
    });
  });

  describe('participants, closed_by, related_merge_requests', () => {
    let target: IssueJson;
    let closer: { iid: number };
    let mentioner: { iid: number };

    beforeAll(async () => {
      target = await issue({
        title: 'Crash',
        description: `cc @${s.reporter.username} @nobody-here, see !${s.mr.iid}`,
      });
      // A comment by the developer (the core has no issue notes API: the row is written as GitLab stores it).
      const db = openCoreDatabase(t.dataDir, { writable: true });
      try {
        const id = (
          db.prepare('SELECT id FROM issues WHERE project_id = ? AND iid = ?').get(pid(), target.iid) as {
            id: number;
          }
        ).id;
        const at = new Date().toISOString();
        db.prepare(
          `INSERT INTO notes (project_id, noteable_type, noteable_id, discussion_id, body, author_id, created_at, updated_at)
           VALUES (?, 'Issue', ?, ?, 'me too', ?, ?, ?)`,
        ).run(pid(), id, 'a'.repeat(40), s.dev.id, at, at);
      } finally {
        db.close();
      }
      await t.api('POST', `/projects/${pid()}/repository/branches`, {
        json: { branch: 'fix-1', ref: 'trunk' },
      });
      await t.api('POST', `/projects/${pid()}/repository/files/fix.txt`, {
        json: { branch: 'fix-1', commit_message: 'fix', content: 'x' },
      });
      closer = (
        await t.api<{ iid: number }>('POST', `/projects/${pid()}/merge_requests`, {
          json: {
            source_branch: 'fix-1',
            target_branch: 'trunk',
            title: 'Fix',
            description: `Closes #${target.iid}`,
          },
        })
      ).body;
      await t.api('POST', `/projects/${pid()}/repository/branches`, {
        json: { branch: 'talk', ref: 'trunk' },
      });
      await t.api('POST', `/projects/${pid()}/repository/files/talk.txt`, {
        json: { branch: 'talk', commit_message: 'talk', content: 'x' },
      });
      mentioner = (
        await t.api<{ iid: number }>('POST', `/projects/${pid()}/merge_requests`, {
          json: {
            source_branch: 'talk',
            target_branch: 'trunk',
            title: `About #${target.iid}0 and #${target.iid}`,
          },
        })
      ).body;
      await t.core.idle();
    });

    it('lists the author, commenters and mentioned users once, paginated', async () => {
      const res = await t.api<{ id: number; username: string }[]>(
        'GET',
        `/projects/${pid()}/issues/${target.iid}/participants`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total')).toBe('3');
      expect(res.body.map((u) => u.username)).toEqual(['root', s.dev.username, s.reporter.username]);
      expect(Object.keys(res.body[0]!).sort()).toEqual([
        'avatar_url',
        'id',
        'name',
        'state',
        'username',
        'web_url',
      ]);
    });

    it('lists open merge requests closing the open issue, and none once it is closed', async () => {
      const res = await t.api<{ iid: number; references?: unknown }[]>(
        'GET',
        `/projects/${pid()}/issues/${target.iid}/closed_by`,
      );
      expect(res.status).toBe(200);
      expect(res.body.map((m) => m.iid)).toEqual([closer.iid]);
      const other = await issue({ title: 'closed one' });
      await t.api('POST', `/projects/${pid()}/repository/branches`, {
        json: { branch: 'fix-2', ref: 'trunk' },
      });
      await t.api('POST', `/projects/${pid()}/repository/files/fix2.txt`, {
        json: { branch: 'fix-2', commit_message: 'fix 2', content: 'y' },
      });
      const fixer = await t.api<{ iid: number }>('POST', `/projects/${pid()}/merge_requests`, {
        json: {
          source_branch: 'fix-2',
          target_branch: 'trunk',
          title: 'Fixer',
          description: `Fixes #${other.iid}`,
        },
      });
      expect(fixer.status).toBe(201);
      const open = await t.api<{ iid: number }[]>('GET', `/projects/${pid()}/issues/${other.iid}/closed_by`);
      expect(open.body.map((m) => m.iid)).toEqual([fixer.body.iid]);
      await t.api('PUT', `/projects/${pid()}/issues/${other.iid}`, { json: { state_event: 'close' } });
      const none = await t.api<unknown[]>('GET', `/projects/${pid()}/issues/${other.iid}/closed_by`);
      expect(none.body).toEqual([]);
    });

    it('lists referenced, mentioning and closing merge requests by iid as full entities', async () => {
      const res = await t.api<{ iid: number; diff_refs: unknown; user: unknown }[]>(
        'GET',
        `/projects/${pid()}/issues/${target.iid}/related_merge_requests`,
      );
      expect(res.status).toBe(200);
      expect(res.body.map((m) => m.iid)).toEqual([s.mr.iid, closer.iid, mentioner.iid].sort((a, b) => a - b));
      expect(res.body[0]).toHaveProperty('diff_refs');
      expect(res.body[0]).toHaveProperty('user');
      const page = await t.api<unknown[]>(
        'GET',
        `/projects/${pid()}/issues/${target.iid}/related_merge_requests?per_page=1`,
      );
      expect(page.body).toHaveLength(1);
      expect(page.headers.get('x-total')).toBe('3');
    });

    it('hides merge requests from a Guest of the private project but shows participants', async () => {
      const mrs = await t.api<unknown[]>(
        'GET',
        `/projects/${pid()}/issues/${target.iid}/related_merge_requests`,
        {
          token: s.guest.token,
        },
      );
      expect(mrs.status).toBe(200);
      expect(mrs.body).toEqual([]);
      const people = await t.api<unknown[]>('GET', `/projects/${pid()}/issues/${target.iid}/participants`, {
        token: s.guest.token,
      });
      expect(people.body).toHaveLength(3);
      for (const sub of ['participants', 'closed_by', 'related_merge_requests']) {
        const hidden = await t.api('GET', `/projects/${pid()}/issues/${target.iid}/${sub}`, {
          token: s.stranger.token,
        });
        expect(hidden.status).toBe(404);
        const missing = await t.api('GET', `/projects/${pid()}/issues/999/${sub}`);
        expect(missing.body).toEqual({ message: '404 Issue Not Found' });
      }
    });

    it('user_agent_detail: 403 for non-administrators, GitLab’s 404 when none was recorded', async () => {
      const forbidden = await t.api('GET', `/projects/${pid()}/issues/${target.iid}/user_agent_detail`, {
        token: s.maint.token,
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ message: '403 Forbidden' });
      const res = await t.api('GET', `/projects/${pid()}/issues/${target.iid}/user_agent_detail`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 UserAgentDetail Not Found' });
      const missing = await t.api('GET', `/projects/${pid()}/issues/999/user_agent_detail`);
      expect(missing.body).toEqual({ message: '404 Issue Not Found' });
    });
  });

  describe('GET/PUT/DELETE /projects/:id/milestones/:milestone_id', () => {
    it('reads one milestone for any reader, 404 Not found for another project’s or an unknown id', async () => {
      const m = await milestone('Read me');
      const res = await t.api<MilestoneJson>('GET', `/projects/${pid()}/milestones/${m.id}`, {
        token: s.guest.token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: m.id, iid: m.iid, title: 'Read me', state: 'active' });
      const otherProject = (await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Elsewhere' } }))
        .body.id;
      const foreign = (
        await t.api<MilestoneJson>('POST', `/projects/${otherProject}/milestones`, {
          json: { title: 'theirs' },
        })
      ).body;
      for (const id of [foreign.id, 999999, 'abc']) {
        const r = await t.api('GET', `/projects/${pid()}/milestones/${id}`);
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ message: '404 Not found' });
      }
      expect(
        (await t.api('GET', `/projects/${pid()}/milestones/${m.id}`, { token: s.stranger.token })).status,
      ).toBe(404);
    });

    it('lists with state, iids, title and search filters, anonymously on public projects', async () => {
      const pubId = (
        await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Roadmap', visibility: 'public' } })
      ).body.id;
      const mk = async (title: string, description?: string) =>
        (
          await t.api<MilestoneJson>('POST', `/projects/${pubId}/milestones`, {
            json: { title, description },
          })
        ).body;
      const a = await mk('Alpha', 'first steps');
      const b = await mk('Beta');
      await t.api('PUT', `/projects/${pubId}/milestones/${a.id}`, { json: { state_event: 'close' } });
      const list = async (q: string) =>
        (await t.api<MilestoneJson[]>('GET', `/projects/${pubId}/milestones${q}`, { token: null })).body.map(
          (m) => m.title,
        );
      expect(await list('')).toEqual(['Beta', 'Alpha']);
      expect(await list('?state=closed')).toEqual(['Alpha']);
      expect(await list('?state=active')).toEqual(['Beta']);
      expect(await list(`?iids[]=${b.iid}`)).toEqual(['Beta']);
      expect(await list('?title=Alpha')).toEqual(['Alpha']);
      expect(await list('?search=STEPS')).toEqual(['Alpha']);
      const bad = await t.api('GET', `/projects/${pubId}/milestones?state=open`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'state does not have a valid value' });
    });

    it('edits title, description, dates and closes/activates for Reporters', async () => {
      const m = await milestone('Edit me');
      const res = await t.api<MilestoneJson>('PUT', `/projects/${pid()}/milestones/${m.id}`, {
        token: s.reporter.token,
        json: {
          title: 'Edited',
          description: 'd',
          start_date: '2030-01-01',
          due_date: '2030-02-01',
          state_event: 'close',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: 'Edited',
        description: 'd',
        start_date: '2030-01-01',
        due_date: '2030-02-01',
        state: 'closed',
      });
      const again = await t.api<MilestoneJson>('PUT', `/projects/${pid()}/milestones/${m.id}`, {
        form: [
          ['state_event', 'activate'],
          ['due_date', ''],
        ],
      });
      expect(again.body).toMatchObject({ state: 'active', due_date: null, start_date: '2030-01-01' });
    });

    it.each([
      [{ title: '' }, 400, { message: 'Failed to update milestone {:title=>["can\'t be blank"]}' }],
      [
        { title: 'Taken' },
        400,
        {
          message:
            'Failed to update milestone {:title=>["already being used for another group or project milestone."]}',
        },
      ],
      [
        { start_date: '2030-05-01', due_date: '2030-04-01' },
        400,
        { message: 'Failed to update milestone {:due_date=>["must be greater than start date"]}' },
      ],
      [{ due_date: '2030-02-30' }, 400, { error: 'due_date is invalid' }],
      [{ state_event: 'reopen' }, 400, { error: 'state_event does not have a valid value' }],
      [
        { foo: 'bar' },
        400,
        {
          error:
            'title, description, start_date, due_date, state_event are missing, at least one parameter must be provided',
        },
      ],
    ])('refuses %j and changes nothing', async (json, status, body) => {
      await milestone(`Taken`).catch(() => undefined);
      const m = await milestone(`Keep ${Math.random().toString(36).slice(2, 7)}`);
      const res = await t.api('PUT', `/projects/${pid()}/milestones/${m.id}`, { json });
      expect(res.status).toBe(status);
      expect(res.body).toEqual(body);
      const after = await t.api<MilestoneJson>('GET', `/projects/${pid()}/milestones/${m.id}`);
      expect(after.body).toEqual(
        expect.objectContaining({ title: m.title, due_date: null, start_date: null }),
      );
    });

    it('refuses Guests (403) and deletes for Reporters (204), issues losing the milestone', async () => {
      const m = await milestone('Doomed');
      const i = await issue({ title: 'scheduled', milestone_id: m.id });
      expect(i.milestone?.id).toBe(m.id);
      for (const method of ['PUT', 'DELETE']) {
        const res = await t.api(method, `/projects/${pid()}/milestones/${m.id}`, {
          token: s.guest.token,
          json: { title: 'nope' },
        });
        expect(res.status).toBe(403);
      }
      expect((await t.api<MilestoneJson>('GET', `/projects/${pid()}/milestones/${m.id}`)).body.title).toBe(
        'Doomed',
      );
      const del = await t.api('DELETE', `/projects/${pid()}/milestones/${m.id}`, { token: s.reporter.token });
      expect(del.status).toBe(204);
      expect(del.text).toBe('');
      expect((await t.api('GET', `/projects/${pid()}/milestones/${m.id}`)).status).toBe(404);
      expect((await t.api<IssueJson>('GET', `/projects/${pid()}/issues/${i.iid}`)).body.milestone).toBeNull();
      expect((await t.api('DELETE', `/projects/${pid()}/milestones/${m.id}`)).body).toEqual({
        message: '404 Not found',
      });
    });
  });

  describe('GET …/merge_requests/:iid/discussions/:discussion_id/notes/:note_id', () => {
    it('answers the note for readers, 404 Not found for another merge request’s note', async () => {
      const d = await t.api<{ id: string; notes: { id: number }[] }>('POST', `${s.path}/discussions`, {
        token: s.dev.token,
        json: { body: 'Thread' },
      });
      const noteId = d.body.notes[0]!.id;
      const res = await t.api<Record<string, unknown>>(
        'GET',
        `${s.path}/discussions/${d.body.id}/notes/${noteId}`,
        {
          token: s.reporter.token,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: noteId,
        body: 'Thread',
        type: 'DiscussionNote',
        noteable_type: 'MergeRequest',
      });
      const missing = await t.api('GET', `${s.path}/discussions/${d.body.id}/notes/999999`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Not found' });
      const guest = await t.api('GET', `${s.path}/discussions/${d.body.id}/notes/${noteId}`, {
        token: s.guest.token,
      });
      expect(guest.status).toBe(403);
      const stranger = await t.api('GET', `${s.path}/discussions/${d.body.id}/notes/${noteId}`, {
        token: s.stranger.token,
      });
      expect(stranger.status).toBe(404);
    });
  });
});
