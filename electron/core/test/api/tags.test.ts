/**
 * Tags API over real HTTP and real git (doc/api/tags.md; spec "Tags"): list order/sort/search and
 * pagination, single, lightweight and annotated creation (405 on failure), deletion, and the deprecated
 * release endpoints (201, 409, 404).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir, projectRepoPath, refs } from '../helpers/disk.js';
import { addProjectMember } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface TagJson {
  name: string;
  message: string | null;
  target: string;
  commit: { id: string; title: string; web_url: string; created_at: string };
  release: { tag_name: string; description: string } | null;
  protected: boolean;
  created_at: string | null;
}

type User = { id: number; username: string; token: string };

/**
 * A source repository with commits dated 2020, 2021 and 2022 on `main`, the lightweight tags `v1.10`
 * (2020 commit) and `v1.2` (2021), and the annotated tag `v1.9` (2022, "Nine").
 */
async function makeDatedSource(): Promise<{ dir: string; commits: string[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-tags-src-'));
  const run = (args: string[], date = '2022-01-01T00:00:00Z') =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'Grace Hopper',
        GIT_AUTHOR_EMAIL: 'grace@example.com',
        GIT_COMMITTER_NAME: 'Grace Hopper',
        GIT_COMMITTER_EMAIL: 'grace@example.com',
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    }).trim();
  run(['init', '--quiet', '--initial-branch=main']);
  const commits: string[] = [];
  for (const year of [2020, 2021, 2022]) {
    await writeFile(path.join(dir, 'year.txt'), `${year}\n`);
    run(['add', 'year.txt']);
    run(['commit', '--quiet', '-m', `Year ${year}`], `${year}-01-01T00:00:00Z`);
    commits.push(run(['rev-parse', 'HEAD']));
  }
  run(['tag', 'v1.10', commits[0]!]);
  run(['tag', 'v1.2', commits[1]!]);
  run(['tag', '-a', 'v1.9', '-m', 'Nine', commits[2]!], '2023-05-01T12:00:00Z');
  return { dir, commits };
}

