/**
 * `GET …/repository/commits/:sha/refs`, `GET …/repository/commits/:sha/diff` and the `author` filter of
 * `GET …/repository/commits` over real HTTP and real git (doc/api/commits.md; lib/api/commits.rb):
 * branches then tags containing a commit, the `type` filter, pagination with totals, diffs of a normal,
 * a root and a merge commit, 404 `404 Commit Not Found`, and GitLab's `download_code` rule.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../helpers/git-fixtures.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface RefJson {
  type: string;
  name: string;
}
interface DiffJson {
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  diff: string;
}

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };
const GRACE = { name: 'Grace Hopper', email: 'grace@navy.example' };

/** Run git in `dir` as `who` (author and committer) at `date`; returns HEAD. */
function gitAs(dir: string, who: { name: string; email: string }, date: string, ...args: string[]): string {
  execFileSync('git', args, {
    cwd: dir,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: who.name,
      GIT_AUTHOR_EMAIL: who.email,
      GIT_COMMITTER_NAME: who.name,
      GIT_COMMITTER_EMAIL: who.email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
  return git(dir, 'rev-parse', 'HEAD');
}

function commitAs(dir: string, who: { name: string; email: string }, date: string, message: string) {
  git(dir, 'add', '-A');
  return gitAs(dir, who, date, 'commit', '--quiet', '-m', message);
}

/**
 * trunk: c1 (root, Ada: README.md, executable run.sh) → c2 (Grace: README b→B, run.sh moved to
 * tools/run.sh, new.txt) → c3 (Grace: new.txt deleted) → m (Ada: merge of topic, first parent c3).
 * topic: c2 → t1 (Ada: topic.txt). Branch `old` at c1; lightweight tag v0 at c1, annotated v1 at c2.
 */
async function buildSource(): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-commit-refs-src-'));
  git(dir, 'init', '--quiet', '--initial-branch=trunk');
  await writeFile(path.join(dir, 'README.md'), 'a\nb\nc\n');
  await writeFile(path.join(dir, 'run.sh'), '#!/bin/sh\necho run\n');
  await chmod(path.join(dir, 'run.sh'), 0o755);
  const c1 = commitAs(dir, ADA, '2024-01-01T10:00:00Z', 'Root');
  await writeFile(path.join(dir, 'README.md'), 'a\nB\nc\n');
  await mkdir(path.join(dir, 'tools'));
  git(dir, 'mv', 'run.sh', 'tools/run.sh');
  await writeFile(path.join(dir, 'new.txt'), 'new\n');
  const c2 = commitAs(dir, GRACE, '2024-02-01T10:00:00Z', 'Second');
  git(dir, 'checkout', '--quiet', '-b', 'topic');
  await writeFile(path.join(dir, 'topic.txt'), '1\n2\n');
  const t1 = commitAs(dir, ADA, '2024-02-15T10:00:00Z', 'Topic');
  git(dir, 'checkout', '--quiet', 'trunk');
  await rm(path.join(dir, 'new.txt'));
  const c3 = commitAs(dir, GRACE, '2024-03-01T10:00:00Z', 'Third');
  const m = gitAs(dir, ADA, '2024-04-01T10:00:00Z', 'merge', '--quiet', '--no-ff', '--no-edit', 'topic');
  git(dir, 'branch', 'old', c1);
  git(dir, 'tag', 'v0', c1);
  gitAs(dir, ADA, '2024-04-02T10:00:00Z', 'tag', '-a', '-m', 'one', 'v1', c2);
  return { dir, c1, c2, c3, t1, m };
}

describe('commit refs, commit diff and the author filter', () => {
  let t: TestCore;
  let s: Record<string, string>;
  let privateId: number;
  let publicId: number;

  async function importProject(name: string, visibility: string): Promise<number> {
    const res = await t.api<{ id: number }>('POST', '/projects', {
      json: { name, visibility, import_url: s.dir },
    });
    expect(res.status).toBe(201);
    await t.core.idle();
    return res.body.id;
  }

  const commits = (id: number, rest = '') => `/projects/${id}/repository/commits${rest}`;

  beforeAll(async () => {
    t = await startTestCore();
    s = await buildSource();
    privateId = await importProject('Refs', 'private');
    publicId = await importProject('Public Refs', 'public');
  });
  afterAll(async () => {
    await t.close();
    await rm(s.dir!, { recursive: true, force: true });
  });

  describe('GET …/repository/commits/:sha/refs', () => {
    it('lists the branches, then the tags, containing the commit', async () => {
      const res = await t.api<RefJson[]>('GET', commits(privateId, `/${s.c2}/refs`));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { type: 'branch', name: 'topic' },
        { type: 'branch', name: 'trunk' },
        { type: 'tag', name: 'v1' },
      ]);
      expect(res.headers.get('x-total')).toBe('3');
      // A branch or tag name works as :sha too; a commit only on topic is on one branch, no tag.
      expect((await t.api<RefJson[]>('GET', commits(privateId, '/topic/refs'))).body).toEqual([
        { type: 'branch', name: 'topic' },
        { type: 'branch', name: 'trunk' },
      ]);
      expect((await t.api<RefJson[]>('GET', commits(privateId, `/${s.t1}/refs`))).body).toEqual([
        { type: 'branch', name: 'topic' },
        { type: 'branch', name: 'trunk' },
      ]);
    });

    it('filters by type (branch | tag | all) and refuses other values with 400', async () => {
      const branch = await t.api<RefJson[]>('GET', commits(privateId, `/${s.c1}/refs?type=branch`));
      expect(branch.body).toEqual([
        { type: 'branch', name: 'old' },
        { type: 'branch', name: 'topic' },
        { type: 'branch', name: 'trunk' },
      ]);
      const tag = await t.api<RefJson[]>('GET', commits(privateId, `/${s.c1}/refs?type=tag`));
      expect(tag.body).toEqual([
        { type: 'tag', name: 'v0' },
        { type: 'tag', name: 'v1' },
      ]);
      const all = await t.api<RefJson[]>('GET', commits(privateId, `/${s.c1}/refs?type=all`));
      expect(all.body).toEqual([...branch.body, ...tag.body]);
      const bad = await t.api('GET', commits(privateId, `/${s.c1}/refs?type=heads`));
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'type does not have a valid value' });
    });

    it('paginates with totals', async () => {
      const p1 = await t.api<RefJson[]>('GET', commits(privateId, `/${s.c1}/refs?per_page=2`));
      expect(p1.body).toEqual([
        { type: 'branch', name: 'old' },
        { type: 'branch', name: 'topic' },
      ]);
      expect(p1.headers.get('x-total')).toBe('5');
      expect(p1.headers.get('x-total-pages')).toBe('3');
      expect(p1.headers.get('x-next-page')).toBe('2');
      expect(p1.headers.get('link')).toContain('rel="last"');
      const p3 = await t.api<RefJson[]>('GET', commits(privateId, `/${s.c1}/refs?per_page=2&page=3`));
      expect(p3.body).toEqual([{ type: 'tag', name: 'v1' }]);
      expect(p3.headers.get('x-next-page')).toBe('');
      expect(p3.headers.get('x-prev-page')).toBe('2');
    });

    it('sees a branch created after an earlier answer', async () => {
      const before = await t.api<RefJson[]>('GET', commits(publicId, `/${s.t1}/refs?type=branch`));
      expect(before.body.map((r) => r.name)).toEqual(['topic', 'trunk']);
      const created = await t.api('POST', `/projects/${publicId}/repository/branches`, {
        json: { branch: 'later', ref: s.t1 },
      });
      expect(created.status).toBe(201);
      const after = await t.api<RefJson[]>('GET', commits(publicId, `/${s.t1}/refs?type=branch`));
      expect(after.body.map((r) => r.name)).toEqual(['later', 'topic', 'trunk']);
    });

    it('answers 404 Commit Not Found for an unknown sha', async () => {
      for (const sha of ['0'.repeat(40), 'no-such-branch', 'deadbeef']) {
        const res = await t.api('GET', commits(privateId, `/${sha}/refs`));
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '404 Commit Not Found' });
      }
    });
  });

  describe('GET …/repository/commits/:sha/diff', () => {
    it("diffs a commit against its parent: change, rename with modes, new file, in GitLab's shape", async () => {
      const res = await t.api<DiffJson[]>('GET', commits(privateId, `/${s.c2}/diff`));
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total')).toBe('3');
      const byPath = Object.fromEntries(res.body.map((d) => [d.new_path, d]));
      expect(Object.keys(byPath).sort()).toEqual(['README.md', 'new.txt', 'tools/run.sh']);
      expect(byPath['README.md']).toEqual({
        old_path: 'README.md',
        new_path: 'README.md',
        a_mode: '100644',
        b_mode: '100644',
        new_file: false,
        renamed_file: false,
        deleted_file: false,
        diff: '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n',
      });
      expect(byPath['tools/run.sh']).toMatchObject({
        old_path: 'run.sh',
        a_mode: '100755',
        b_mode: '100755',
        renamed_file: true,
        new_file: false,
        deleted_file: false,
      });
      expect(byPath['new.txt']).toMatchObject({
        old_path: 'new.txt',
        a_mode: '0',
        b_mode: '100644',
        new_file: true,
        diff: '@@ -0,0 +1 @@\n+new\n',
      });
      expect(Object.keys(res.body[0]!)).toEqual([
        'old_path',
        'new_path',
        'a_mode',
        'b_mode',
        'new_file',
        'renamed_file',
        'deleted_file',
        'diff',
      ]);
    });

    it('diffs a root commit against the empty tree and a deletion with b_mode 0', async () => {
      const root = await t.api<DiffJson[]>('GET', commits(privateId, `/${s.c1}/diff`));
      expect(root.status).toBe(200);
      expect(root.body.map((d) => [d.new_path, d.new_file, d.a_mode, d.b_mode])).toEqual([
        ['README.md', true, '0', '100644'],
        ['run.sh', true, '0', '100755'],
      ]);
      expect(root.body[0]!.diff).toBe('@@ -0,0 +1,3 @@\n+a\n+b\n+c\n');
      const del = await t.api<DiffJson[]>('GET', commits(privateId, `/${s.c3}/diff`));
      expect(del.body).toEqual([
        expect.objectContaining({ new_path: 'new.txt', deleted_file: true, a_mode: '100644', b_mode: '0' }),
      ]);
    });

    it('diffs a merge commit against its first parent', async () => {
      const res = await t.api<DiffJson[]>('GET', commits(privateId, '/trunk/diff'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        expect.objectContaining({ new_path: 'topic.txt', new_file: true, diff: '@@ -0,0 +1,2 @@\n+1\n+2\n' }),
      ]);
    });

    it('paginates with totals', async () => {
      const all = (await t.api<DiffJson[]>('GET', commits(privateId, `/${s.c2}/diff`))).body;
      const p1 = await t.api<DiffJson[]>('GET', commits(privateId, `/${s.c2}/diff?per_page=2`));
      expect(p1.body).toEqual(all.slice(0, 2));
      expect(p1.headers.get('x-total')).toBe('3');
      expect(p1.headers.get('x-total-pages')).toBe('2');
      expect(p1.headers.get('x-next-page')).toBe('2');
      const p2 = await t.api<DiffJson[]>('GET', commits(privateId, `/${s.c2}/diff?per_page=2&page=2`));
      expect(p2.body).toEqual(all.slice(2));
      expect(p2.headers.get('x-next-page')).toBe('');
    });

    it('answers 404 Commit Not Found for an unknown sha', async () => {
      const res = await t.api('GET', commits(privateId, `/${'f'.repeat(40)}/diff`));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Commit Not Found' });
    });
  });

  describe('GET …/repository/commits?author=', () => {
    const ids = (list: { id: string }[]) => list.map((c) => c.id);

    it('lists only commits whose author name or email matches', async () => {
      const byName = await t.api<{ id: string }[]>('GET', commits(privateId, '?author=Grace'));
      expect(byName.status).toBe(200);
      expect(ids(byName.body)).toEqual([s.c3, s.c2]);
      expect(
        ids((await t.api<{ id: string }[]>('GET', commits(privateId, '?author=grace@navy'))).body),
      ).toEqual([s.c3, s.c2]);
      expect(ids((await t.api<{ id: string }[]>('GET', commits(privateId, '?author=Ada'))).body)).toEqual([
        s.m,
        s.t1,
        s.c1,
      ]);
      const onTopic = await t.api<{ id: string }[]>(
        'GET',
        commits(privateId, '?ref_name=topic&author=Grace'),
      );
      expect(ids(onTopic.body)).toEqual([s.c2]);
      const nobody = await t.api<{ id: string }[]>('GET', commits(privateId, '?author=Nobody'));
      expect(nobody.status).toBe(200);
      expect(nobody.body).toEqual([]);
      // An empty author filters nothing, as GitLab's `.presence` would.
      expect((await t.api<{ id: string }[]>('GET', commits(privateId, '?author='))).body).toHaveLength(5);
    });

    it('paginates the filtered history (one page at a time, cached pages keyed by the author too)', async () => {
      const p1 = await t.api<{ id: string }[]>('GET', commits(privateId, '?author=Grace&per_page=1'));
      expect(ids(p1.body)).toEqual([s.c3]);
      expect(p1.headers.get('x-next-page')).toBe('2');
      const p2 = await t.api<{ id: string }[]>('GET', commits(privateId, '?author=Grace&per_page=1&page=2'));
      expect(ids(p2.body)).toEqual([s.c2]);
      expect(p2.headers.get('x-next-page')).toBe('');
      // Same ref, page and size with another author: another answer, not the cached page.
      const other = await t.api<{ id: string }[]>(
        'GET',
        commits(privateId, `?ref_name=${s.m}&author=Ada&per_page=1`),
      );
      const grace = await t.api<{ id: string }[]>(
        'GET',
        commits(privateId, `?ref_name=${s.m}&author=Grace&per_page=1`),
      );
      expect(ids(other.body)).toEqual([s.m]);
      expect(ids(grace.body)).toEqual([s.c3]);
    });

    it('refuses an author git cannot compile as a regular expression with 400', async () => {
      for (const author of ['[', '[a-', '\\(', 'a\\{2']) {
        const res = await t.api('GET', commits(privateId, `?author=${encodeURIComponent(author)}`));
        expect([author, res.status, res.body]).toEqual([author, 400, { error: 'author is invalid' }]);
      }
    });
  });

  it('answers hostile input below 500 (option-like, NUL, range and huge values)', async () => {
    const paths = [
      '/--all/refs',
      '/%2D%2Dall/diff',
      `/${s.c1}..${s.m}/diff`,
      '/%00/refs',
      `/${s.c1}/refs?type[]=tag`,
      `/${s.c1}/refs?type=%00`,
      '?author=%00',
      '?author=--all',
      '?author=-n1',
      `?author=${'a'.repeat(20_000)}`,
      '?author=%5Ba-',
      '?author[]=x',
    ];
    for (const rest of paths) {
      const res = await t.api('GET', commits(privateId, rest));
      expect([rest, res.status < 500]).toEqual([rest, true]);
    }
    const dashed = await t.api<{ id: string }[]>('GET', commits(privateId, '?author=-n1'));
    expect(dashed.status).toBe(200);
    expect(dashed.body).toEqual([]);
  });

  describe('permissions (GitLab download_code)', () => {
    it('404 for a stranger of a private project, 403 for a Guest, 200 for a Reporter and anyone on a public one', async () => {
      const stranger = await createUserWithToken(t);
      const guest = await createUserWithToken(t);
      const reporter = await createUserWithToken(t, { scopes: ['read_api'] });
      for (const [user, level] of [
        [guest, 10],
        [reporter, 20],
      ] as const) {
        const res = await t.api('POST', `/projects/${privateId}/members`, {
          json: { user_id: user.id, access_level: level },
        });
        expect(res.status).toBe(201);
      }
      for (const rest of [`/${s.c2}/refs`, `/${s.c2}/diff`, '?author=Grace']) {
        const asStranger = await t.api('GET', commits(privateId, rest), { token: stranger.token });
        expect(asStranger.status).toBe(404);
        expect(asStranger.body).toEqual({ message: '404 Project Not Found' });
        expect((await t.api('GET', commits(privateId, rest), { token: null })).status).toBe(404);
        expect((await t.api('GET', commits(privateId, rest), { token: guest.token })).status).toBe(403);
        expect((await t.api('GET', commits(privateId, rest), { token: reporter.token })).status).toBe(200);
        expect((await t.api('GET', commits(publicId, rest), { token: null })).status).toBe(200);
        expect((await t.api('GET', commits(publicId, rest), { token: stranger.token })).status).toBe(200);
      }
    });
  });
});
