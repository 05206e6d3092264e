/**
 * Deployments API over real HTTP (doc/api/deployments.md; spec "Deployments"): create (every required
 * parameter, `environment is empty`, unknown sha/ref, invalid environment names, idempotent re-posts),
 * environments created on first use, status updates through GitLab's state machine, the list with every
 * filter and order, the single read, merge requests of a deployment, permissions, and the audit events
 * (read through a read-only connection to the core's SQLite file). Deployments of CI jobs: a real
 * pipeline from a committed `.gitlab-ci.yml` (the job as `deployable`, checked against GitLab's job.json),
 * and the job hook's service driven directly on a stopped core for the transitions a pipeline can't show
 * deterministically.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { BackgroundTasks } from '../../jobs/background-tasks.js';
import type { ServiceContext } from '../../services/context.js';
import { syncJobEnvironment } from '../../services/deployments/job-deployments.js';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { openCoreDatabase } from '../helpers/disk.js';
import {
  commitFile,
  createProject,
  eventually,
  latestPipeline,
  pipelineJobs,
  waitForPipeline,
} from '../helpers/pipelines.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface DeploymentJson {
  id: number;
  iid: number;
  ref: string;
  sha: string;
  status: string;
  created_at: string;
  updated_at: string;
  user: { id: number; username: string } | null;
  environment: { id: number; name: string; slug: string; external_url: string | null };
  deployable: unknown;
}

interface EnvironmentJson {
  id: number;
  name: string;
  state: string;
  tier: string;
  external_url: string | null;
}

type User = { id: number; username: string; token: string };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('deployments API', () => {
  let t: TestCore;
  let p: ImportedProject;
  let pub: ImportedProject;
  let guest: User;
  let reporter: User;
  let dev: User;
  let outsider: User;
  const base = () => `/projects/${p.id}/deployments`;

  function lastAuditId(): number {
    const db = openCoreDatabase(t.dataDir);
    try {
      return (db.prepare('SELECT coalesce(max(id), 0) AS id FROM audit_events').get() as { id: number }).id;
    } finally {
      db.close();
    }
  }

  function auditSince(id: number): { entity_id: number; entity_type: string; d: Record<string, unknown> }[] {
    const db = openCoreDatabase(t.dataDir);
    try {
      return (
        db.prepare('SELECT * FROM audit_events WHERE id > ? ORDER BY id').all(id) as {
          entity_id: number;
          entity_type: string;
          details: string;
        }[]
      ).map((r) => ({ ...r, d: JSON.parse(r.details) as Record<string, unknown> }));
    } finally {
      db.close();
    }
  }

  async function deploy(body: Record<string, unknown>, token?: string | null, projectId = p.id) {
    return t.api<DeploymentJson & { error?: string; message?: unknown }>(
      'POST',
      `/projects/${projectId}/deployments`,
      { json: body, token },
    );
  }

  const ok = (over: Record<string, unknown> = {}) => ({
    environment: 'production',
    sha: p.trunk[2],
    ref: 'trunk',
    tag: false,
    status: 'running',
    ...over,
  });

  beforeAll(async () => {
    t = await startTestCore();
    [guest, reporter, dev, outsider] = await Promise.all([
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t, { username: 'deployer' }),
      createUserWithToken(t),
    ]);
    p = await importFixtureProject(t, 'Shipping');
    pub = await importFixtureProject(t, 'Open Shipping', { visibility: 'public' });
    await addProjectMember(t, p.id, guest.id, 10);
    await addProjectMember(t, p.id, reporter.id, 20);
    await addProjectMember(t, p.id, dev.id, 30);
  });
  afterAll(async () => t.close());

  describe('POST /projects/:id/deployments', () => {
    it('creates a deployment and its environment on first use (201), audited', async () => {
      const before = lastAuditId();
      const res = await deploy(ok(), dev.token);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        iid: 1,
        ref: 'trunk',
        sha: p.trunk[2],
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
        user: {
          id: dev.id,
          username: 'deployer',
          name: 'User deployer',
          state: 'active',
          avatar_url: null,
          web_url: `${t.url}/deployer`,
        },
        environment: {
          id: expect.any(Number),
          name: 'production',
          slug: 'production',
          external_url: null,
          created_at: expect.stringMatching(ISO),
          updated_at: expect.stringMatching(ISO),
        },
        deployable: null,
        status: 'running',
      });
      expect(Object.keys(res.body)).toEqual([
        'id',
        'iid',
        'ref',
        'sha',
        'created_at',
        'updated_at',
        'user',
        'environment',
        'deployable',
        'status',
      ]);
      const env = await t.api<EnvironmentJson>(
        'GET',
        `/projects/${p.id}/environments/${res.body.environment.id}`,
      );
      expect(env.body).toMatchObject({ name: 'production', state: 'available', tier: 'production' });

      const events = auditSince(before);
      expect(events.map((e) => e.d.event_name)).toEqual(['environment_created', 'deployment_created']);
      expect(events.every((e) => e.entity_type === 'Project' && e.entity_id === p.id)).toBe(true);
      expect(events[0]!.d).toMatchObject({
        add: 'environment',
        target_type: 'Environment',
        target_details: 'production',
        author_name: 'User deployer',
        custom_message: 'Created environment production',
      });
      expect(events[1]!.d).toMatchObject({
        add: 'deployment',
        target_id: res.body.id,
        target_type: 'Deployment',
        target_details: 'production #1',
        custom_message: `Created deployment #1 of trunk (${p.trunk[2]!.slice(0, 8)}) to production with status running`,
      });
    });

    it('reuses the environment by name and numbers deployments per project', async () => {
      const a = await deploy(ok({ status: 'created', ref: 'v1.0', tag: true, sha: p.trunk[2] }), dev.token);
      expect(a.status).toBe(201);
      expect(a.body.iid).toBe(2);
      expect(a.body.status).toBe('created');
      const b = await deploy(ok({ environment: 'staging', ref: 'feature', sha: p.featureHead }));
      expect(b.body.iid).toBe(3);
      expect(b.body.environment.name).toBe('staging');
      const first = await t.api<DeploymentJson[]>('GET', `${base()}?environment=production`);
      expect(new Set(first.body.map((d) => d.environment.id)).size).toBe(1);
      // Another project starts its own numbering.
      const other = await deploy(ok({ sha: pub.trunk[2] }), undefined, pub.id);
      expect(other.body.iid).toBe(1);
    });

    it('accepts form parameters, a branch name as sha and a short sha', async () => {
      const res = await t.api<DeploymentJson>('POST', base(), {
        token: dev.token,
        form: {
          environment: 'review/feature-x',
          sha: p.featureHead.slice(0, 10),
          ref: 'feature',
          tag: 'false',
          status: 'failed',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ sha: p.featureHead.slice(0, 10), status: 'failed' });
      expect(res.body.environment.slug).toMatch(/^review-feature-x-[a-z0-9]{6}$/);
    });

    it('returns the last successful deployment when the same one is posted again', async () => {
      const first = await deploy(ok({ environment: 'idem', status: 'success' }), dev.token);
      const again = await deploy(ok({ environment: 'idem', status: 'success' }), dev.token);
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first.body.id);
      const other = await deploy(ok({ environment: 'idem', status: 'success', sha: p.trunk[1] }), dev.token);
      expect(other.body.id).not.toBe(first.body.id);
    });

    it('reports every missing parameter in Grape words', async () => {
      const res = await deploy({});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'environment is missing, sha is missing, ref is missing, tag is missing, status is missing',
      });
      expect((await deploy({ ...ok(), tag: undefined })).body).toEqual({ error: 'tag is missing' });
    });

    it('refuses an empty environment name: environment is empty', async () => {
      for (const environment of ['', '   ']) {
        const res = await deploy(ok({ environment }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'environment is empty' });
      }
    });

    it('refuses an unknown sha or ref (400, Rails messages)', async () => {
      const sha = await deploy(ok({ sha: 'f'.repeat(40) }));
      expect(sha.status).toBe(400);
      expect(sha.body).toEqual({ message: { sha: ['The commit does not exist'] } });
      const ref = await deploy(ok({ ref: 'no-such-branch' }));
      expect(ref.body).toEqual({ message: { ref: ['The branch or tag does not exist'] } });
      const both = await deploy(ok({ ref: 'nope', sha: 'nope' }));
      expect(both.body).toEqual({
        message: { sha: ['The commit does not exist'], ref: ['The branch or tag does not exist'] },
      });
      const envs = await t.api<EnvironmentJson[]>('GET', `/projects/${p.id}/environments?name=production`);
      expect(envs.body).toHaveLength(1);
    });

    it('refuses a bad status, tag or environment name', async () => {
      expect((await deploy(ok({ status: 'done' }))).body).toEqual({
        error: 'status does not have a valid value',
      });
      expect((await deploy(ok({ status: 'skipped' }))).body).toEqual({
        error: 'status does not have a valid value',
      });
      expect((await deploy(ok({ tag: 'maybe' }))).body).toEqual({ error: 'tag is invalid' });
      const name = await deploy(ok({ environment: 'bad!name' }));
      expect(name.status).toBe(400);
      expect(name.body).toEqual({
        message: {
          name: [
            "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', and spaces, but it cannot start or end with '/'",
          ],
        },
      });
      const none = await t.api<EnvironmentJson[]>('GET', `/projects/${p.id}/environments?search=bad`);
      expect(none.body).toEqual([]);
    });

    it('needs Developer: 401 anonymous, 404 outsider, 403 Guest and Reporter, archived projects 403', async () => {
      expect((await deploy(ok(), null)).status).toBe(401);
      expect((await deploy(ok(), outsider.token)).status).toBe(404);
      for (const u of [guest, reporter]) {
        const res = await deploy(ok(), u.token);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: '403 Forbidden' });
      }
      const readOnly = await createUserWithToken(t, { scopes: ['read_api'] });
      await addProjectMember(t, p.id, readOnly.id, 30);
      expect((await deploy(ok(), readOnly.token)).status).toBe(403);

      const archived = await importFixtureProject(t, 'Old Shipping');
      await addProjectMember(t, archived.id, dev.id, 30);
      await t.api('PUT', `/projects/${archived.id}`, { json: { archived: true } });
      const res = await deploy(ok({ sha: archived.trunk[2] }), dev.token, archived.id);
      expect(res.status).toBe(403);
    });
  });

  describe('PUT /projects/:id/deployments/:deployment_id', () => {
    let id: number;
    beforeAll(async () => {
      id = (await deploy(ok({ environment: 'qa', status: 'created' }), dev.token)).body.id;
    });

    it('moves a deployment through the state machine, audited', async () => {
      const before = lastAuditId();
      const running = await t.api<DeploymentJson>('PUT', `${base()}/${id}`, {
        token: dev.token,
        json: { status: 'running' },
      });
      expect(running.status).toBe(200);
      expect(running.body).toMatchObject({ id, status: 'running', deployable: null });
      expect(running.body.updated_at >= running.body.created_at).toBe(true);
      const done = await t.api<DeploymentJson>('PUT', `${base()}/${id}`, {
        token: dev.token,
        form: { status: 'success' },
      });
      expect(done.body.status).toBe('success');
      const events = auditSince(before);
      expect(events.map((e) => [e.d.event_name, e.d.from, e.d.to])).toEqual([
        ['deployment_status_changed', 'created', 'running'],
        ['deployment_status_changed', 'running', 'success'],
      ]);
      expect(events[1]!.d).toMatchObject({ change: 'status', target_type: 'Deployment', target_id: id });
      const failed = await t.api<DeploymentJson>('PUT', `${base()}/${id}`, { json: { status: 'failed' } });
      expect(failed.body.status).toBe('failed');
    });

    it('refuses what the state machine refuses (400)', async () => {
      const run = await t.api('PUT', `${base()}/${id}`, { json: { status: 'running' } });
      expect(run.status).toBe(400);
      expect(run.body).toEqual({ message: { status: ['cannot transition via "run"'] } });
      const same = await t.api('PUT', `${base()}/${id}`, { json: { status: 'failed' } });
      expect(same.body).toEqual({ message: { status: ['cannot transition via "drop"'] } });
      const back = await t.api('PUT', `${base()}/${id}`, { json: { status: 'created' } });
      expect(back.body).toEqual({ message: { status: ['cannot transition via "create"'] } });
    });

    it('validates the status parameter and the id', async () => {
      expect((await t.api('PUT', `${base()}/${id}`, { json: {} })).body).toEqual({
        error: 'status is missing',
      });
      expect((await t.api('PUT', `${base()}/${id}`, { json: { status: 'done' } })).body).toEqual({
        error: 'status does not have a valid value',
      });
      const missing = await t.api('PUT', `${base()}/999999`, { json: { status: 'success' } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Not found' });
      const bad = await t.api('PUT', `${base()}/abc`, { json: { status: 'success' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'deployment_id is invalid' });
    });

    it('needs Developer', async () => {
      expect(
        (await t.api('PUT', `${base()}/${id}`, { token: reporter.token, json: { status: 'canceled' } }))
          .status,
      ).toBe(403);
      expect(
        (await t.api('PUT', `${base()}/${id}`, { token: guest.token, json: { status: 'canceled' } })).status,
      ).toBe(403);
      expect(
        (await t.api('PUT', `${base()}/${id}`, { token: outsider.token, json: { status: 'canceled' } }))
          .status,
      ).toBe(404);
      expect(
        (await t.api('PUT', `${base()}/${id}`, { token: null, json: { status: 'canceled' } })).status,
      ).toBe(401);
      expect(
        (await t.api('PUT', `${base()}/${id}`, { token: dev.token, json: { status: 'canceled' } })).status,
      ).toBe(200);
    });

    it('makes a stopped environment available again on success', async () => {
      const d = await deploy(ok({ environment: 'revived', status: 'running' }), dev.token);
      const envId = d.body.environment.id;
      const stopped = await t.api<EnvironmentJson>('POST', `/projects/${p.id}/environments/${envId}/stop`, {
        token: dev.token,
      });
      expect(stopped.body.state).toBe('stopped');
      await t.api('PUT', `${base()}/${d.body.id}`, { token: dev.token, json: { status: 'success' } });
      const env = await t.api<EnvironmentJson>('GET', `/projects/${p.id}/environments/${envId}`);
      expect(env.body.state).toBe('available');
    });
  });

  describe('GET /projects/:id/deployments', () => {
    let lp: ImportedProject;
    const ids: number[] = [];
    const lbase = () => `/projects/${lp.id}/deployments`;
    beforeAll(async () => {
      lp = await importFixtureProject(t, 'Listing');
      const specs = [
        { environment: 'production', ref: 'trunk', sha: lp.trunk[2], status: 'success' },
        { environment: 'staging', ref: 'feature', sha: lp.featureHead, status: 'running' },
        { environment: 'production', ref: 'v1.0', tag: true, sha: lp.trunk[2], status: 'failed' },
        { environment: 'staging', ref: 'trunk', sha: lp.trunk[1], status: 'created' },
      ];
      for (const s of specs) {
        const res = await deploy({ tag: false, ...s }, undefined, lp.id);
        expect(res.status).toBe(201);
        ids.push(res.body.id);
        await new Promise((r) => setTimeout(r, 5));
      }
      // The first deployment becomes the most recently updated.
      await t.api('PUT', `${lbase()}/${ids[0]}`, { json: { status: 'canceled' } });
    });

    const list = async (query = '', token?: string | null) =>
      t.api<DeploymentJson[] & { error?: string }>('GET', `${lbase()}${query}`, { token });

    it('lists by id ascending by default, paginated', async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.body.map((d) => d.id)).toEqual(ids);
      expect(res.headers.get('x-total')).toBe('4');
      const page = await list('?per_page=2&page=2');
      expect(page.body.map((d) => d.id)).toEqual(ids.slice(2));
      expect(page.headers.get('x-page')).toBe('2');
    });

    it('orders by id, iid, created_at, updated_at and ref, both ways', async () => {
      const order = async (q: string) => (await list(q)).body.map((d) => d.id);
      expect(await order('?sort=desc')).toEqual([...ids].reverse());
      expect(await order('?order_by=iid&sort=desc')).toEqual([...ids].reverse());
      expect(await order('?order_by=created_at')).toEqual(ids);
      expect(await order('?order_by=created_at&sort=desc')).toEqual([...ids].reverse());
      expect(await order('?order_by=updated_at')).toEqual([ids[1], ids[2], ids[3], ids[0]]);
      expect(await order('?order_by=updated_at&sort=desc')).toEqual([ids[0], ids[3], ids[2], ids[1]]);
      // feature < trunk (ids 0 and 3, tie by id) < v1.0
      expect(await order('?order_by=ref')).toEqual([ids[1], ids[0], ids[3], ids[2]]);
      expect(await order('?order_by=ref&sort=desc')).toEqual([ids[2], ids[3], ids[0], ids[1]]);
    });

    it('filters by environment, status and updated_after/updated_before', async () => {
      const ids_ = async (q: string) => (await list(q)).body.map((d) => d.id);
      expect(await ids_('?environment=production')).toEqual([ids[0], ids[2]]);
      expect(await ids_('?environment=nowhere')).toEqual([]);
      expect(await ids_('?status=running')).toEqual([ids[1]]);
      expect(await ids_('?status=canceled')).toEqual([ids[0]]);
      expect(await ids_('?environment=staging&status=created')).toEqual([ids[3]]);
      const all = (await list()).body;
      const third = all.find((d) => d.id === ids[2])!;
      expect(await ids_(`?updated_after=${encodeURIComponent(third.updated_at)}`)).toEqual([
        ids[0],
        ids[2],
        ids[3],
      ]);
      expect(await ids_(`?updated_before=${encodeURIComponent(third.updated_at)}`)).toEqual([ids[1], ids[2]]);
      expect(
        await ids_(
          `?updated_after=${encodeURIComponent(third.updated_at)}&updated_before=${encodeURIComponent(third.updated_at)}`,
        ),
      ).toEqual([ids[2]]);
      expect(await ids_('?updated_after=2999-01-01T00:00:00Z')).toEqual([]);
    });

    it('validates the list parameters in Grape words', async () => {
      expect((await list('?order_by=status')).body).toEqual({
        error: 'order_by does not have a valid value',
      });
      expect((await list('?sort=up')).body).toEqual({ error: 'sort does not have a valid value' });
      expect((await list('?status=done')).body).toEqual({ error: 'status does not have a valid value' });
      expect((await list('?updated_after=yesterday')).body).toEqual({ error: 'updated_after is invalid' });
      expect((await list('?updated_before=2020-13-45')).body).toEqual({ error: 'updated_before is invalid' });
    });

    it('needs Reporter: 401 anonymous (also on public projects), 403 Guest, 404 outsider', async () => {
      await addProjectMember(t, lp.id, reporter.id, 20);
      await addProjectMember(t, lp.id, guest.id, 10);
      expect((await list('', reporter.token)).status).toBe(200);
      expect((await list('', guest.token)).status).toBe(403);
      expect((await list('', outsider.token)).status).toBe(404);
      expect((await list('', null)).status).toBe(401);
      const publicList = await t.api('GET', `/projects/${pub.id}/deployments`, { token: null });
      expect(publicList.status).toBe(401);
      const nonMember = await t.api('GET', `/projects/${pub.id}/deployments`, { token: outsider.token });
      expect(nonMember.status).toBe(403);
      const readApi = await createUserWithToken(t, { scopes: ['read_api'] });
      await addProjectMember(t, lp.id, readApi.id, 20);
      expect((await list('', readApi.token)).status).toBe(200);
    });
  });

  describe('GET /projects/:id/deployments/:deployment_id', () => {
    it('reads one deployment; 404 for unknown ids and other projects', async () => {
      const created = await deploy(ok({ environment: 'single', status: 'success' }), dev.token);
      const res = await t.api<DeploymentJson>('GET', `${base()}/${created.body.id}`, {
        token: reporter.token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created.body);
      const missing = await t.api('GET', `${base()}/999999`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Not found' });
      const elsewhere = await t.api('GET', `/projects/${pub.id}/deployments/${created.body.id}`);
      expect(elsewhere.status).toBe(404);
      expect((await t.api('GET', `${base()}/x1`)).body).toEqual({ error: 'deployment_id is invalid' });
      expect((await t.api('GET', `${base()}/${created.body.id}`, { token: guest.token })).status).toBe(403);
    });
  });

  describe('GET /projects/:id/deployments/:deployment_id/merge_requests', () => {
    it('answers an empty page when the deployment shipped no merge request', async () => {
      const d = await deploy(ok({ environment: 'mr-env', status: 'success' }), dev.token);
      const res = await t.api<unknown[]>('GET', `${base()}/${d.body.id}/merge_requests`, {
        token: reporter.token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers.get('x-total')).toBe('0');
      const state = await t.api<unknown[]>('GET', `${base()}/${d.body.id}/merge_requests?state=merged`);
      expect(state.body).toEqual([]);
      // As in GitLab, the finder filters by the id: an unknown deployment is an empty list.
      expect((await t.api('GET', `${base()}/999999/merge_requests`)).body).toEqual([]);
    });

    it('lists the merge requests merged between the previous successful deployment and this one', async () => {
      const q = await createProject(t);
      const head = async () =>
        (await t.api<{ commit: { id: string } }>('GET', `/projects/${q.id}/repository/branches/main`)).body
          .commit.id;
      const mergeFeature = async (name: string) => {
        const created = await t.api('POST', `/projects/${q.id}/repository/files/${name}.txt`, {
          json: { branch: name, start_branch: 'main', content: `${name}\n`, commit_message: `Add ${name}` },
        });
        expect(created.status).toBe(201);
        const mr = await t.api<{ iid: number }>('POST', `/projects/${q.id}/merge_requests`, {
          json: { source_branch: name, target_branch: 'main', title: `Ship ${name}` },
        });
        expect(mr.status).toBe(201);
        await t.core.idle();
        const merged = await t.api<{ state: string }>(
          'PUT',
          `/projects/${q.id}/merge_requests/${mr.body.iid}/merge`,
          {
            json: { squash: name === 'beta' },
          },
        );
        expect(merged.body.state).toBe('merged');
        return mr.body.iid;
      };
      const shipped = async (deploymentId: number, query = '') => {
        await t.core.idle();
        const res = await t.api<{ iid: number; state: string }[]>(
          'GET',
          `/projects/${q.id}/deployments/${deploymentId}/merge_requests${query}`,
        );
        expect(res.status).toBe(200);
        return res.body.map((m) => m.iid).sort();
      };
      const deployMain = async (status = 'success') => {
        const d = await deploy(
          { environment: 'shipping', sha: await head(), ref: 'main', tag: false, status },
          undefined,
          q.id,
        );
        expect(d.status).toBe(201);
        return d.body.id;
      };

      const alpha = await mergeFeature('alpha');
      const first = await deployMain();
      expect(await shipped(first)).toEqual([alpha]);

      const beta = await mergeFeature('beta'); // squashed: linked by its squash commit
      const gamma = await mergeFeature('gamma');
      const failed = await deployMain('failed');
      expect(await shipped(failed)).toEqual([]);
      const second = await deployMain();
      expect(await shipped(second)).toEqual([beta, gamma].sort());
      // The list parameters apply, and the deployment filters of the merge request lists see the links.
      expect(await shipped(second, '?search=gamma')).toEqual([gamma]);
      const deployed = await t.api<{ iid: number }[]>(
        'GET',
        `/projects/${q.id}/merge_requests?environment=shipping&state=merged`,
      );
      expect(deployed.body.map((m) => m.iid).sort()).toEqual([alpha, beta, gamma].sort());
      // Posting the same deployment again answers the existing one (create-deployment.ts), links unchanged.
      expect(await deployMain()).toBe(second);
      expect(await shipped(second)).toEqual([beta, gamma].sort());
    });

    it('needs Reporter', async () => {
      const d = await deploy(ok({ environment: 'mr-env2', status: 'success' }), dev.token);
      expect(
        (await t.api('GET', `${base()}/${d.body.id}/merge_requests`, { token: guest.token })).status,
      ).toBe(403);
      expect((await t.api('GET', `${base()}/${d.body.id}/merge_requests`, { token: null })).status).toBe(401);
    });
  });
});

describe('deployments of CI jobs (the job hook service)', () => {
  let t: TestCore;
  let p: ImportedProject;
  let dev: User;

  beforeAll(async () => {
    t = await startTestCore();
    dev = await createUserWithToken(t, { username: 'ci-user' });
    p = await importFixtureProject(t, 'CI Shipping');
    await addProjectMember(t, p.id, dev.id, 30);
  });
  afterAll(async () => t.close());

  /** Run `fn` with a service context on the stopped core's database, then start the core again. */
  async function withStoppedCore(fn: (ctx: ServiceContext) => void): Promise<void> {
    await t.stop();
    const db = openDatabase(`${t.dataDir}/outpost.sqlite`);
    // Background work a successful deployment starts (linking merge requests) runs before the close.
    const tasks = new BackgroundTasks();
    try {
      fn({ db, tasks, actor: { user: null, scopes: [], ipAddress: null } } as unknown as ServiceContext);
      await tasks.idle();
    } finally {
      db.close();
    }
    t = await startTestCore({ dataDir: t.dataDir });
  }

  const job = (id: number, status: string, environment: Record<string, unknown>) => ({
    projectId: p.id,
    jobId: id,
    userId: dev.id,
    ref: 'trunk',
    tag: false,
    sha: p.trunk[2]!,
    status,
    environment: { name: 'production', ...environment },
  });

  it('creates the environment and a deployment per job, following the job status', async () => {
    const results: unknown[] = [];
    await withStoppedCore((ctx) => {
      const url = { name: 'production', url: 'https://prod.example.com' };
      results.push(syncJobEnvironment(ctx, job(9001, 'pending', url)));
      results.push(syncJobEnvironment(ctx, job(9001, 'pending', url)));
      results.push(syncJobEnvironment(ctx, job(9001, 'running', url)));
      results.push(syncJobEnvironment(ctx, job(9001, 'success', url)));
      results.push(syncJobEnvironment(ctx, job(9002, 'failed', { name: 'review/x' })));
      results.push(syncJobEnvironment(ctx, job(9003, 'manual', { name: 'prepared', action: 'prepare' })));
      results.push(syncJobEnvironment(ctx, job(9004, 'created', { name: 'bad!', action: 'start' })));
    });
    const [first, again, , , second, prepared, bad] = results as { deploymentId?: number; error?: string }[];
    expect(again).toEqual(first);
    expect(second!.deploymentId).not.toBe(first!.deploymentId);
    expect(prepared).toEqual({ deploymentId: null });
    expect(bad).toMatchObject({ error: 'environment_creation_failure' });

    const list = await t.api<DeploymentJson[]>('GET', `/projects/${p.id}/deployments`);
    expect(list.body.map((d) => [d.iid, d.environment.name, d.status, d.user?.username])).toEqual([
      [1, 'production', 'success', 'ci-user'],
      [2, 'review/x', 'failed', 'ci-user'],
    ]);
    const envs = await t.api<EnvironmentJson[]>('GET', `/projects/${p.id}/environments`);
    expect(envs.body.map((e) => [e.name, e.state, e.external_url, e.tier])).toEqual([
      ['production', 'available', 'https://prod.example.com', 'production'],
      ['review/x', 'available', null, 'development'],
      ['prepared', 'available', null, 'staging'],
    ]);

    // A CI deployment follows its job: the API refuses to change it.
    const put = await t.api('PUT', `/projects/${p.id}/deployments/${first!.deploymentId}`, {
      json: { status: 'failed' },
    });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({
      message: '403 Forbidden - Deployments created using GitLab CI can not be updated using the API',
    });

    const db = openCoreDatabase(t.dataDir);
    try {
      const names = (
        db
          .prepare(
            "SELECT details FROM audit_events WHERE entity_type = 'Project' AND entity_id = ? ORDER BY id",
          )
          .all(p.id) as { details: string }[]
      ).map((r) => JSON.parse(r.details) as Record<string, unknown>);
      const deploymentEvents = names.filter((d) => String(d.event_name).startsWith('deployment_'));
      expect(deploymentEvents.map((d) => [d.event_name, d.to ?? null, d.author_name])).toEqual([
        ['deployment_created', null, 'User ci-user'],
        ['deployment_status_changed', 'running', 'User ci-user'],
        ['deployment_status_changed', 'success', 'User ci-user'],
        ['deployment_created', null, 'User ci-user'],
      ]);
    } finally {
      db.close();
    }
  });

  it('stops the environment when an action: stop job succeeds', async () => {
    await withStoppedCore((ctx) => {
      syncJobEnvironment(ctx, job(9010, 'running', { name: 'production', action: 'stop' }));
    });
    const running = await t.api<EnvironmentJson[]>('GET', `/projects/${p.id}/environments?name=production`);
    expect(running.body[0]!.state).toBe('available');
    await withStoppedCore((ctx) => {
      syncJobEnvironment(ctx, job(9010, 'success', { name: 'production', action: 'stop' }));
    });
    const stopped = await t.api<EnvironmentJson[]>('GET', `/projects/${p.id}/environments?name=production`);
    expect(stopped.body[0]!.state).toBe('stopped');
    const deployments = await t.api<DeploymentJson[]>('GET', `/projects/${p.id}/deployments`);
    expect(deployments.body).toHaveLength(2);
    // A new successful deployment starts it again.
    await withStoppedCore((ctx) => {
      syncJobEnvironment(ctx, job(9011, 'success', { name: 'production' }));
    });
    const again = await t.api<EnvironmentJson[]>('GET', `/projects/${p.id}/environments?name=production`);
    expect(again.body[0]!.state).toBe('available');
  });
});