describe('tags API', () => {
  let t: TestCore;
  let projectId: number;
  let publicId: number;
  let webUrl: string;
  let repo: string;
  let commits: string[];
  let dev: User;
  let reporter: User;
  let guest: User;
  let stranger: User;
  const base = () => `/projects/${projectId}/repository/tags`;

  async function importDated(name: string, visibility: string): Promise<{ id: number; web_url: string }> {
    const src = await makeDatedSource();
    commits = src.commits;
    try {
      const res = await t.api<{ id: number; web_url: string }>('POST', '/projects', {
        json: { name, import_url: src.dir, visibility },
      });
      expect(res.status).toBe(201);
      await t.core.idle();
      return res.body;
    } finally {
      await rm(src.dir, { recursive: true, force: true });
    }
  }

  async function createTag(body: Record<string, unknown>, token?: string) {
    return t.api<TagJson & { message: string }>('POST', base(), { json: body, token });
  }

  beforeAll(async () => {
    t = await startTestCore();
    [dev, reporter, guest, stranger] = await Promise.all([
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
    ]);
    const p = await importDated('Tagged', 'private');
    projectId = p.id;
    webUrl = p.web_url;
    repo = projectRepoPath(t.dataDir, projectId);
    publicId = (await importDated('Open Tags', 'public')).id;
    await addProjectMember(t, projectId, dev.id, 30);
    await addProjectMember(t, projectId, reporter.id, 20);
    await addProjectMember(t, projectId, guest.id, 10);
  });
  afterAll(async () => t.close());

  describe('GET /projects/:id/repository/tags', () => {
    const names = async (query: string) =>
      (await t.api<TagJson[]>('GET', `${base()}${query}`)).body.map((tag) => tag.name);

    it('lists most recently updated first by default, with every GitLab field', async () => {
      const res = await t.api<TagJson[]>('GET', base());
      expect(res.status).toBe(200);
      expect(res.body.map((tag) => tag.name)).toEqual(['v1.9', 'v1.2', 'v1.10']);
      const [nine, two] = res.body;
      const nineObject = gitDir(repo, 'rev-parse', 'refs/tags/v1.9');
      expect(nine).toEqual({
        name: 'v1.9',
        message: 'Nine',
        target: nineObject,
        commit: expect.objectContaining({
          id: commits[2],
          title: 'Year 2022',
          author_name: 'Grace Hopper',
          committed_date: '2022-01-01T00:00:00+00:00',
          web_url: `${webUrl}/-/commit/${commits[2]}`,
        }),
        release: null,
        protected: false,
        created_at: '2023-05-01T12:00:00+00:00',
      });
      expect(nineObject).not.toBe(commits[2]);
      expect(two).toMatchObject({
        name: 'v1.2',
        message: null,
        target: commits[1],
        created_at: null,
        release: null,
      });
    });

    it('orders by updated or version-aware name, ascending or descending', async () => {
      expect(await names('?order_by=updated&sort=asc')).toEqual(['v1.10', 'v1.2', 'v1.9']);
      expect(await names('?order_by=name&sort=asc')).toEqual(['v1.2', 'v1.9', 'v1.10']);
      expect(await names('?order_by=name')).toEqual(['v1.10', 'v1.9', 'v1.2']);
    });

    it('refuses unknown order_by and sort values in Grape words', async () => {
      const bad = await t.api('GET', `${base()}?order_by=size`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'order_by does not have a valid value' });
      expect((await t.api('GET', `${base()}?sort=up`)).body).toEqual({
        error: 'sort does not have a valid value',
      });
    });

    it('searches with ^prefix, suffix$ and substring', async () => {
      expect(await names('?search=1.1')).toEqual(['v1.10']);
      expect(await names('?search=%5EV1.')).toEqual(['v1.9', 'v1.2', 'v1.10']);
      expect(await names('?search=9%24')).toEqual(['v1.9']);
      expect(await names('?search=%5E1')).toEqual([]);
    });

    it('paginates with GitLab headers', async () => {
      const res = await t.api<TagJson[]>('GET', `${base()}?per_page=2&page=1&order_by=name&sort=asc`);
      expect(res.body.map((tag) => tag.name)).toEqual(['v1.2', 'v1.9']);
      expect(res.headers.get('x-total')).toBe('3');
      expect(res.headers.get('x-next-page')).toBe('2');
    });

    it('is readable anonymously on a public project; private ones are 404 to strangers, 403 to Guests', async () => {
      const open = await t.api<TagJson[]>('GET', `/projects/${publicId}/repository/tags`, { token: null });
      expect(open.status).toBe(200);
      expect(open.body).toHaveLength(3);
      expect((await t.api('GET', `/projects/${publicId}/repository/tags/v1.9`, { token: null })).status).toBe(
        200,
      );
      expect((await t.api('GET', base(), { token: null })).status).toBe(404);
      expect((await t.api('GET', base(), { token: stranger.token })).status).toBe(404);
      expect((await t.api('GET', base(), { token: guest.token })).status).toBe(403);
      expect((await t.api('GET', base(), { token: reporter.token })).status).toBe(200);
    });
  });

  describe('GET /projects/:id/repository/tags/:tag_name', () => {
    it('returns one tag; 404 Tag Not Found otherwise', async () => {
      const res = await t.api<TagJson>('GET', `${base()}/v1.2`);
      expect(res.body).toMatchObject({ name: 'v1.2', target: commits[1] });
      const missing = await t.api('GET', `${base()}/v9`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Tag Not Found' });
    });
  });

  describe('POST /projects/:id/repository/tags', () => {
    it('creates a lightweight tag from a branch (201)', async () => {
      const res = await createTag({ tag_name: 'light', ref: 'main' }, dev.token);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'light',
        message: null,
        target: commits[2],
        release: null,
        protected: false,
        created_at: null,
      });
      expect(refs(repo)).toContain(`refs/tags/light ${commits[2]}`);
    });

    it('creates an annotated tag signed by the caller when a message is given, slashes in the name included', async () => {
      const res = await createTag({
        tag_name: 'release/2.0',
        ref: commits[0],
        message: '  Second release\n\nNotes  ',
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Second release\n\nNotes');
      expect(res.body.commit.id).toBe(commits[0]);
      expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const object = gitDir(repo, 'rev-parse', 'refs/tags/release/2.0');
      expect(res.body.target).toBe(object);
      expect(gitDir(repo, 'cat-file', '-t', object)).toBe('tag');
      expect(
        gitDir(repo, 'for-each-ref', '--format=%(taggername) %(taggeremail)', 'refs/tags/release/2.0'),
      ).toBe('Administrator <admin@example.com>');
      const single = await t.api<TagJson>('GET', `${base()}/release%2F2.0`);
      expect(single.body).toEqual(res.body);
    });

    it('creates a tag from another tag name, pointing at its commit', async () => {
      const res = await createTag({ tag_name: 'nine-again', ref: 'v1.9' });
      expect(res.status).toBe(201);
      expect(res.body.target).toBe(commits[2]);
    });

    it('stores release notes given as release_description', async () => {
      const res = await createTag({ tag_name: 'with-notes', ref: 'main', release_description: '## Notes' });
      expect(res.status).toBe(201);
      expect(res.body.release).toEqual({ tag_name: 'with-notes', description: '## Notes' });
    });

    it.each([
      ['an existing tag', { tag_name: 'v1.2', ref: 'main' }, 'Tag v1.2 already exists'],
      ['an unknown target', { tag_name: 'fresh', ref: 'nope' }, 'Target nope is invalid'],
      ['an invalid name', { tag_name: 'bad name', ref: 'main' }, 'Tag name invalid'],
      ['a name with ..', { tag_name: 'a..b', ref: 'main' }, 'Tag name invalid'],
    ])('refuses %s with 405 and a message', async (_label, body, message) => {
      const before = refs(repo);
      const res = await createTag(body);
      expect(res.status).toBe(405);
      expect(res.body).toEqual({ message });
      expect(refs(repo)).toEqual(before);
    });

    it('checks parameters and permissions', async () => {
      const missing = await t.api('POST', base(), { json: { ref: 'main' } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'tag_name is missing' });
      expect((await createTag({ tag_name: 'r1', ref: 'main' }, reporter.token)).status).toBe(403);
      expect((await createTag({ tag_name: 'r1', ref: 'main' }, stranger.token)).status).toBe(404);
      expect(
        (await t.api('POST', base(), { token: null, json: { tag_name: 'r1', ref: 'main' } })).status,
      ).toBe(401);
    });
  });

  describe('DELETE /projects/:id/repository/tags/:tag_name', () => {
    it('deletes a tag (204) with its release notes', async () => {
      expect((await createTag({ tag_name: 'tmp/1', ref: 'main', release_description: 'x' })).status).toBe(
        201,
      );
      const res = await t.api('DELETE', `${base()}/tmp%2F1`, { token: dev.token });
      expect(res.status).toBe(204);
      expect(gitDir(repo, 'for-each-ref', 'refs/tags/tmp/1')).toBe('');
      const again = await createTag({ tag_name: 'tmp/1', ref: 'main' });
      expect(again.body.release).toBeNull();
      await t.api('DELETE', `${base()}/tmp%2F1`);
    });

    it('answers 404 for an unknown tag and 403 below Developer', async () => {
      const res = await t.api('DELETE', `${base()}/ghost`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Tag Not Found' });
      expect((await t.api('DELETE', `${base()}/v1.2`, { token: reporter.token })).status).toBe(403);
    });
  });

  describe('tag release notes (deprecated endpoints)', () => {
    it('creates (201), refuses a second (409) and updates (200) release notes', async () => {
      const created = await t.api('POST', `${base()}/v1.10/release`, {
        token: dev.token,
        json: { description: 'Ten' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ tag_name: 'v1.10', description: 'Ten' });
      const dup = await t.api('POST', `${base()}/v1.10/release`, { json: { description: 'Again' } });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({ message: 'Release already exists' });
      const updated = await t.api('PUT', `${base()}/v1.10/release`, { json: { description: 'Ten, better' } });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ tag_name: 'v1.10', description: 'Ten, better' });
      const tag = await t.api<TagJson>('GET', `${base()}/v1.10`);
      expect(tag.body.release).toEqual({ tag_name: 'v1.10', description: 'Ten, better' });
    });

    it('accepts form-encoded descriptions and URL-encoded tag names', async () => {
      expect((await createTag({ tag_name: 'rel/x', ref: 'main' })).status).toBe(201);
      const res = await t.api('POST', `${base()}/rel%2Fx/release`, { form: { description: 'Slash' } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ tag_name: 'rel/x', description: 'Slash' });
    });

    it('answers 404 without the tag or the release', async () => {
      const noTag = await t.api('POST', `${base()}/v404/release`, { json: { description: 'x' } });
      expect(noTag.status).toBe(404);
      expect(noTag.body).toEqual({ message: '404 Tag Not Found' });
      const putNoTag = await t.api('PUT', `${base()}/v404/release`, { json: { description: 'x' } });
      expect(putNoTag.status).toBe(404);
      expect(putNoTag.body).toEqual({ message: 'Tag does not exist' });
      const noRelease = await t.api('PUT', `${base()}/v1.2/release`, { json: { description: 'x' } });
      expect(noRelease.status).toBe(404);
      expect(noRelease.body).toEqual({ message: 'Release does not exist' });
    });

    it('requires a description and Developer access', async () => {
      const missing = await t.api('POST', `${base()}/v1.2/release`, { json: {} });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'description is missing' });
      const forbidden = await t.api('POST', `${base()}/v1.2/release`, {
        token: reporter.token,
        json: { description: 'x' },
      });
      expect(forbidden.status).toBe(403);
    });
  });
});
