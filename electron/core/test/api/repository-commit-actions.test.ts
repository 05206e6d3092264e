/**
 * `POST /projects/:id/repository/commits` (doc/api/commits.md "Create a commit with multiple files and
 * actions"), `GET …/repository/compare` and `GET …/repository/merge_base` (doc/api/repositories.md) over
 * real HTTP against real bare repositories: every action, mixed actions in one commit, base64, chmod, move,
 * stale `last_commit_id`, protected branches, all-or-nothing batches, form-encoded actions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { gitDir } from '../helpers/disk.js';
import { importFixtureProject } from '../helpers/repository-projects.js';
import { auditEventsSince, lastAuditEventId } from '../helpers/secrets-on-disk.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface CommitDetailJson {
  id: string;
  short_id: string;
  title: string;
  message: string;
  parent_ids: string[];
  author_name: string;
  author_email: string;
  committer_name: string;
  web_url: string;
  stats?: { additions: number; deletions: number; total: number };
  status: null;
  project_id: number;
}

const V4 = 'spec/fixtures/api/schemas/public_api/v4';
const oracle = loadSchemaOracle();

/** The body passes GitLab's own response schema (shared/reference/gitlab-schemas). */
function expectValid(file: string, body: unknown): void {
  const validate = oracle.validator(`${V4}/${file}`);
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('repository commit actions, compare and merge_base', () => {
  let t: TestCore;
  let dev: { id: number; token: string };
  let p: ImportedProject;

  const head = (branch = 'trunk') => gitDir(p.repo, 'rev-parse', `refs/heads/${branch}`);
  const show = (rev: string) => gitDir(p.repo, 'show', rev);
  const lsTree = (rev: string) => gitDir(p.repo, 'ls-tree', '-r', rev);
  const commit = (body: unknown, token?: string) =>
    t.api<CommitDetailJson & { message: string }>('POST', `/projects/${p.id}/repository/commits`, {
      json: body,
      token,
    });

  beforeAll(async () => {
    t = await startTestCore();
    dev = await createUserWithToken(t);
    p = await importFixtureProject(t, 'commit-actions');
    const m = await t.api('POST', `/projects/${p.id}/members`, {
      json: { user_id: dev.id, access_level: 30 },
    });
    expect(m.status).toBe(201);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates files (text and base64) in one commit with the given author and returns the commit detail', async () => {
    const before = head();
    const res = await commit({
      branch: 'trunk',
      commit_message: 'Add two files\n\nWith a body',
      author_name: 'Ada Lovelace',
      author_email: 'ada@example.com',
      actions: [
        { action: 'create', file_path: 'docs/a.txt', content: 'one\ntwo\n' },
        {
          action: 'create',
          file_path: 'bin/run.sh',
          content: b64('#!/bin/sh\n'),
          encoding: 'base64',
          execute_filemode: true,
        },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.id).toBe(head());
    expect(res.body.parent_ids).toEqual([before]);
    expect(res.body.title).toBe('Add two files');
    expect(res.body.author_name).toBe('Ada Lovelace');
    expect(res.body.author_email).toBe('ada@example.com');
    expect(res.body.stats).toEqual({ additions: 3, deletions: 0, total: 3 });
    expect(res.body.project_id).toBe(p.id);
    expect(res.body.web_url).toBe(`${p.webUrl}/-/commit/${res.body.id}`);
    expectValid('commit/detail.json', res.body);
    expect(gitDir(p.repo, 'log', '-1', '--format=%an <%ae>|%s', 'trunk')).toBe(
      'Ada Lovelace <ada@example.com>|Add two files',
    );
    expect(show('trunk:docs/a.txt')).toBe('one\ntwo');
    expect(lsTree('trunk')).toMatch(/^100755 blob \w+\tbin\/run\.sh$/m);
  });

  it('applies update, move, chmod and delete together', async () => {
    const res = await commit({
      branch: 'trunk',
      commit_message: 'Mixed',
      stats: false,
      actions: [
        { action: 'update', file_path: 'README.md', content: '# Changed\n' },
        { action: 'move', previous_path: 'docs/a.txt', file_path: 'docs/b.txt' },
        { action: 'chmod', file_path: 'bin/run.sh', execute_filemode: false },
        { action: 'create', file_path: 'tmp.txt', content: 'x' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.stats).toBeUndefined();
    const tree = lsTree('trunk');
    expect(tree).toMatch(/^100644 blob \w+\tbin\/run\.sh$/m);
    expect(tree).not.toContain('docs/a.txt');
    expect(show('trunk:docs/b.txt')).toBe('one\ntwo');
    expect(show('trunk:README.md')).toBe('# Changed');
    const del = await commit({
      branch: 'trunk',
      commit_message: 'Delete and move with content',
      actions: [
        { action: 'delete', file_path: 'tmp.txt' },
        { action: 'move', previous_path: 'docs/b.txt', file_path: 'c.txt', content: 'moved\n' },
      ],
    });
    expect(del.status, del.text).toBe(201);
    expect(lsTree('trunk')).not.toMatch(/tmp\.txt|docs\/b\.txt/);
    expect(show('trunk:c.txt')).toBe('moved');
  });

  it('accepts actions as form fields (actions[][action]=…)', async () => {
    const res = await t.api<CommitDetailJson>('POST', `/projects/${p.id}/repository/commits`, {
      form: [
        ['branch', 'trunk'],
        ['commit_message', 'Form commit'],
        ['actions[][action]', 'create'],
        ['actions[][file_path]', 'form1.txt'],
        ['actions[][content]', 'f1'],
        ['actions[][action]', 'create'],
        ['actions[][file_path]', 'form2.txt'],
        ['actions[][content]', 'f2'],
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(show('trunk:form1.txt')).toBe('f1');
    expect(show('trunk:form2.txt')).toBe('f2');
  });

  it('refuses a batch with one bad action and changes nothing', async () => {
    const before = head();
    const exists = await commit({
      branch: 'trunk',
      commit_message: 'x',
      actions: [
        { action: 'create', file_path: 'new-ok.txt', content: 'fine' },
        { action: 'create', file_path: 'README.md', content: 'dup' },
      ],
    });
    expect(exists.status).toBe(400);
    expect(exists.body).toEqual({ message: 'A file with this name already exists' });
    const missing = await commit({
      branch: 'trunk',
      commit_message: 'x',
      actions: [
        { action: 'create', file_path: 'new-ok.txt', content: 'fine' },
        { action: 'delete', file_path: 'nope.txt' },
      ],
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: "A file with this name doesn't exist" });
    const moveMissing = await commit({
      branch: 'trunk',
      commit_message: 'x',
      actions: [{ action: 'move', previous_path: 'nope.txt', file_path: 'x.txt' }],
    });
    expect(moveMissing.status).toBe(400);
    expect(moveMissing.body).toEqual({ message: "A file with this name doesn't exist" });
    expect(head()).toBe(before);
    expect(lsTree('trunk')).not.toContain('new-ok.txt');
  });

  it('refuses a stale last_commit_id and accepts the current one', async () => {
    const last = gitDir(p.repo, 'log', '-1', '--format=%H', 'trunk', '--', 'README.md');
    const stale = await commit({
      branch: 'trunk',
      commit_message: 'x',
      actions: [{ action: 'update', file_path: 'README.md', content: 'y', last_commit_id: p.trunk[0] }],
    });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: 'The file has changed since you started editing it: README.md' });
    const ok = await commit({
      branch: 'trunk',
      commit_message: 'x',
      actions: [{ action: 'update', file_path: 'README.md', content: 'y\n', last_commit_id: last }],
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it('creates a branch from start_branch or start_sha, and force overwrites', async () => {
    const res = await commit({
      branch: 'topic',
      start_branch: 'feature',
      commit_message: 'On topic',
      actions: [{ action: 'create', file_path: 'topic.txt', content: 't' }],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.parent_ids).toEqual([p.featureHead]);
    const again = await commit({
      branch: 'topic',
      start_branch: 'trunk',
      commit_message: 'x',
      actions: [{ action: 'create', file_path: 'z.txt', content: 'z' }],
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: "A branch called 'topic' already exists. Switch to that branch in order to make changes",
    });
    const forced = await commit({
      branch: 'topic',
      start_sha: p.trunk[0],
      force: true,
      commit_message: 'Forced',
      actions: [{ action: 'create', file_path: 'z.txt', content: 'z' }],
    });
    expect(forced.status, forced.text).toBe(201);
    expect(forced.body.parent_ids).toEqual([p.trunk[0]]);
    expect(head('topic')).toBe(forced.body.id);
    const noBranch = await commit({
      branch: 'ghost',
      commit_message: 'x',
      actions: [{ action: 'create', file_path: 'g.txt', content: 'g' }],
    });
    expect(noBranch.status).toBe(400);
    expect(noBranch.body).toEqual({ message: 'You can only create or edit files when you are on a branch' });
  });

  it('force over a protected branch needs allow_force_push, and is audited', async () => {
    const branch = await t.api('POST', `/projects/${p.id}/repository/branches`, {
      json: { branch: 'guarded', ref: 'trunk' },
    });
    expect(branch.status, branch.text).toBe(201);
    const rule = await t.api('POST', `/projects/${p.id}/protected_branches`, {
      json: { name: 'guarded', push_access_level: 40, merge_access_level: 40 },
    });
    expect(rule.status, rule.text).toBe(201);
    const before = head('guarded');
    const mark = lastAuditEventId(t.dataDir);
    const body = {
      branch: 'guarded',
      start_sha: p.trunk[0],
      force: true,
      commit_message: 'Rewrite',
      actions: [{ action: 'create', file_path: 'rewrite.txt', content: 'r' }],
    };
    const refused = await commit(body);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message:
        '403 Forbidden - You are not allowed to force push code to a protected branch on this project.',
    });
    expect(head('guarded')).toBe(before);
    const allow = await t.api('PATCH', `/projects/${p.id}/protected_branches/guarded`, {
      json: { allow_force_push: true },
    });
    expect(allow.status, allow.text).toBe(200);
    const forced = await commit(body);
    expect(forced.status, forced.text).toBe(201);
    expect(head('guarded')).toBe(forced.body.id);
    const events = auditEventsSince(t.dataDir, mark).filter(
      (e) => e.d.event_name === 'force_push_protected_branch',
    );
    expect(events.map((e) => [e.d.before, e.d.after])).toEqual([[before, forced.body.id]]);
  });

  it("answers missing and invalid parameters in Grape's shape", async () => {
    const missing = await commit({
      branch: 'trunk',
      actions: [{ action: 'create', file_path: 'a', content: '' }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'commit_message is missing' });
    const badAction = await commit({
      branch: 'trunk',
      commit_message: 'x',
      actions: [{ action: 'rename', file_path: 'a' }],
    });
    expect(badAction.status).toBe(400);
    expect((badAction.body as unknown as { error: string }).error).toMatch(
      /action.* does not have a valid value/,
    );
    const both = await commit({
      branch: 'trunk',
      commit_message: 'x',
      start_branch: 'trunk',
      start_sha: p.trunk[0],
      actions: [{ action: 'create', file_path: 'a', content: '' }],
    });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ error: 'start_branch, start_sha are mutually exclusive' });
  });

  it('refuses a developer on the protected default branch but lets them commit to another branch', async () => {
    const before = head();
    const refused = await commit(
      {
        branch: 'trunk',
        commit_message: 'x',
        actions: [{ action: 'create', file_path: 'dev.txt', content: 'd' }],
      },
      dev.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: '403 Forbidden - You are not allowed to push into this branch' });
    expect(head()).toBe(before);
    const ok = await commit(
      {
        branch: 'dev-branch',
        start_branch: 'trunk',
        commit_message: 'Dev work',
        actions: [{ action: 'create', file_path: 'dev.txt', content: 'd' }],
      },
      dev.token,
    );
    expect(ok.status, ok.text).toBe(201);
    expect(gitDir(p.repo, 'log', '-1', '--format=%an', 'dev-branch')).toMatch(/^User /);
  });

  it('compares refs through the merge base, or straight', async () => {
    const res = await t.api<{
      commit: { id: string } | null;
      commits: { id: string }[];
      diffs: { new_path: string; new_file: boolean; diff: string }[];
      compare_timeout: boolean;
      compare_same_ref: boolean;
      web_url: string;
    }>('GET', `/projects/${p.id}/repository/compare?from=trunk&to=dev-branch`);
    expect(res.status, res.text).toBe(200);
    const devHead = head('dev-branch');
    expect(res.body.commit?.id).toBe(devHead);
    expect(res.body.commits.map((c) => c.id)).toEqual([devHead]);
    expect(res.body.diffs).toHaveLength(1);
    expect(res.body.diffs[0]).toMatchObject({ new_path: 'dev.txt', new_file: true });
    expect(res.body.diffs[0]!.diff).toContain('+d');
    expect(res.body.compare_timeout).toBe(false);
    for (const c of res.body.commits) expectValid('commit/basic.json', c);
    expect(res.body.compare_same_ref).toBe(false);
    expect(res.body.web_url).toBe(`${p.webUrl}/-/compare/${head()}...${devHead}`);

    // feature branched off trunk's 3rd commit; trunk moved on: merge-base diff shows feature only.
    const viaBase = await t.api<{ diffs: { new_path: string }[]; commits: unknown[] }>(
      'GET',
      `/projects/${p.id}/repository/compare?from=trunk&to=feature`,
    );
    expect(viaBase.body.diffs.map((d) => d.new_path)).toEqual(['feature.txt']);
    expect(viaBase.body.commits).toHaveLength(1);
    const straight = await t.api<{ diffs: { new_path: string }[] }>(
      'GET',
      `/projects/${p.id}/repository/compare?from=trunk&to=feature&straight=true`,
    );
    expect(straight.body.diffs.length).toBeGreaterThan(1);

    const same = await t.api<{
      commit: null;
      commits: unknown[];
      diffs: unknown[];
      compare_same_ref: boolean;
    }>('GET', `/projects/${p.id}/repository/compare?from=trunk&to=trunk`);
    expect(same.body).toMatchObject({ commit: null, commits: [], diffs: [], compare_same_ref: true });
    const unknown = await t.api('GET', `/projects/${p.id}/repository/compare?from=trunk&to=nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: '404 Ref Not Found' });
    const noTo = await t.api('GET', `/projects/${p.id}/repository/compare?from=trunk`);
    expect(noTo.status).toBe(400);
    expect(noTo.body).toEqual({ error: 'to is missing' });
  });

  it('finds the merge base of refs', async () => {
    const res = await t.api<{ id: string; web_url: string }>(
      'GET',
      `/projects/${p.id}/repository/merge_base?refs[]=trunk&refs[]=feature`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.id).toBe(p.trunk[2]);
    expect(res.body.web_url).toBe(`${p.webUrl}/-/commit/${p.trunk[2]}`);
    expectValid('commit/basic.json', res.body);
    const one = await t.api('GET', `/projects/${p.id}/repository/merge_base?refs[]=trunk`);
    expect(one.status).toBe(400);
    expect(one.body).toEqual({ message: 'Provide at least 2 refs' });
    const unknown = await t.api('GET', `/projects/${p.id}/repository/merge_base?refs[]=trunk&refs[]=nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'Could not find ref: nope' });
  });

  it('lists the merge requests that contain a commit', async () => {
    const devHead = head('dev-branch');
    const mr = await t.api<{ iid: number }>('POST', `/projects/${p.id}/merge_requests`, {
      json: { source_branch: 'dev-branch', target_branch: 'trunk', title: 'Dev work MR' },
    });
    expect(mr.status, mr.text).toBe(201);
    await t.core.idle();
    const res = await t.api<{ iid: number; title: string }[]>(
      'GET',
      `/projects/${p.id}/repository/commits/${devHead}/merge_requests`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((m) => [m.iid, m.title])).toEqual([[mr.body.iid, 'Dev work MR']]);
    expect(res.headers.get('x-total')).toBe('1');
    const none = await t.api<unknown[]>(
      'GET',
      `/projects/${p.id}/repository/commits/${p.trunk[0]}/merge_requests`,
    );
    expect(none.body).toEqual([]);
    const unknown = await t.api('GET', `/projects/${p.id}/repository/commits/nope/merge_requests`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: '404 Commit Not Found' });
  });
});
