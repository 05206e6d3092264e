/**
 * Environments API over real HTTP (doc/api/environments.md; lib/api/environments.rb): create (name
 * rules, slug, tier guessed or given, external URL checks), list with `name`/`search`/`states`, the single
 * read with `last_deployment`, update (a rename keeps the slug), stop, delete (stopped only),
 * permissions, and the audit events each change writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface EnvironmentJson {
  id: number;
  name: string;
  slug: string;
  external_url: string | null;
  created_at: string;
  updated_at: string;
  tier: string;
  state: string;
  project?: Record<string, unknown>;
  last_deployment?: Record<string, unknown> | null;
}

type User = { id: number; username: string; token: string };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NAME_FORMAT =
  "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', and spaces, but it cannot start or end with '/'";

describe('environments API', () => {
  let t: TestCore;
  let p: ImportedProject;
  let guest: User;
  let reporter: User;
  let dev: User;
  let outsider: User;
  const base = () => `/projects/${p.id}/environments`;

  function auditSince(id: number): Record<string, unknown>[] {
    const db = openCoreDatabase(t.dataDir);
    try {
      return (
        db
          .prepare("SELECT details FROM audit_events WHERE id > ? AND entity_type = 'Project' ORDER BY id")
          .all(id) as { details: string }[]
      ).map((r) => JSON.parse(r.details) as Record<string, unknown>);
    } finally {
      db.close();
    }
  }
  function lastAuditId(): number {
    const db = openCoreDatabase(t.dataDir);
    try {
      return (db.prepare('SELECT coalesce(max(id), 0) AS id FROM audit_events').get() as { id: number }).id;
    } finally {
      db.close();
    }
  }

  const create = (body: Record<string, unknown>, token?: string | null) =>
    t.api<EnvironmentJson & { error?: string; message?: unknown }>('POST', base(), { json: body, token });

  beforeAll(async () => {
    t = await startTestCore();
    [guest, reporter, dev, outsider] = await Promise.all([
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t, { username: 'envdev' }),
      createUserWithToken(t),
    ]);
    p = await importFixtureProject(t, 'Envs');
    await addProjectMember(t, p.id, guest.id, 10);
    await addProjectMember(t, p.id, reporter.id, 20);
    await addProjectMember(t, p.id, dev.id, 30);
  });
  afterAll(async () => t.close());

  describe('POST /projects/:id/environments', () => {
    it('creates an environment (201) with its project, tier guessed from the name, audited', async () => {
      const before = lastAuditId();
      const res = await create({ name: 'production', external_url: 'https://prod.example.com' }, dev.token);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'production',
        slug: 'production',
        external_url: 'https://prod.example.com',
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
        tier: 'production',
        project: expect.objectContaining({
          id: p.id,
          path_with_namespace: p.pathWithNamespace,
          web_url: p.webUrl,
          default_branch: 'trunk',
          namespace: expect.objectContaining({ kind: 'user' }),
        }),
        state: 'available',
      });
      expect(Object.keys(res.body.project!).sort()).toEqual(
        [
          'id',
          'description',
          'name',
          'name_with_namespace',
          'path',
          'path_with_namespace',
          'created_at',
          'default_branch',
          'tag_list',
          'topics',
          'ssh_url_to_repo',
          'http_url_to_repo',
          'web_url',
          'readme_url',
          'avatar_url',
          'forks_count',
          'star_count',
          'last_activity_at',
          'namespace',
          'visibility',
        ].sort(),
      );
      expect(auditSince(before)).toEqual([
        expect.objectContaining({
          event_name: 'environment_created',
          add: 'environment',
          target_id: res.body.id,
          target_type: 'Environment',
          target_details: 'production',
          author_name: 'User envdev',
          entity_path: p.pathWithNamespace,
        }),
      ]);
    });

    it('takes an explicit tier, slugs names with a suffix, stores an empty URL as null', async () => {
      const res = await create({ name: 'Review/Feature 1', tier: 'testing', external_url: '' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ tier: 'testing', external_url: null });
      expect(res.body.slug).toMatch(/^review-feature-1-[a-z0-9]{6}$/);
      const guessed = await t.api<EnvironmentJson>('POST', base(), { form: { name: 'stg' } });
      expect(guessed.body.tier).toBe('staging');
      expect((await create({ name: 'canary' })).body.tier).toBe('other');
    });

    it('validates parameters and the model (400)', async () => {
      expect((await create({})).body).toEqual({ error: 'name is missing' });
      expect((await create({ name: 'x', tier: 'prod' })).body).toEqual({
        error: 'tier does not have a valid value',
      });
      expect((await create({ name: 'x', slug: 'y' })).body).toEqual({
        error: 'slug is automatically generated and cannot be changed',
      });
      const taken = await create({ name: 'production' });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({ message: { name: ['has already been taken'] } });
      expect((await create({ name: '/lead' })).body).toEqual({ message: { name: [NAME_FORMAT] } });
      expect((await create({ name: '' })).body).toEqual({
        message: { name: ["can't be blank", NAME_FORMAT] },
      });
      expect((await create({ name: 'u', external_url: 'ftp://x.example.com' })).body).toEqual({
        message: { external_url: ['is blocked: Only allowed schemes are http, https'] },
      });
      expect((await create({ name: 'u', external_url: 'not a url' })).body).toEqual({
        message: { external_url: ['must be a valid URL'] },
      });
      const names = (await t.api<EnvironmentJson[]>('GET', `${base()}?per_page=100`)).body.map((e) => e.name);
      expect(names).not.toContain('u');
      expect(names).not.toContain('x');
    });

    it('needs Developer', async () => {
      expect((await create({ name: 'nope' }, null)).status).toBe(401);
      expect((await create({ name: 'nope' }, outsider.token)).status).toBe(404);
      expect((await create({ name: 'nope' }, guest.token)).status).toBe(403);
      expect((await create({ name: 'nope' }, reporter.token)).status).toBe(403);
    });
  });

  describe('GET /projects/:id/environments', () => {
    let lp: ImportedProject;
    const lbase = () => `/projects/${lp.id}/environments`;
    const names = async (q = '', token?: string | null) => {
      const res = await t.api<EnvironmentJson[]>('GET', `${lbase()}${q}`, { token });
      expect(res.status).toBe(200);
      return res.body.map((e) => e.name);
    };

    beforeAll(async () => {
      lp = await importFixtureProject(t, 'Env List');
      await addProjectMember(t, lp.id, reporter.id, 20);
      await addProjectMember(t, lp.id, guest.id, 10);
      for (const name of ['production', 'review/a', 'review/b', 'staging', 'Pre-review'])
        expect((await t.api('POST', lbase(), { json: { name } })).status).toBe(201);
      const staging = (await t.api<EnvironmentJson[]>('GET', `${lbase()}?name=staging`)).body[0]!;
      await t.api('POST', `${lbase()}/${staging.id}/stop`);
    });

    it('lists by id with their project, paginated', async () => {
      const res = await t.api<EnvironmentJson[]>('GET', lbase(), { token: reporter.token });
      expect(res.body.map((e) => e.name)).toEqual([
        'production',
        'review/a',
        'review/b',
        'staging',
        'Pre-review',
      ]);
      expect(res.body.every((e) => e.project?.id === lp.id && !('last_deployment' in e))).toBe(true);
      expect(res.headers.get('x-total')).toBe('5');
      expect(await names('?per_page=2&page=2')).toEqual(['review/b', 'staging']);
    });

    it('filters by exact name, name prefix (any case) and states', async () => {
      expect(await names('?name=review%2Fa')).toEqual(['review/a']);
      expect(await names('?name=review')).toEqual([]);
      expect(await names('?search=review')).toEqual(['review/a', 'review/b']);
      expect(await names('?search=REV')).toEqual(['review/a', 'review/b']);
      expect(await names('?search=pre')).toEqual(['Pre-review']);
      expect(await names('?search=%25')).toEqual([]);
      expect(await names('?states=stopped')).toEqual(['staging']);
      expect(await names('?states=available&search=st')).toEqual([]);
      expect(await names('?states=available')).toEqual(['production', 'review/a', 'review/b', 'Pre-review']);
    });

    it('refuses name with search, and unknown states', async () => {
      const both = await t.api('GET', `${lbase()}?name=a&search=b`);
      expect(both.status).toBe(400);
      expect(both.body).toEqual({ error: 'name, search cannot be used together' });
      const states = await t.api('GET', `${lbase()}?states=gone`);
      expect(states.status).toBe(400);
      expect(states.body).toEqual({ message: '400 Bad request - Requested states are invalid' });
    });

    it('needs Reporter', async () => {
      expect((await t.api('GET', lbase(), { token: guest.token })).status).toBe(403);
      expect((await t.api('GET', lbase(), { token: outsider.token })).status).toBe(404);
      expect((await t.api('GET', lbase(), { token: null })).status).toBe(401);
    });
  });

  describe('GET /projects/:id/environments/:environment_id', () => {
    it('reads one environment with its last successful deployment', async () => {
      const env = (await create({ name: 'single' })).body;
      const none = await t.api<EnvironmentJson>('GET', `${base()}/${env.id}`, { token: reporter.token });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({
        id: env.id,
        name: 'single',
        slug: 'single',
        external_url: null,
        created_at: env.created_at,
        updated_at: env.updated_at,
        tier: 'other',
        last_deployment: null,
        state: 'available',
      });
      const deploy = async (status: string, sha: string) =>
        (
          await t.api<{ id: number }>('POST', `/projects/${p.id}/deployments`, {
            json: { environment: 'single', sha, ref: 'trunk', tag: false, status },
          })
        ).body.id;
      await deploy('success', p.trunk[0]!);
      const latestSuccess = await deploy('success', p.trunk[1]!);
      await deploy('failed', p.trunk[2]!);
      const res = await t.api<EnvironmentJson>('GET', `${base()}/${env.id}`);
      expect(res.body.last_deployment).toEqual({
        id: latestSuccess,
        iid: expect.any(Number),
        ref: 'trunk',
        sha: p.trunk[1],
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
        user: expect.objectContaining({ username: 'root' }),
        deployable: null,
        status: 'success',
      });
    });

    it('answers 404 and 400 in GitLab words, 403 below Reporter', async () => {
      const missing = await t.api('GET', `${base()}/999999`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Not found' });
      expect((await t.api('GET', `${base()}/abc`)).body).toEqual({ error: 'environment_id is invalid' });
      const env = (await t.api<EnvironmentJson[]>('GET', `${base()}?name=production`)).body[0]!;
      expect((await t.api('GET', `${base()}/${env.id}`, { token: guest.token })).status).toBe(403);
      const other = await importFixtureProject(t, 'Env Other');
      expect((await t.api('GET', `/projects/${other.id}/environments/${env.id}`)).status).toBe(404);
    });
  });

  describe('PUT /projects/:id/environments/:environment_id', () => {
    it('renames (keeping the slug), changes or clears the URL and the tier; audits a rename', async () => {
      const env = (await create({ name: 'old-name', external_url: 'https://old.example.com' })).body;
      const before = lastAuditId();
      const res = await t.api<EnvironmentJson>('PUT', `${base()}/${env.id}`, {
        token: dev.token,
        json: { name: 'new-name', external_url: 'https://new.example.com', tier: 'staging' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: env.id,
        name: 'new-name',
        slug: 'old-name',
        external_url: 'https://new.example.com',
        tier: 'staging',
        state: 'available',
        project: expect.objectContaining({ id: p.id }),
      });
      expect(auditSince(before)).toEqual([
        expect.objectContaining({
          event_name: 'environment_updated',
          change: 'name',
          from: 'old-name',
          to: 'new-name',
        }),
      ]);
      const cleared = await t.api<EnvironmentJson>('PUT', `${base()}/${env.id}`, {
        form: { external_url: '' },
      });
      expect(cleared.body).toMatchObject({ name: 'new-name', external_url: null, tier: 'staging' });
      const untouched = await t.api<EnvironmentJson>('PUT', `${base()}/${env.id}`, { json: {} });
      expect(untouched.body).toMatchObject({ name: 'new-name', external_url: null });
    });

    it('validates like create; 404, 403 below Developer', async () => {
      const env = (await create({ name: 'to-edit' })).body;
      expect((await t.api('PUT', `${base()}/${env.id}`, { json: { name: 'production' } })).body).toEqual({
        message: { name: ['has already been taken'] },
      });
      expect((await t.api('PUT', `${base()}/${env.id}`, { json: { name: 'to-edit' } })).status).toBe(200);
      expect((await t.api('PUT', `${base()}/${env.id}`, { json: { slug: 'x' } })).body).toEqual({
        error: 'slug is automatically generated and cannot be changed',
      });
      expect((await t.api('PUT', `${base()}/${env.id}`, { json: { external_url: 'nope' } })).body).toEqual({
        message: { external_url: ['must be a valid URL'] },
      });
      expect((await t.api('PUT', `${base()}/${env.id}`, { json: { tier: 'mars' } })).body).toEqual({
        error: 'tier does not have a valid value',
      });
      expect((await t.api('PUT', `${base()}/999999`, { json: { name: 'z' } })).status).toBe(404);
      expect(
        (await t.api('PUT', `${base()}/${env.id}`, { token: reporter.token, json: { name: 'z' } })).status,
      ).toBe(403);
    });
  });

  describe('stop and delete', () => {
    it('stops an environment (200), audited once; stopping again changes nothing', async () => {
      const env = (await create({ name: 'to-stop' })).body;
      const before = lastAuditId();
      const res = await t.api<EnvironmentJson>('POST', `${base()}/${env.id}/stop`, { token: dev.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: env.id,
        state: 'stopped',
        project: expect.objectContaining({ id: p.id }),
      });
      const again = await t.api<EnvironmentJson>('POST', `${base()}/${env.id}/stop`, { token: dev.token });
      expect(again.status).toBe(200);
      expect(again.body.state).toBe('stopped');
      expect(auditSince(before)).toEqual([
        expect.objectContaining({
          event_name: 'environment_stopped',
          change: 'state',
          from: 'available',
          to: 'stopped',
          target_details: 'to-stop',
        }),
      ]);
      expect((await t.api('POST', `${base()}/${env.id}/stop`, { token: reporter.token })).status).toBe(403);
      expect((await t.api('POST', `${base()}/999999/stop`)).status).toBe(404);
    });

    it('deletes only a stopped environment (403 while available, then 204) with its deployments, audited', async () => {
      const d = await t.api<{ id: number; iid: number; environment: { id: number } }>(
        'POST',
        `/projects/${p.id}/deployments`,
        {
          json: { environment: 'doomed', sha: p.trunk[2], ref: 'trunk', tag: false, status: 'success' },
        },
      );
      const envId = d.body.environment.id;
      const available = await t.api('DELETE', `${base()}/${envId}`, { token: dev.token });
      expect(available.status).toBe(403);
      expect(available.body).toEqual({ message: '403 Forbidden' });
      await t.api('POST', `${base()}/${envId}/stop`);
      expect((await t.api('DELETE', `${base()}/${envId}`, { token: reporter.token })).status).toBe(403);
      const before = lastAuditId();
      const res = await t.api('DELETE', `${base()}/${envId}`, { token: dev.token });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(auditSince(before)).toEqual([
        expect.objectContaining({
          event_name: 'environment_deleted',
          remove: 'environment',
          target_id: envId,
        }),
      ]);
      expect((await t.api('GET', `${base()}/${envId}`)).status).toBe(404);
      expect((await t.api('GET', `/projects/${p.id}/deployments/${d.body.id}`)).status).toBe(404);
      expect((await t.api('DELETE', `${base()}/${envId}`)).status).toBe(404);
      // Deployment iids are never reused.
      const next = await t.api<{ iid: number }>('POST', `/projects/${p.id}/deployments`, {
        json: { environment: 'doomed', sha: p.trunk[2], ref: 'trunk', tag: false, status: 'success' },
      });
      expect(next.body.iid).toBe(d.body.iid + 1);
    });
  });
});
