/**
 * Issue 18, core side, over real HTTP with real git pushes: every change to a merge request writes exactly
 * one system note with GitLab 13.10's text (approve, unapprove, title with {-…-}/{+…+} marks, description,
 * draft, discussion lock, target branch, assignees, reviewers, pushes as `added N commits` with the commit
 * list), or a resource event where 13.10 keeps one (labels, milestones, close/reopen/merge), listed by
 * `GET …/resource_{label,state,milestone}_events[/:id]`; a rejected update writes nothing; a multi-line
 * DiffNote's `position.line_range` round-trips and bad shapes are 400.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Note = { id: number; body: string; system: boolean; author: { id: number } | null; type: string | null };
type Event = Record<string, unknown> & { id: number; user: { id: number } | null; resource_id: number };

describe('merge request system notes and resource events', () => {
  let t: TestCore;
  let s: ReviewSetup;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'SystemNotes');
  });
  afterAll(async () => t.close());

  /** System note bodies, oldest first. */
  async function systemNotes(): Promise<Note[]> {
    const res = await t.api<Note[]>('GET', `${s.path}/notes?sort=asc&per_page=100`, { token: s.dev.token });
    expect(res.status).toBe(200);
    return res.body.filter((n) => n.system);
  }

  /** Run `change` and return the system notes it wrote. */
  async function notesOf(change: () => Promise<void>): Promise<Note[]> {
    const before = (await systemNotes()).length;
    await change();
    await t.core.idle();
    return (await systemNotes()).slice(before);
  }

  async function update(json: Record<string, unknown>, token = s.maint.token, status = 200) {
    const res = await t.api('PUT', s.path, { token, json });
    expect(res.status, res.text).toBe(status);
  }

  it('approve and unapprove write one note each, by the approver', async () => {
    const a = await notesOf(async () => {
      const r = await t.api('POST', `${s.path}/approve`, { token: s.maint.token });
      expect(r.status).toBe(201);
    });
    expect(a.map((n) => [n.body, n.author?.id, n.type])).toEqual([
      ['approved this merge request', s.maint.id, null],
    ]);
    const u = await notesOf(async () => {
      expect((await t.api('POST', `${s.path}/unapprove`, { token: s.maint.token })).status).toBe(201);
    });
    expect(u.map((n) => n.body)).toEqual(['unapproved this merge request']);
    // approved_by entries are {user} only (13.10's Entities::Approvals)
    await t.api('POST', `${s.path}/approve`, { token: s.maint.token });
    const state = await t.api<{ approved_by: Record<string, unknown>[] }>('GET', `${s.path}/approvals`, {
      token: s.dev.token,
    });
    expect(Object.keys(state.body.approved_by[0]!)).toEqual(['user']);
    // a refused approval (already approved) writes nothing
    const none = await notesOf(async () => {
      expect((await t.api('POST', `${s.path}/approve`, { token: s.maint.token })).status).toBe(401);
    });
    expect(none).toEqual([]);
  });

  it('title changes mark the changed middle as GitLab does; draft toggles write only the draft note', async () => {
    const title = await notesOf(() => update({ title: 'Review you' }));
    expect(title.map((n) => n.body)).toEqual(['changed title from **Review {-me-}** to **Review {+you+}**']);
    const grow = await notesOf(() => update({ title: 'Review you now' }));
    expect(grow.map((n) => n.body)).toEqual(['changed title from **Review you** to **Review you{+ now+}**']);
    const draft = await notesOf(() => update({ title: 'Draft: Review you now' }));
    expect(draft.map((n) => n.body)).toEqual(['marked this merge request as **draft**']);
    const ready = await notesOf(() => update({ title: 'Review you now' }));
    expect(ready.map((n) => n.body)).toEqual(['marked this merge request as **ready**']);
    const same = await notesOf(() => update({ title: 'Review you now' }));
    expect(same).toEqual([]);
  });

  it('description, lock, target branch, assignees and reviewers', async () => {
    expect((await notesOf(() => update({ description: 'Why' }))).map((n) => n.body)).toEqual([
      'changed the description',
    ]);
    expect((await notesOf(() => update({ discussion_locked: true }))).map((n) => n.body)).toEqual([
      'locked this merge request',
    ]);
    expect((await notesOf(() => update({ discussion_locked: false }))).map((n) => n.body)).toEqual([
      'unlocked this merge request',
    ]);
    const branch = await t.api('POST', `/projects/${s.p.id}/repository/branches`, {
      json: { branch: 'trunk2', ref: 'trunk' },
    });
    expect(branch.status).toBe(201);
    expect((await notesOf(() => update({ target_branch: 'trunk2' }))).map((n) => n.body)).toEqual([
      'changed target branch from `trunk` to `trunk2`',
    ]);
    expect(
      (await notesOf(() => update({ assignee_ids: [s.dev.id, s.maint.id] }))).map((n) => n.body),
    ).toEqual([`assigned to @${s.dev.username} and @${s.maint.username}`]);
    expect((await notesOf(() => update({ assignee_ids: [s.reporter.id] }))).map((n) => n.body)).toEqual([
      `assigned to @${s.reporter.username} and unassigned @${s.dev.username} and @${s.maint.username}`,
    ]);
    expect((await notesOf(() => update({ assignee_id: 0 }))).map((n) => n.body)).toEqual([
      `unassigned @${s.reporter.username}`,
    ]);
    expect(
      (await notesOf(() => update({ reviewer_ids: [s.maint.id, s.dev.id, s.reporter.id] }))).map(
        (n) => n.body,
      ),
    ).toEqual([
      `requested review from @${s.maint.username}, @${s.dev.username}, and @${s.reporter.username}`,
    ]);
    expect((await notesOf(() => update({ reviewer_ids: [s.maint.id] }))).map((n) => n.body)).toEqual([
      `removed review request for @${s.dev.username} and @${s.reporter.username}`,
    ]);
    // unchanged lists write nothing
    expect(await notesOf(() => update({ reviewer_ids: [s.maint.id] }))).toEqual([]);
  });

  it('a rejected update writes no note and no event', async () => {
    const labelsBefore = await t.api<Event[]>('GET', `${s.path}/resource_label_events`, {
      token: s.dev.token,
    });
    const none = await notesOf(async () => {
      // a missing target branch is refused after the title was read: nothing of the update lands
      await update({ title: 'Changed?', labels: 'nope', target_branch: 'missing' }, s.maint.token, 400);
      // a Reporter may not update at all
      await update({ title: 'Changed?' }, s.reporter.token, 403);
    });
    expect(none).toEqual([]);
    const labelsAfter = await t.api<Event[]>('GET', `${s.path}/resource_label_events`, {
      token: s.dev.token,
    });
    expect(labelsAfter.body).toEqual(labelsBefore.body);
  });

  it('labels and milestones are resource events (not notes), listed and read one by one', async () => {
    const notes = await notesOf(async () => {
      await update({ labels: 'bug,ui' });
      await update({ add_labels: 'perf', remove_labels: 'ui' });
    });
    expect(notes).toEqual([]);
    const res = await t.api<Event[]>('GET', `${s.path}/resource_label_events`, { token: s.reporter.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total')).toBe('4');
    expect(res.body.map((e) => [(e.label as { name: string }).name, e.action])).toEqual([
      ['bug', 'add'],
      ['ui', 'add'],
      ['perf', 'add'],
      ['ui', 'remove'],
    ]);
    const first = res.body[0]!;
    expect(first).toEqual({
      id: expect.any(Number),
      user: expect.objectContaining({ id: s.maint.id, username: s.maint.username }),
      created_at: expect.any(String),
      resource_type: 'MergeRequest',
      resource_id: s.mr.id,
      label: {
        id: expect.any(Number),
        name: 'bug',
        color: expect.any(String),
        description: null,
        description_html: null,
        text_color: expect.any(String),
      },
      action: 'add',
    });
    const one = await t.api<Event>('GET', `${s.path}/resource_label_events/${first.id}`, {
      token: s.dev.token,
    });
    expect(one.body).toEqual(first);
    const missing = await t.api<{ message: string }>('GET', `${s.path}/resource_label_events/999999`, {
      token: s.dev.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('404 Not found');
    expect((await t.api('GET', `${s.path}/resource_label_events`, { token: s.stranger.token })).status).toBe(
      404,
    );

    const ms = await t.api<{ id: number }>('POST', `/projects/${s.p.id}/milestones`, {
      json: { title: 'v1' },
    });
    expect(ms.status).toBe(201);
    expect(await notesOf(() => update({ milestone_id: ms.body.id }))).toEqual([]);
    await update({ milestone_id: 0 });
    const mev = await t.api<Event[]>('GET', `${s.path}/resource_milestone_events`, { token: s.dev.token });
    expect(mev.body.map((e) => [(e.milestone as { title: string }).title, e.action, e.state])).toEqual([
      ['v1', 'add', 'opened'],
      ['v1', 'remove', 'opened'],
    ]);
  });

  it('a git push to the source branch writes `added N commits` with the commit list', async () => {
    const git = await makeGitClient();
    const dir = await git.tempDir();
    await git.ok(
      dir,
      'clone',
      '--branch',
      'review',
      cloneUrl(t.url, s.p.pathWithNamespace, s.dev.token),
      'w',
    );
    await git.ok(`${dir}/w`, 'commit', '--allow-empty', '-m', 'First <b>change</b>\n\nbody text');
    await git.ok(`${dir}/w`, 'commit', '--allow-empty', '-m', 'Second change');
    const first = await git.ok(`${dir}/w`, 'rev-parse', 'HEAD~1');
    const second = await git.ok(`${dir}/w`, 'rev-parse', 'HEAD');
    const notes = await notesOf(async () => {
      await git.ok(`${dir}/w`, 'push', 'origin', 'review');
    });
    expect(notes).toHaveLength(1);
    const versions = await t.api<{ id: number; head_commit_sha: string }[]>('GET', `${s.path}/versions`, {
      token: s.dev.token,
    });
    const latest = versions.body[0]!;
    expect(latest.head_commit_sha).toBe(second);
    const oldrev = versions.body[1]!.head_commit_sha;
    expect(notes[0]!.body).toBe(
      `added 2 commits\n\n<ul><li>${first.slice(0, 8)} - First &lt;b&gt;change&lt;/b&gt;</li>` +
        `<li>${second.slice(0, 8)} - Second change</li></ul>\n\n` +
        `[Compare with previous version](/${s.p.pathWithNamespace}/-/merge_requests/${s.mr.iid}/diffs?diff_id=${latest.id}&start_sha=${oldrev})`,
    );
    expect(notes[0]!.author?.id).toBe(s.dev.id);
    await git.ok(`${dir}/w`, 'commit', '--allow-empty', '-m', 'Third');
    const one = await notesOf(async () => {
      await git.ok(`${dir}/w`, 'push', 'origin', 'review');
    });
    expect(one.map((n) => n.body.split('\n')[0])).toEqual(['added 1 commit']);
  });

  it('close, reopen and merge are state events, not notes', async () => {
    const notes = await notesOf(async () => {
      await update({ state_event: 'close' });
      await update({ state_event: 'reopen' });
      await update({ target_branch: 'trunk' });
    });
    expect(notes.map((n) => n.body)).toEqual(['changed target branch from `trunk2` to `trunk`']);
    const res = await t.api<Event[]>('GET', `${s.path}/resource_state_events`, { token: s.dev.token });
    expect(res.body.map((e) => [e.state, e.user?.id, e.resource_type, e.resource_id])).toEqual([
      ['closed', s.maint.id, 'MergeRequest', s.mr.id],
      ['reopened', s.maint.id, 'MergeRequest', s.mr.id],
    ]);
    const one = await t.api<Event>('GET', `${s.path}/resource_state_events/${res.body[1]!.id}`, {
      token: s.dev.token,
    });
    expect(one.body).toEqual(res.body[1]);
    await t.core.idle();
    const merged = await t.api('PUT', `${s.path}/merge`, { token: s.maint.token });
    expect(merged.status, merged.text).toBe(200);
    const after = await t.api<Event[]>('GET', `${s.path}/resource_state_events`, { token: s.dev.token });
    expect(after.body.map((e) => e.state)).toEqual(['closed', 'reopened', 'merged']);
    expect(after.body[2]!.user?.id).toBe(s.maint.id);
  });
});

describe('multi-line diff comments (position.line_range)', () => {
  let t: TestCore;
  let s: ReviewSetup;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'LineRange');
  });
  afterAll(async () => t.close());

  const code = (path: string, oldLine: number, newLine: number) =>
    `${createHash('sha1').update(path).digest('hex')}_${oldLine}_${newLine}`;

  function position(lineRange?: unknown): Record<string, unknown> {
    const refs = s.mr.diff_refs!;
    return {
      base_sha: refs.base_sha,
      start_sha: refs.start_sha,
      head_sha: refs.head_sha,
      position_type: 'text',
      new_path: 'src/app.ts',
      old_path: 'src/app.ts',
      new_line: 3,
      ...(lineRange === undefined ? {} : { line_range: lineRange }),
    };
  }

  const range = {
    start: { line_code: code('src/app.ts', 0, 1), type: 'new', old_line: null, new_line: 1 },
    end: { line_code: code('src/app.ts', 0, 3), type: 'new', old_line: null, new_line: 3 },
  };

  it('stores and returns line_range (JSON and form-encoded), null for a single line', async () => {
    const res = await t.api<{ id: string; notes: { position: Record<string, unknown> }[] }>(
      'POST',
      `${s.path}/discussions`,
      { token: s.dev.token, json: { body: 'These three', position: position(range) } },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.notes[0]!.position.line_range).toEqual(range);
    const read = await t.api<{ notes: { position: Record<string, unknown> }[] }>(
      'GET',
      `${s.path}/discussions/${res.body.id}`,
      { token: s.reporter.token },
    );
    expect(read.body.notes[0]!.position.line_range).toEqual(range);
    const form = await t.api<{ notes: { position: Record<string, unknown> }[] }>(
      'POST',
      `${s.path}/discussions`,
      {
        token: s.dev.token,
        form: [
          ['body', 'Form'],
          ...Object.entries(position()).map(([k, v]) => [`position[${k}]`, String(v)] as [string, string]),
          ['position[line_range][start][line_code]', range.start.line_code],
          ['position[line_range][start][type]', 'new'],
          ['position[line_range][start][new_line]', '1'],
          ['position[line_range][end][line_code]', range.end.line_code],
          ['position[line_range][end][type]', 'new'],
          ['position[line_range][end][new_line]', '3'],
        ],
      },
    );
    expect(form.status, form.text).toBe(201);
    expect(form.body.notes[0]!.position.line_range).toEqual(range);
    const single = await t.api<{ notes: { position: Record<string, unknown> }[] }>(
      'POST',
      `${s.path}/discussions`,
      {
        token: s.dev.token,
        json: { body: 'One line', position: position() },
      },
    );
    expect(single.body.notes[0]!.position.line_range).toBeNull();
  });

  it('400s for bad shapes and writes nothing', async () => {
    const count = async () =>
      (await t.api('GET', `${s.path}/notes`, { token: s.dev.token })).headers.get('x-total');
    const before = await count();
    const bad: unknown[] = [
      'lines 1-3',
      { start: range.start },
      { start: { ...range.start, line_code: 'abc' }, end: range.end },
      { start: { ...range.start, type: 'sideways' }, end: range.end },
      { start: { ...range.start, new_line: 0 }, end: range.end },
      { start: { ...range.start, new_line: null }, end: range.end },
      { start: { ...range.start, line_code: code('other.ts', 0, 1) }, end: range.end },
      { start: { ...range.start, new_line: 2 }, end: range.end },
      { start: range.end, end: range.start },
    ];
    for (const lr of bad) {
      const res = await t.api<{ message?: string; error?: string }>('POST', `${s.path}/discussions`, {
        token: s.dev.token,
        json: { body: 'x', position: position(lr) },
      });
      expect(res.status, JSON.stringify(lr)).toBe(400);
      expect(res.body.message ?? res.body.error).toBeTruthy();
    }
    expect(await count()).toBe(before);
  });
});
