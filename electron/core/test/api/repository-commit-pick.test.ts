/**
 * `POST /projects/:id/repository/commits/:sha/cherry_pick` and `…/revert` (doc/api/commits.md) over real
 * HTTP on a real bare repository: new commits and their messages/authors, dry runs, `empty` and
 * `conflict` refusals that leave the branch alone, 403/404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir } from '../helpers/disk.js';
import { importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface CommitJson {
  id: string;
  title: string;
  message: string;
  parent_ids: string[];
  author_name: string;
  author_email: string;
  authored_date: string;
  committer_name: string;
}

const CHERRY_REFUSAL =
  'Sorry, we cannot cherry-pick this commit automatically. This commit may already have been cherry-picked, ' +
  'or a more recent commit may have updated some of its content.';
const REVERT_REFUSAL =
  'Sorry, we cannot revert this commit automatically. This commit may already have been reverted, ' +
  'or a more recent commit may have updated some of its content.';

describe('cherry-pick and revert', () => {
  let t: TestCore;
  let p: ImportedProject;
  let dev: { id: number; token: string };
  const head = (b = 'trunk') => gitDir(p.repo, 'rev-parse', `refs/heads/${b}`);
  const pick = (sha: string, kind: 'cherry_pick' | 'revert', body: Record<string, unknown>, token?: string) =>
    t.api<CommitJson & Record<string, unknown>>(
      'POST',
      `/projects/${p.id}/repository/commits/${sha}/${kind}`,
      {
        json: body,
        token,
      },
    );

  beforeAll(async () => {
    t = await startTestCore();
    p = await importFixtureProject(t, 'pick');
    dev = await createUserWithToken(t);
    const m = await t.api('POST', `/projects/${p.id}/members`, {
      json: { user_id: dev.id, access_level: 30 },
    });
    expect(m.status).toBe(201);
  });
  afterAll(async () => t?.close());

  it('cherry-picks a commit onto a branch, keeping its author', async () => {
    const before = head();
    const original = gitDir(p.repo, 'log', '-1', '--format=%an|%ae|%aI', p.featureHead);
    const res = await pick(p.featureHead, 'cherry_pick', { branch: 'trunk' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.id).toBe(head());
    expect(res.body.parent_ids).toEqual([before]);
    expect(res.body.title).toBe('Add feature');
    expect(res.body.message).toBe(`Add feature\n\n(cherry picked from commit ${p.featureHead})\n`);
    const [name, email, date] = original.split('|');
    expect([res.body.author_name, res.body.author_email, res.body.authored_date]).toEqual([
      name,
      email,
      date,
    ]);
    expect(res.body.committer_name).toBe('Administrator');
    expect(gitDir(p.repo, 'show', 'trunk:feature.txt')).toBe('feature');
  });

  it('refuses an empty cherry-pick (already applied) and changes nothing', async () => {
    const before = head();
    const res = await pick(p.featureHead, 'cherry_pick', { branch: 'trunk' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: CHERRY_REFUSAL, error_code: 'empty' });
    expect(head()).toBe(before);
  });

  it('dry-runs, then reverts a commit as the caller', async () => {
    const before = head();
    const dry = await pick(before, 'revert', { branch: 'trunk', dry_run: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toEqual({ dry_run: 'success' });
    expect(head()).toBe(before);
    const res = await pick(before, 'revert', { branch: 'trunk' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe(`Revert "Add feature"\n\nThis reverts commit ${before}\n`);
    expect(res.body.author_name).toBe('Administrator');
    expect(gitDir(p.repo, 'ls-tree', '--name-only', 'trunk')).toBe('README.md');
  });

  it('refuses a conflicting revert (dry run and real) without moving the branch', async () => {
    const before = head();
    // trunk[1] changed README's last line, which trunk[2] changed again.
    const dry = await pick(p.trunk[1]!, 'revert', { branch: 'trunk', dry_run: true });
    expect(dry.status).toBe(400);
    expect(dry.body).toEqual({ message: REVERT_REFUSAL, error_code: 'conflict', dry_run: 'error' });
    const real = await pick(p.trunk[1]!, 'revert', { branch: 'trunk' });
    expect(real.status).toBe(400);
    expect(real.body).toEqual({ message: REVERT_REFUSAL, error_code: 'conflict' });
    expect(head()).toBe(before);
  });

  it('answers 404 for an unknown commit or branch, 403 on a protected branch, 400 without branch', async () => {
    const noCommit = await pick('0123456789abcdef0123456789abcdef01234567', 'revert', { branch: 'trunk' });
    expect(noCommit.status).toBe(404);
    expect(noCommit.body).toEqual({ message: '404 Commit Not Found' });
    const noBranch = await pick(p.featureHead, 'cherry_pick', { branch: 'nope' });
    expect(noBranch.status).toBe(404);
    expect(noBranch.body).toEqual({ message: '404 Branch Not Found' });
    const forbidden = await pick(p.trunk[2]!, 'revert', { branch: 'trunk' }, dev.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({
      message: '403 Forbidden - You are not allowed to push into this branch',
    });
    const missing = await pick(p.featureHead, 'cherry_pick', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'branch is missing' });
  });
});