describe('deployments of a real pipeline (.gitlab-ci.yml with environment:)', () => {
  let t: TestCore;

  beforeAll(async () => {
    t = await startTestCore();
    // A Developer plays the on_stop job on the default branch (helpers/default-branch-protection.ts).
    await unprotectNewDefaultBranches(t);
  });

  afterAll(async () => t.close());

  it('creates deployments whose deployable is the job, and stops environments with action: stop', async () => {
    const p = await createProject(t);
    await commitFile(
      t,
      p.id,
      '.gitlab-ci.yml',
      `
stages: [deploy, cleanup]
deploy_prod:
  stage: deploy
  script: echo "deploying $CI_COMMIT_SHORT_SHA"
  environment:
    name: production
    url: https://prod.example.com
review:
  stage: deploy
  script: exit 3
  allow_failure: true
  environment:
    name: review/$CI_COMMIT_REF_SLUG
stop_review:
  stage: cleanup
  script: echo stopping
  environment:
    name: review/$CI_COMMIT_REF_SLUG
    action: stop
`,
    );
    const pipeline = (await latestPipeline(t, p.id))!;
    expect(pipeline).not.toBeNull();
    const done = await waitForPipeline(t, p.id, pipeline.id);
    expect(done.status).toBe('success');
    const jobs = await pipelineJobs(t, p.id, pipeline.id);
    const deployJob = jobs.get('deploy_prod')!;
    const reviewJob = jobs.get('review')!;

    const list = await t.api<(DeploymentJson & { deployable: Record<string, unknown> })[]>(
      'GET',
      `/projects/${p.id}/deployments`,
    );
    expect(list.status).toBe(200);
    expect(list.body.map((d) => [d.environment.name, d.status, d.deployable.id, d.deployable.name])).toEqual([
      ['production', 'success', deployJob.id, 'deploy_prod'],
      ['review/main', 'failed', reviewJob.id, 'review'],
    ]);
    const prod = list.body[0]!;
    expect(prod).toMatchObject({
      iid: 1,
      ref: 'main',
      sha: pipeline.sha,
      user: expect.objectContaining({ username: 'root' }),
      environment: expect.objectContaining({ name: 'production', external_url: 'https://prod.example.com' }),
    });
    expect(prod.deployable).toMatchObject({
      id: deployJob.id,
      status: 'success',
      stage: 'deploy',
      ref: 'main',
      tag: false,
      pipeline: expect.objectContaining({ id: pipeline.id, sha: pipeline.sha, status: 'success' }),
      commit: expect.objectContaining({ id: pipeline.sha }),
      user: expect.objectContaining({ username: 'root', created_at: expect.any(String) }),
    });
    const single = await t.api<typeof prod>('GET', `/projects/${p.id}/deployments/${prod.id}`);
    expect(single.body).toEqual(prod);

    // GitLab's job.json (strict): the deployable passes without the relaxation INDEX.md allows.
    const validate = loadSchemaOracle().validator('spec/fixtures/api/schemas/public_api/v4/job.json');
    const valid = validate(prod.deployable);
    expect(valid ? [] : validate.errors).toEqual([]);
    const deploymentSchema = loadSchemaOracle().validator(
      'spec/fixtures/api/schemas/public_api/v4/deployment.json',
    );
    const deploymentValid = deploymentSchema(prod);
    expect(deploymentValid ? [] : deploymentSchema.errors).toEqual([]);

    const envs = await t.api<EnvironmentJson[]>('GET', `/projects/${p.id}/environments`);
    expect(envs.body.map((e) => [e.name, e.state, e.external_url, e.tier])).toEqual([
      ['production', 'available', 'https://prod.example.com', 'production'],
      ['review/main', 'stopped', null, 'development'],
    ]);
    const prodEnv = await t.api<
      EnvironmentJson & { last_deployment: { id: number; deployable: { id: number } } }
    >('GET', `/projects/${p.id}/environments/${prod.environment.id}`);
    expect(prodEnv.body.last_deployment).toMatchObject({ id: prod.id, deployable: { id: deployJob.id } });

    const put = await t.api('PUT', `/projects/${p.id}/deployments/${prod.id}`, {
      json: { status: 'failed' },
    });
    expect(put.status).toBe(403);
    expect(
      await t.api<unknown[]>('GET', `/projects/${p.id}/deployments/${prod.id}/merge_requests`),
    ).toMatchObject({
      status: 200,
      body: [],
    });
  });
  it('plays the on_stop job when the environment is stopped through the API', async () => {
    const p = await createProject(t);
    const dev = await createUserWithToken(t);
    await addProjectMember(t, p.id, dev.id, 30);
    await commitFile(
      t,
      p.id,
      '.gitlab-ci.yml',
      `
deploy_review:
  script: echo deploy
  environment:
    name: review/$CI_COMMIT_REF_SLUG
    on_stop: stop_review
stop_review:
  script: echo "stopping $CI_ENVIRONMENT_NAME"
  when: manual
  environment:
    name: review/$CI_COMMIT_REF_SLUG
    action: stop
`,
    );
    const pipeline = (await latestPipeline(t, p.id))!;
    await waitForPipeline(t, p.id, pipeline.id);
    const before = await pipelineJobs(t, p.id, pipeline.id);
    expect(before.get('stop_review')!.status).toBe('manual');
    const env = (await t.api<EnvironmentJson[]>('GET', `/projects/${p.id}/environments`)).body[0]!;
    expect(env).toMatchObject({ name: 'review/main', state: 'available' });

    const reporter = await createUserWithToken(t);
    await addProjectMember(t, p.id, reporter.id, 20);
    expect(
      (await t.api('POST', `/projects/${p.id}/environments/${env.id}/stop`, { token: reporter.token }))
        .status,
    ).toBe(403);
    expect((await pipelineJobs(t, p.id, pipeline.id)).get('stop_review')!.status).toBe('manual');

    const stopped = await t.api<EnvironmentJson>('POST', `/projects/${p.id}/environments/${env.id}/stop`, {
      token: dev.token,
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body.state).toBe('stopped');
    const stopJob = await eventually('stop_review to succeed', async () => {
      const j = (await pipelineJobs(t, p.id, pipeline.id)).get('stop_review')!;
      return j.status === 'success' ? j : undefined;
    });
    expect(stopJob.user?.username).toBe(dev.username);
    const after = await t.api<EnvironmentJson>('GET', `/projects/${p.id}/environments/${env.id}`);
    expect(after.body.state).toBe('stopped');
    // Stopping again plays nothing more.
    expect((await t.api('POST', `/projects/${p.id}/environments/${env.id}/stop`)).status).toBe(200);
    const jobs = await t.api<unknown[]>(
      'GET',
      `/projects/${p.id}/pipelines/${pipeline.id}/jobs?include_retried=true`,
    );
    expect(jobs.body).toHaveLength(2);
  });
});
