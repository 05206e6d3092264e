/**
 * `GET /projects/:id/repository/commits` and `GET …/commits/:sha` over real HTTP and real git
 * (doc/api/commits.md): history order, ref_name/path/since/until, pagination without totals (GitLab
 * since 13.5), commit detail with stats, GitLab's commit schemas, 404s and access rules.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { git } from '../helpers/git-fixtures.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface CommitJson {
  id: string;
  short_id: string;
  title: string;
  message: string;
  parent_ids: string[];
  authored_date: string;
  committed_date: string;
  created_at: string;
  web_url: string;
  stats?: { additions: number; deletions: number; total: number };
  status?: string | null;
  last_pipeline?: unknown;
  project_id?: number;
}

const V4 = 'spec/fixtures/api/schemas/public_api/v4';

/** Commit everything in `dir` at a fixed date (author and committer). */
function commitAt(dir: string, date: string, message: string): string {
  execFileSync('git', ['add', '-A'], { cwd: dir });
  execFileSync('git', ['commit', '--quiet', '-m', message], {
    cwd: dir,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Ada Lovelace',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada Lovelace',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
  return git(dir, 'rev-parse', 'HEAD');
}

/**
 * trunk: c1 (2024-01-01, README 3 lines), c2 (2024-02-01, notes.txt), c3 (2024-03-01, README +1 -1),
 * c4 (2024-04-01, `:wq` and a binary), then a merge m of topic/x (t1: topic.txt) on 2024-05-01.
 */
async function buildSource(): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-commits-src-'));
  git(dir, 'init', '--quiet', '--initial-branch=trunk');
  await writeFile(path.join(dir, 'README.md'), 'a\nb\nc\n');
  const c1 = commitAt(dir, '2024-01-01T10:00:00Z', 'First\n\nWith a body.');
  await writeFile(path.join(dir, 'notes.txt'), 'n\n');
  const c2 = commitAt(dir, '2024-02-01T10:00:00Z', 'Notes');
  await writeFile(path.join(dir, 'README.md'), 'a\nB\nc\n');
  const c3 = commitAt(dir, '2024-03-01T10:00:00Z', 'Change b');
  await writeFile(path.join(dir, ':wq'), 'x\n');
  await writeFile(path.join(dir, 'blob.bin'), Buffer.from([0, 1, 2, 3]));
  const c4 = commitAt(dir, '2024-04-01T10:00:00Z', 'Odd names');
  git(dir, 'checkout', '--quiet', '-b', 'topic/x', c3);
  await writeFile(path.join(dir, 'topic.txt'), '1\n2\n');
  const t1 = commitAt(dir, '2024-04-15T10:00:00Z', 'Topic');
  git(dir, 'checkout', '--quiet', 'trunk');
  execFileSync('git', ['merge', '--quiet', '--no-ff', '--no-edit', 'topic/x'], {
    cwd: dir,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Ada Lovelace',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada Lovelace',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
      GIT_AUTHOR_DATE: '2024-05-01T10:00:00Z',
      GIT_COMMITTER_DATE: '2024-05-01T10:00:00Z',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
  const m = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'tag', 'v1.0', c2);
  return { dir, c1, c2, c3, c4, t1, m };
}

describe('repository commits API', () => {
  let t: TestCore;
  let s: Record<string, string>;
  let privateId: number;
  let publicId: number;
  const oracle = loadSchemaOracle();

  async function importProject(name: string, visibility: string): Promise<number> {
    const res = await t.api<{ id: number }>('POST', '/projects', {
      json: { name, visibility, import_url: s.dir },
    });
    expect(res.status).toBe(201);
    await t.core.idle();
    return res.body.id;
  }

  const commits = (id: number, q = '') => `/projects/${id}/repository/commits${q}`;
  const ids = (list: CommitJson[]) => list.map((c) => c.id);

  beforeAll(async () => {
    t = await startTestCore();
    s = await buildSource();
    privateId = await importProject('History', 'private');
    publicId = await importProject('Public History', 'public');
  });
  afterAll(async () => {
    await t.close();
    await rm(s.dir!, { recursive: true, force: true });
  });

  describe('GET /projects/:id/repository/commits', () => {
    it('lists the default branch newest first, as GitLab commit objects', async () => {
      const res = await t.api<CommitJson[]>('GET', commits(privateId));
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([s.m, s.t1, s.c4, s.c3, s.c2, s.c1]);
      const first = res.body[5]!;
      expect(first).toMatchObject({
        id: s.c1,
        short_id: s.c1!.slice(0, 8),
        title: 'First',
        message: 'First\n\nWith a body.\n',
        parent_ids: [],
        authored_date: '2024-01-01T10:00:00+00:00',
        committed_date: '2024-01-01T10:00:00+00:00',
        web_url: `${t.url}/root/history/-/commit/${s.c1}`,
      });
      expect(res.body[0]!.parent_ids).toEqual([s.c4, s.t1]);
      const validate = oracle.validator(`${V4}/commit/basic.json`);
      for (const c of res.body) expect(validate(c) ? [] : validate.errors).toEqual([]);
    });

    it('paginates without totals: X-Next-Page only when another commit follows', async () => {
      const p1 = await t.api<CommitJson[]>('GET', commits(privateId, '?per_page=2'));
      expect(ids(p1.body)).toEqual([s.m, s.t1]);
      expect(p1.headers.get('x-page')).toBe('1');
      expect(p1.headers.get('x-per-page')).toBe('2');
      expect(p1.headers.get('x-next-page')).toBe('2');
      expect(p1.headers.get('x-prev-page')).toBe('');
      expect(p1.headers.get('x-total')).toBeNull();
      expect(p1.headers.get('x-total-pages')).toBeNull();
      const link = p1.headers.get('link')!;
      expect(link).toContain('rel="next"');
      expect(link).toContain('rel="first"');
      expect(link).not.toContain('rel="last"');

      const p3 = await t.api<CommitJson[]>('GET', commits(privateId, '?per_page=2&page=3'));
      expect(ids(p3.body)).toEqual([s.c2, s.c1]);
      expect(p3.headers.get('x-next-page')).toBe('');
      expect(p3.headers.get('x-prev-page')).toBe('2');
      expect(p3.headers.get('link')).not.toContain('rel="next"');

      const beyond = await t.api<CommitJson[]>('GET', commits(privateId, '?per_page=2&page=9'));
      expect(beyond.body).toEqual([]);
      expect(beyond.headers.get('x-next-page')).toBe('');
    });

    it('filters by ref_name (branch with a slash, tag, SHA), path and dates', async () => {
      expect(ids((await t.api<CommitJson[]>('GET', commits(privateId, '?ref_name=topic/x'))).body)).toEqual([
        s.t1,
        s.c3,
        s.c2,
        s.c1,
      ]);
      expect(ids((await t.api<CommitJson[]>('GET', commits(privateId, '?ref_name=v1.0'))).body)).toEqual([
        s.c2,
        s.c1,
      ]);
      expect(ids((await t.api<CommitJson[]>('GET', commits(privateId, `?ref_name=${s.c3}`))).body)).toEqual([
        s.c3,
        s.c2,
        s.c1,
      ]);
      expect(ids((await t.api<CommitJson[]>('GET', commits(privateId, '?path=README.md'))).body)).toEqual([
        s.c3,
        s.c1,
      ]);
      expect(ids((await t.api<CommitJson[]>('GET', commits(privateId, '?path=%3Awq'))).body)).toEqual([s.c4]);
      const window = await t.api<CommitJson[]>(
        'GET',
        commits(privateId, '?since=2024-01-15T00:00:00Z&until=2024-03-15T00:00:00Z'),
      );
      expect(ids(window.body)).toEqual([s.c3, s.c2]);
    });

    it('lists nothing for an unknown ref or path; 400 for an unparsable date', async () => {
      const ref = await t.api<CommitJson[]>('GET', commits(privateId, '?ref_name=nope'));
      expect(ref.status).toBe(200);
      expect(ref.body).toEqual([]);
      expect((await t.api<CommitJson[]>('GET', commits(privateId, '?path=nope.txt'))).body).toEqual([]);
      expect((await t.api<CommitJson[]>('GET', commits(privateId, '?path=../x'))).body).toEqual([]);
      const bad = await t.api('GET', commits(privateId, '?since=yesterday-ish'));
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'since is invalid' });
    });

    it('lists nothing for an empty project', async () => {
      const p = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Empty History' } });
      const res = await t.api<CommitJson[]>('GET', commits(p.body.id));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });
  });

  describe('GET /projects/:id/repository/commits/:sha', () => {
    it('returns the commit detail with stats, status, last_pipeline and project_id (commit/detail.json)', async () => {
      const res = await t.api<CommitJson>('GET', commits(privateId, `/${s.c3}`));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: s.c3,
        title: 'Change b',
        parent_ids: [s.c2],
        stats: { additions: 1, deletions: 1, total: 2 },
        status: null,
        last_pipeline: null,
        project_id: privateId,
      });
      const validate = oracle.validator(`${V4}/commit/detail.json`);
      expect(validate(res.body) ? [] : validate.errors).toEqual([]);
    });

    it('counts a root commit against the empty tree, a merge against its first parent, binaries as zero', async () => {
      expect((await t.api<CommitJson>('GET', commits(privateId, `/${s.c1}`))).body.stats).toEqual({
        additions: 3,
        deletions: 0,
        total: 3,
      });
      expect((await t.api<CommitJson>('GET', commits(privateId, `/${s.m}`))).body.stats).toEqual({
        additions: 2,
        deletions: 0,
        total: 2,
      });
      expect((await t.api<CommitJson>('GET', commits(privateId, `/${s.c4}`))).body.stats).toEqual({
        additions: 1,
        deletions: 0,
        total: 1,
      });
    });

    it('resolves branch (URL-encoded slash) and tag names, and leaves stats out with stats=false', async () => {
      expect((await t.api<CommitJson>('GET', commits(privateId, '/topic%2Fx'))).body.id).toBe(s.t1);
      expect((await t.api<CommitJson>('GET', commits(privateId, '/v1.0'))).body.id).toBe(s.c2);
      expect((await t.api<CommitJson>('GET', commits(privateId, '/trunk'))).body.id).toBe(s.m);
      const noStats = await t.api<CommitJson>('GET', commits(privateId, `/${s.c2}?stats=false`));
      expect(noStats.body).not.toHaveProperty('stats');
      expect(noStats.body.project_id).toBe(privateId);
    });

    it('answers 404 Commit Not Found for unknown revisions', async () => {
      for (const sha of ['nope', '1'.repeat(40), '-n1']) {
        const res = await t.api('GET', commits(privateId, `/${sha}`));
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '404 Commit Not Found' });
      }
    });
  });

  it('is readable anonymously on public projects only; a Guest of a private project gets 403', async () => {
    expect((await t.api('GET', commits(publicId), { token: null })).status).toBe(200);
    expect((await t.api('GET', commits(publicId, `/${s.c1}`), { token: null })).status).toBe(200);
    const anon = await t.api('GET', commits(privateId), { token: null });
    expect(anon.status).toBe(404);
    expect(anon.body).toEqual({ message: '404 Project Not Found' });
    expect((await t.api('GET', commits(privateId, `/${s.c1}`), { token: null })).status).toBe(404);
    const guest = await createUserWithToken(t);
    await t.api('POST', `/projects/${privateId}/members`, { json: { user_id: guest.id, access_level: 10 } });
    expect((await t.api('GET', commits(privateId), { token: guest.token })).status).toBe(403);
    const reader = await createUserWithToken(t, { scopes: ['read_repository'] });
    await t.api('POST', `/projects/${privateId}/members`, { json: { user_id: reader.id, access_level: 20 } });
    expect((await t.api('GET', commits(privateId, `/${s.c1}`), { token: reader.token })).status).toBe(200);
  });
});
