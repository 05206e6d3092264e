/**
 * Releases API over real HTTP and real git (doc/api/releases/index.md; lib/api/releases.rb,
 * lib/api/entities/release.rb, app/services/releases/{create,update,destroy}_service.rb; the cases
 * follow spec/requests/api/releases_spec.rb): create (existing tag, tag from `ref`, 409, 422, 400 for
 * a bad tag name and unknown milestones), list (order_by/sort, pagination headers, Guest view without
 * code fields), single (403 Guest, 404), update (params is empty, milestones replaced/removed), delete
 * (200, the tag stays), permalink/latest, permissions (Reporter 403, non-member 404 private / 403
 * public, anonymous reads of public projects), and the one store shared with the tag `release` field
 * and the deprecated `tags/:tag/release` endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDir } from '../helpers/disk.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface ReleaseJson {
  name: string;
  tag_name?: string;
  description: string | null;
  created_at: string;
  released_at: string;
  author?: { id: number; username: string };
  commit?: { id: string; title: string } | null;
  upcoming_release: boolean;
  milestones?: { id: number; title: string; issue_stats: { total: number; closed: number } }[];
  commit_path?: string;
  tag_path?: string;
  assets: { count: number; sources?: { format: string; url: string }[]; links: unknown[] };
  evidences?: unknown[];
  _links: { self: string; edit_url?: string };
}

type User = { id: number; username: string; token: string };

describe('releases API', () => {
  let t: TestCore;
  let p: ImportedProject;
  let pub: ImportedProject;
  let dev: User;
  let reporter: User;
  let guest: User;
  let stranger: User;
  const base = () => `/projects/${p.id}/releases`;

  beforeAll(async () => {
    t = await startTestCore();
    [dev, reporter, guest, stranger] = await Promise.all([
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
    ]);
    p = await importFixtureProject(t, 'Released', { visibility: 'private' });
    pub = await importFixtureProject(t, 'Open Releases', { visibility: 'public' });
    await addProjectMember(t, p.id, dev.id, 30);
    await addProjectMember(t, p.id, reporter.id, 20);
    await addProjectMember(t, p.id, guest.id, 10);
  });
  afterAll(async () => t.close());

  describe('POST /projects/:id/releases', () => {
    it('creates a release of an existing tag with every GitLab field (201)', async () => {
      const res = await t.api<ReleaseJson>('POST', base(), {
        token: dev.token,
        json: {
          tag_name: 'v1.0',
          name: 'First',
          description: '## Notes',
          released_at: '2019-03-25 10:00:00',
        },
      });
      expect(res.status).toBe(201);
      const tagCommit = gitDir(p.repo, 'rev-parse', 'v1.0^{commit}');
      expect(res.body).toEqual({
        name: 'First',
        tag_name: 'v1.0',
        description: '## Notes',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        // No zone means UTC (releases_spec "assumes the utc timezone for released_at").
        released_at: '2019-03-25T10:00:00.000Z',
        author: expect.objectContaining({ id: dev.id, username: dev.username }),
        commit: expect.objectContaining({ id: tagCommit, title: 'Revision 3' }),
        upcoming_release: false,
        commit_path: `/${p.pathWithNamespace}/-/commit/${tagCommit}`,
        tag_path: `/${p.pathWithNamespace}/-/tags/v1.0`,
        assets: {
          count: 4,
          sources: ['zip', 'tar.gz', 'tar.bz2', 'tar'].map((format) => ({
            format,
            url: `${p.webUrl}/-/archive/v1.0/${p.pathWithNamespace.split('/')[1]}-v1.0.${format}`,
          })),
          links: [],
        },
        evidences: [],
        _links: { self: `${p.webUrl}/-/releases/v1.0`, edit_url: `${p.webUrl}/-/releases/v1.0/edit` },
      });
      expect(Object.keys(res.body)).toEqual([
        'name',
        'tag_name',
        'description',
        'created_at',
        'released_at',
        'author',
        'commit',
        'upcoming_release',
        'commit_path',
        'tag_path',
        'assets',
        'evidences',
        '_links',
      ]);
    });

    it('refuses a second release of the same tag: 409 Release already exists', async () => {
      const res = await t.api('POST', base(), { token: dev.token, json: { tag_name: 'v1.0' } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Release already exists' });
    });

    it('creates the tag from ref (annotated with tag_message), named after the tag, description null', async () => {
      const res = await t.api<ReleaseJson>('POST', base(), {
        token: dev.token,
        form: { tag_name: 'v2.0', ref: 'feature', tag_message: 'Two' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'v2.0', tag_name: 'v2.0', description: null });
      expect(res.body.commit?.id).toBe(p.featureHead);
      expect(gitDir(p.repo, 'rev-parse', 'v2.0^{commit}')).toBe(p.featureHead);
      expect(gitDir(p.repo, 'cat-file', '-t', 'refs/tags/v2.0')).toBe('tag');
    });

    it('answers 422 Ref is not specified without the tag or a ref, 400 for a refused tag name', async () => {
      const noRef = await t.api('POST', base(), { token: dev.token, json: { tag_name: 'v9.9' } });
      expect(noRef.status).toBe(422);
      expect(noRef.body).toEqual({ message: 'Ref is not specified' });
      const head = await t.api('POST', base(), {
        token: dev.token,
        json: { tag_name: 'HEAD', ref: 'trunk' },
      });
      expect(head.status).toBe(400);
      expect(head.body).toEqual({ message: 'Tag name invalid' });
      const badRef = await t.api('POST', base(), {
        token: dev.token,
        json: { tag_name: 'v9.8', ref: 'nope' },
      });
      expect(badRef.status).toBe(400);
      expect(badRef.body).toEqual({ message: 'Target nope is invalid' });
      expect(gitDir(p.repo, 'tag', '--list', 'v9.*')).toBe('');
    });

    it('associates milestones by title or id; unknown ones are 400 and change nothing', async () => {
      const m1 = await t.api<{ id: number }>('POST', `/projects/${p.id}/milestones`, {
        json: { title: 'M1' },
      });
      const m2 = await t.api<{ id: number }>('POST', `/projects/${p.id}/milestones`, {
        json: { title: 'M2' },
      });
      const other = await t.api<{ id: number }>('POST', `/projects/${pub.id}/milestones`, {
        json: { title: 'Elsewhere' },
      });
      const unknown = await t.api('POST', base(), {
        token: dev.token,
        json: { tag_name: 'm-1', ref: 'trunk', milestones: ['M1', 'xyz'] },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ message: 'Milestone(s) not found: xyz' });
      const foreign = await t.api('POST', base(), {
        token: dev.token,
        json: { tag_name: 'm-1', ref: 'trunk', milestone_ids: [other.body.id] },
      });
      expect(foreign.body).toEqual({ message: `Milestone id(s) not found: ${other.body.id}` });
      expect(gitDir(p.repo, 'tag', '--list', 'm-1')).toBe('');

      const res = await t.api<ReleaseJson>('POST', base(), {
        token: dev.token,
        json: { tag_name: 'm-1', ref: 'trunk', milestones: ['M1', 'M2'] },
      });
      expect(res.status).toBe(201);
      expect(res.body.milestones?.map((m) => m.title).sort()).toEqual(['M1', 'M2']);
      expect(res.body.milestones?.[0]).toMatchObject({ issue_stats: { total: 0, closed: 0 } });

      const replaced = await t.api<ReleaseJson>('PUT', `${base()}/m-1`, {
        token: dev.token,
        json: { milestone_ids: [m2.body.id] },
      });
      expect(replaced.body.milestones?.map((m) => m.id)).toEqual([m2.body.id]);
      const kept = await t.api<ReleaseJson>('PUT', `${base()}/m-1`, {
        token: dev.token,
        json: { name: 'x' },
      });
      expect(kept.body.milestones?.map((m) => m.title)).toEqual(['M2']);
      const removed = await t.api<ReleaseJson>('PUT', `${base()}/m-1`, {
        token: dev.token,
        json: { milestones: [] },
      });
      expect(removed.status).toBe(200);
      expect(removed.body).not.toHaveProperty('milestones');
      expect(m1.status).toBe(201);
    });

    it('is refused to Reporters (403), to non-members of a private project (404) and of a public one (403)', async () => {
      const asReporter = await t.api('POST', base(), {
        token: reporter.token,
        json: { tag_name: 'r', ref: 'trunk' },
      });
      expect(asReporter.status).toBe(403);
      expect(asReporter.body).toEqual({ message: '403 Forbidden' });
      const asStranger = await t.api('POST', base(), {
        token: stranger.token,
        json: { tag_name: 'r', ref: 'trunk' },
      });
      expect(asStranger.status).toBe(404);
      expect(asStranger.body).toEqual({ message: '404 Project Not Found' });
      const onPublic = await t.api('POST', `/projects/${pub.id}/releases`, {
        token: stranger.token,
        json: { tag_name: 'v1.0' },
      });
      expect(onPublic.status).toBe(403);
      expect(gitDir(p.repo, 'tag', '--list', 'r')).toBe('');
    });

    it('answers 400 in Grape words for a missing tag_name or an unreadable released_at', async () => {
      const missing = await t.api('POST', base(), { token: dev.token, json: { name: 'x' } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'tag_name is missing' });
      const badDate = await t.api('POST', base(), {
        token: dev.token,
        json: { tag_name: 'v1.0', released_at: 'someday' },
      });
      expect(badDate.body).toEqual({ error: 'released_at is invalid' });
    });
    it('answers hostile parameter shapes with a 4xx, never a 5xx', async () => {
      const bodies: Record<string, unknown>[] = [
        { tag_name: { a: 1 } },
        { tag_name: ['x'] },
        { tag_name: 'v1.0', milestone_ids: ['abc'] },
        { tag_name: 'v1.0', milestones: 'M1', milestone_ids: '1' },
        { tag_name: 'v1.0', released_at: 1e30 },
        { tag_name: 'v1.0', assets: 'x' },
        { tag_name: 'fz', ref: 'trunk', assets: { links: [{ name: 'a', url: 'https://example.com/a' }] } },
        { tag_name: '--upload-pack=x', ref: '--version' },
        { tag_name: 'a\nb', ref: 'trunk' },
      ];
      for (const json of bodies) {
        const res = await t.api('POST', base(), { token: dev.token, json });
        expect(res.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
        expect(res.status, JSON.stringify(json)).toBeLessThan(500);
        const put = await t.api('PUT', `${base()}/v1.0`, { token: dev.token, json });
        expect(put.status, JSON.stringify(json)).toBeLessThan(500);
      }
    });
  });

  describe('GET /projects/:id/releases', () => {
    beforeAll(async () => {
      // Released out of creation order: u-old was released first but created last.
      await t.api('POST', base(), {
        token: dev.token,
        json: { tag_name: 'u-new', ref: 'trunk', released_at: '2021-01-01T00:00:00Z' },
      });
      await t.api('POST', base(), {
        token: dev.token,
        json: { tag_name: 'u-old', ref: 'trunk', released_at: '2020-01-01T00:00:00+02:00' },
      });
    });

    const tags = async (query: string, token?: string) =>
      (await t.api<ReleaseJson[]>('GET', `${base()}${query}`, { token })).body.map((r) => r.name);

    it('orders by released_at (default) or created_at, desc (default) or asc', async () => {
      const byReleased = await tags('?per_page=100');
      // First: 2019-03-25; u-old: 2020-01-01+02:00 = 2019-12-31T22:00Z; u-new: 2021; the rest: now.
      expect(byReleased.slice(-3)).toEqual(['u-new', 'u-old', 'First']);
      const old = (await t.api<ReleaseJson>('GET', `${base()}/u-old`)).body;
      expect(old.released_at).toBe('2019-12-31T22:00:00.000Z');
      const byCreated = await tags('?order_by=created_at&sort=asc&per_page=100');
      expect(byCreated.slice(0, 1)).toEqual(['First']);
      expect(byCreated.at(-1)).toBe('u-old');
      const ascending = await tags('?sort=asc&per_page=100');
      expect(ascending).toEqual([...byReleased].reverse());
    });

    it('filters by updated_before and updated_after', async () => {
      const all = (await t.api<ReleaseJson[]>('GET', `${base()}?per_page=100`)).body;
      expect(await tags('?updated_after=2000-01-01T00:00:00Z&per_page=100')).toEqual(all.map((r) => r.name));
      expect(await tags('?updated_before=2000-01-01T00:00:00Z')).toEqual([]);
      // u-new was created (and last updated) just before u-old: bounds are exclusive, as ReleasesFinder's.
      const at = all.find((r) => r.name === 'u-new')!.created_at;
      const after = await tags(`?updated_after=${at}&per_page=100`);
      expect(after).toContain('u-old');
      expect(after).not.toContain('u-new');
      const before = await tags(`?updated_before=${at}&per_page=100`);
      expect(before).toContain('First');
      expect(before).not.toContain('u-new');
      const bad = await t.api('GET', `${base()}?updated_before=soon`);
      expect(bad.body).toEqual({ error: 'updated_before is invalid' });
    });

    it('sends GitLab pagination headers', async () => {
      const res = await t.api<ReleaseJson[]>('GET', `${base()}?per_page=2&page=2`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(2);
      expect(res.headers.get('x-total')).toBe('5');
      expect(res.headers.get('x-total-pages')).toBe('3');
      expect(res.headers.get('x-page')).toBe('2');
      expect(res.headers.get('x-next-page')).toBe('3');
      expect(res.headers.get('x-prev-page')).toBe('1');
      expect(res.headers.get('link')).toContain('rel="next"');
    });

    it('refuses unknown order_by and sort values', async () => {
      const bad = await t.api('GET', `${base()}?order_by=name`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'order_by does not have a valid value' });
    });

    it('shows Guests of a private project the list without tag, commit, paths, sources or edit link', async () => {
      const res = await t.api<ReleaseJson[]>('GET', `${base()}?per_page=100`, { token: guest.token });
      expect(res.status).toBe(200);
      const first = res.body.find((r) => r.name === 'First')!;
      for (const key of ['tag_name', 'commit', 'commit_path', 'tag_path', 'evidences']) {
        expect(first).not.toHaveProperty(key);
      }
      expect(first.assets).toEqual({ count: 0, links: [] });
      expect(first._links).toEqual({ self: `${p.webUrl}/-/releases/v1.0` });
      expect((await t.api('GET', base(), { token: stranger.token })).status).toBe(404);
      expect((await t.api('GET', base(), { token: null })).status).toBe(404);
    });

    it('lets anyone read the releases of a public project, with the code fields', async () => {
      await t.api('POST', `/projects/${pub.id}/releases`, {
        json: { tag_name: 'v1.0', description: 'Open' },
      });
      const res = await t.api<ReleaseJson[]>('GET', `/projects/${pub.id}/releases`, { token: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        expect.objectContaining({
          tag_name: 'v1.0',
          description: 'Open',
          _links: { self: `${pub.webUrl}/-/releases/v1.0` },
        }),
      ]);
      const one = await t.api<ReleaseJson>('GET', `/projects/${pub.id}/releases/v1.0`, {
        token: stranger.token,
      });
      expect(one.body.commit?.id).toBe(gitDir(pub.repo, 'rev-parse', 'v1.0^{commit}'));
    });
  });

  describe('token scopes (lib/api/api.rb)', () => {
    it('reads with read_api, writes only with api, and read_repository does not reach releases', async () => {
      const reader = await createUserWithToken(t, { scopes: ['read_api'] });
      const repoOnly = await createUserWithToken(t, { scopes: ['read_repository'] });
      await addProjectMember(t, p.id, reader.id, 40);
      await addProjectMember(t, p.id, repoOnly.id, 40);
      expect((await t.api('GET', base(), { token: reader.token })).status).toBe(200);
      const write = await t.api('POST', base(), {
        token: reader.token,
        json: { tag_name: 'scoped', ref: 'trunk' },
      });
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({ error: 'insufficient_scope' });
      expect((await t.api('GET', base(), { token: repoOnly.token })).status).toBe(403);
    });
  });

  describe('GET /projects/:id/releases/:tag_name and permalink/latest', () => {
    it('answers the release, 404 without one, 403 to a Guest of a private project', async () => {
      const res = await t.api<ReleaseJson>('GET', `${base()}/v1.0`, { token: reporter.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'First', tag_name: 'v1.0', description: '## Notes' });
      expect(res.body._links).not.toHaveProperty('edit_url');
      expect(res.body).not.toHaveProperty('description_html');
      const html = await t.api<ReleaseJson & { description_html: string }>(
        'GET',
        `${base()}/v1.0?include_html_description=true`,
      );
      expect(html.body.description_html).toBe('<h2>Notes</h2>');
      const list = await t.api<(ReleaseJson & { description_html?: string })[]>(
        'GET',
        `${base()}?include_html_description=true&per_page=100`,
      );
      expect(list.body.find((r) => r.tag_name === 'v1.0')?.description_html).toBe('<h2>Notes</h2>');
      const none = await t.api('GET', `${base()}/nothing-here`, { token: reporter.token });
      expect(none.status).toBe(404);
      expect(none.body).toEqual({ message: '404 Not Found' });
      expect((await t.api('GET', `${base()}/v1.0`, { token: guest.token })).status).toBe(403);
    });

    it('redirects permalink/latest to the latest release by released_at, keeping suffix and query but order_by', async () => {
      const res = await fetch(
        `${t.url}/api/v4${base()}/permalink/latest?order_by=x&include_html_description=true`,
        {
          headers: { 'PRIVATE-TOKEN': reporter.token },
          redirect: 'manual',
        },
      );
      expect(res.status).toBe(302);
      const latestTag = (await t.api<ReleaseJson[]>('GET', `${base()}?per_page=1`)).body[0]!.tag_name!;
      expect(res.headers.get('location')).toBe(
        `/api/v4/projects/${p.id}/releases/${encodeURIComponent(latestTag)}?include_html_description=true`,
      );
      const suffix = await fetch(`${t.url}/api/v4${base()}/permalink/latest/downloads/bin/app.exe`, {
        headers: { 'PRIVATE-TOKEN': reporter.token },
        redirect: 'manual',
      });
      expect(suffix.headers.get('location')).toBe(
        `/api/v4/projects/${p.id}/releases/${encodeURIComponent(latestTag)}/downloads/bin/app.exe`,
      );
      const empty = await importFixtureProject(t, 'No Releases');
      expect((await t.api('GET', `/projects/${empty.id}/releases/permalink/latest`)).status).toBe(404);
    });
  });

  describe('PUT and DELETE /projects/:id/releases/:tag_name', () => {
    it('updates name, description and released_at, leaving the rest (200)', async () => {
      const before = (await t.api<ReleaseJson>('GET', `${base()}/v2.0`)).body;
      const res = await t.api<ReleaseJson>('PUT', `${base()}/v2.0`, {
        token: dev.token,
        json: { description: 'Better', released_at: '2999-01-01T00:00:00Z' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'v2.0',
        description: 'Better',
        released_at: '2999-01-01T00:00:00.000Z',
        upcoming_release: true,
        created_at: before.created_at,
      });
    });

    it('answers 400 params is empty, 403 for a tag without release and for Reporters', async () => {
      const empty = await t.api('PUT', `${base()}/v2.0`, { token: dev.token, json: { sha: 'xxx' } });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ message: 'params is empty' });
      const noRelease = await t.api('PUT', `${base()}/nothing-here`, {
        token: dev.token,
        json: { description: 'x' },
      });
      expect(noRelease.status).toBe(403);
      const asReporter = await t.api('PUT', `${base()}/v2.0`, { token: reporter.token, json: { name: 'x' } });
      expect(asReporter.status).toBe(403);
      expect((await t.api('DELETE', `${base()}/v2.0`, { token: reporter.token })).status).toBe(403);
      expect((await t.api('DELETE', `${base()}/nothing-here`, { token: dev.token })).status).toBe(403);
    });

    it('deletes the release (200 with it), keeps the tag; the tag then shows no release', async () => {
      const res = await t.api<ReleaseJson>('DELETE', `${base()}/v2.0`, { token: dev.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ tag_name: 'v2.0', description: 'Better' });
      expect((await t.api('GET', `${base()}/v2.0`)).status).toBe(404);
      const tag = await t.api<{ name: string; release: unknown }>(
        'GET',
        `/projects/${p.id}/repository/tags/v2.0`,
      );
      expect(tag.status).toBe(200);
      expect(tag.body.release).toBeNull();
    });
  });

  describe('one store with the tag release field and the 13.x tag release endpoints', () => {
    it('shows Releases API notes on the tag, and tag-endpoint notes as a release', async () => {
      const tag = await t.api<{ release: unknown }>('GET', `/projects/${p.id}/repository/tags/v1.0`);
      expect(tag.body.release).toEqual({ tag_name: 'v1.0', description: '## Notes' });
      const list = await t.api<{ name: string; release: unknown }[]>(
        'GET',
        `/projects/${p.id}/repository/tags`,
      );
      expect(list.body.find((x) => x.name === 'v1.0')?.release).toEqual({
        tag_name: 'v1.0',
        description: '## Notes',
      });

      // The tag endpoint sees the Releases API's release (409) and edits it in place.
      const dup = await t.api('POST', `/projects/${p.id}/repository/tags/v1.0/release`, {
        token: dev.token,
        json: { description: 'x' },
      });
      expect(dup.status).toBe(409);
      const put = await t.api('PUT', `/projects/${p.id}/repository/tags/v1.0/release`, {
        token: dev.token,
        json: { description: 'Edited through tags' },
      });
      expect(put.status).toBe(200);
      const release = await t.api<ReleaseJson>('GET', `${base()}/v1.0`);
      expect(release.body).toMatchObject({ name: 'First', description: 'Edited through tags' });

      // Notes added through the tag endpoint are a release named after its tag.
      await t.api('POST', `/projects/${p.id}/repository/tags`, {
        json: { tag_name: 'legacy', ref: 'trunk' },
      });
      const added = await t.api('POST', `/projects/${p.id}/repository/tags/legacy/release`, {
        token: dev.token,
        json: { description: 'Old style' },
      });
      expect(added.status).toBe(201);
      const legacy = await t.api<ReleaseJson>('GET', `${base()}/legacy`);
      expect(legacy.body).toMatchObject({ name: 'legacy', tag_name: 'legacy', description: 'Old style' });
      expect(legacy.body.author?.id).toBe(dev.id);

      // A release without a description shows on its tag as empty notes (TagRelease.description is a string).
      const tagOfEmpty = await t.api<{ release: unknown }>('GET', `/projects/${p.id}/repository/tags/u-new`);
      expect(tagOfEmpty.body.release).toEqual({ tag_name: 'u-new', description: '' });
    });

    it('drops the release with its tag (DELETE …/repository/tags/:tag)', async () => {
      expect((await t.api('DELETE', `/projects/${p.id}/repository/tags/legacy`)).status).toBe(204);
      expect((await t.api('GET', `${base()}/legacy`)).status).toBe(404);
    });

    it('handles tag names with slashes URL-encoded', async () => {
      const res = await t.api<ReleaseJson>('POST', base(), {
        token: dev.token,
        json: { tag_name: 'debian/2.4.0-1', ref: 'trunk' },
      });
      expect(res.status).toBe(201);
      expect(res.body.tag_path).toBe(`/${p.pathWithNamespace}/-/tags/debian%2F2.4.0-1`);
      const one = await t.api<ReleaseJson>('GET', `${base()}/debian%2F2.4.0-1`);
      expect(one.body.tag_name).toBe('debian/2.4.0-1');
    });
  });
});
