/**
 * HTTP endpoint alert integrations over real HTTP (Outpost's REST form of GitLab's GraphQL
 * httpIntegrationCreate/Update/Destroy/ResetToken; spec Authentication rule 6): create (URL and key shown
 * once), list and single without the key, update, delete, key reset, the test alert, audit events without
 * the key, the key never stored or returned in plaintext, and the role rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertProject, createIntegration, notify, storedCounts } from '../helpers/alerts.js';
import type { AlertProject, CreatedIntegration } from '../helpers/alerts.js';
import { auditEventsSince, filesContaining, lastAuditEventId } from '../helpers/secrets-on-disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { ApiCallOptions, ApiResult, TestCore } from '../helpers/test-core.js';

type IntegrationJson = Omit<CreatedIntegration, 'token'> & { token?: string };

describe('alert HTTP integrations API', () => {
  let t: TestCore;
  let project: AlertProject;
  let base: string;
  /** Every key handed out in this file. */
  const keys: string[] = [];
  /** Every response body and header set, for the "key never shown again" check. */
  const responses: string[] = [];

  async function api<T = unknown>(
    method: string,
    apiPath: string,
    opts?: ApiCallOptions,
  ): Promise<ApiResult<T>> {
    const res = await t.api<T>(method, apiPath, opts);
    responses.push(res.text, JSON.stringify([...res.headers]));
    return res;
  }

  async function create(body: Record<string, unknown>, token?: string): Promise<CreatedIntegration> {
    const created = await createIntegration(t, project.id, body, token);
    keys.push(created.token);
    return created;
  }

  beforeAll(async () => {
    t = await startTestCore();
    project = await createAlertProject(t, { depth: 2 });
    base = `/projects/${project.id}/alert_management/http_integrations`;
  });

  afterAll(async () => {
    await t.close();
  });

  describe('create', () => {
    it('201 with the notify URL and the key; active by default', async () => {
      const res = await t.api<CreatedIntegration>('POST', base, { json: { name: 'Prometheus (prod)' } });
      expect(res.status).toBe(201);
      const body = res.body;
      keys.push(body.token);
      expect(Object.keys(body).sort()).toEqual(
        ['active', 'created_at', 'id', 'name', 'token', 'type', 'updated_at', 'url'].sort(),
      );
      expect(body).toMatchObject({ name: 'Prometheus (prod)', active: true, type: 'http' });
      expect(body.token).toMatch(/^[0-9a-f]{32}$/);
      expect(body.url).toMatch(
        new RegExp(`^${t.url}/${project.fullPath}/alerts/notify/prometheus-prod/[0-9a-f]{16}\\.json$`),
      );
      expect(body.created_at).toBe(body.updated_at);
    });

    it('takes active=false, form-encoded parameters and forms the name slug as Rails parameterize', async () => {
      const res = await t.api<CreatedIntegration>('POST', base, {
        form: { name: 'Ünïcode   Näme!', active: 'false' },
      });
      expect(res.status).toBe(201);
      keys.push(res.body.token);
      expect(res.body.active).toBe(false);
      expect(res.body.url).toContain('/alerts/notify/unicode-name/');
      const symbols = await create({ name: '!!!' });
      expect(symbols.url).toContain('/alerts/notify/http-endpoint/');
    });

    it('gives each integration its own endpoint and key', async () => {
      const a = await create({ name: 'same name' });
      const b = await create({ name: 'same name' });
      expect(a.url).not.toBe(b.url);
      expect(a.token).not.toBe(b.token);
    });

    it('400 for a missing, blank or too long name, storing nothing', async () => {
      const before = storedCounts(t.dataDir);
      const missing = await api('POST', base, { json: { active: true } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'name is missing' });
      const blank = await api('POST', base, { json: { name: '   ' } });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ message: { name: ["can't be blank"] } });
      const long = await api('POST', base, { json: { name: 'n'.repeat(256) } });
      expect(long.status).toBe(400);
      expect(long.body).toEqual({ message: { name: ['is too long (maximum is 255 characters)'] } });
      const badActive = await api('POST', base, { json: { name: 'x', active: 'maybe' } });
      expect(badActive.status).toBe(400);
      expect(badActive.body).toEqual({ error: 'active is invalid' });
      expect(storedCounts(t.dataDir)).toEqual(before);
    });
  });

  describe('read, update, delete', () => {
    let integration: CreatedIntegration;

    beforeAll(async () => {
      integration = await create({ name: 'Grafana' });
    });

    it('lists oldest first with pagination headers, never with the key', async () => {
      const res = await api<IntegrationJson[]>('GET', `${base}?per_page=2`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-per-page')).toBe('2');
      expect(Number(res.headers.get('x-total'))).toBeGreaterThanOrEqual(5);
      expect(res.body).toHaveLength(2);
      expect(res.body[0]!.id).toBeLessThan(res.body[1]!.id);
      for (const i of res.body) expect(i).not.toHaveProperty('token');
      const all = await api<IntegrationJson[]>('GET', `${base}?per_page=100`);
      expect(all.body.map((i) => i.id)).toContain(integration.id);
    });

    it('shows one integration without the key; 404 for unknown or foreign ids, 400 for non-integers', async () => {
      const res = await api<IntegrationJson>('GET', `${base}/${integration.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: integration.id,
        name: 'Grafana',
        active: true,
        type: 'http',
        url: integration.url,
        created_at: integration.created_at,
        updated_at: integration.updated_at,
      });
      const missing = await api('GET', `${base}/999999`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Integration Not Found' });
      const other = await createAlertProject(t);
      const foreign = await createIntegration(t, other.id, { name: 'foreign' });
      keys.push(foreign.token);
      expect((await api('GET', `${base}/${foreign.id}`)).status).toBe(404);
      const bad = await api('GET', `${base}/abc`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'integration_id is invalid' });
    });

    it('updates name and active; the URL follows the name; 400 without parameters', async () => {
      const renamed = await api<IntegrationJson>('PUT', `${base}/${integration.id}`, {
        json: { name: 'Grafana OnCall' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Grafana OnCall');
      expect(renamed.body.url).toBe(integration.url.replace('/grafana/', '/grafana-oncall/'));
      expect(renamed.body).not.toHaveProperty('token');
      integration = { ...integration, url: renamed.body.url };
      const off = await api<IntegrationJson>('PUT', `${base}/${integration.id}`, {
        form: { active: 'false' },
      });
      expect(off.body.active).toBe(false);
      expect((await notify(t, integration.url, integration.token, { title: 'off' })).status).toBe(403);
      const on = await api<IntegrationJson>('PUT', `${base}/${integration.id}`, { json: { active: true } });
      expect(on.body.active).toBe(true);
      expect((await notify(t, integration.url, integration.token, { title: 'on' })).status).toBe(200);
      const none = await api('PUT', `${base}/${integration.id}`, { json: {} });
      expect(none.status).toBe(400);
      expect(none.body).toEqual({
        error: 'name, active are missing, at least one parameter must be provided',
      });
      const blank = await api('PUT', `${base}/${integration.id}`, { json: { name: '' } });
      expect(blank.status).toBe(400);
      expect((await api('PUT', `${base}/999999`, { json: { name: 'x' } })).status).toBe(404);
    });

    it('reset_token: a new key shown once; the old key stops working at once', async () => {
      const old = integration.token;
      const res = await t.api<CreatedIntegration>('POST', `${base}/${integration.id}/reset_token`);
      expect(res.status).toBe(200);
      keys.push(res.body.token);
      expect(res.body.token).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body.token).not.toBe(old);
      expect(res.body.url).toBe(integration.url);
      const before = storedCounts(t.dataDir);
      expect((await notify(t, integration.url, old, { title: 'old key' })).status).toBe(401);
      expect(storedCounts(t.dataDir)).toEqual(before);
      expect((await notify(t, integration.url, res.body.token, { title: 'new key' })).status).toBe(200);
      integration = { ...integration, token: res.body.token };
      expect((await api('POST', `${base}/999999/reset_token`)).status).toBe(404);
    });

    it('delete: 204; the endpoint then answers 403 and its alerts stay, without integration', async () => {
      const sent = await notify<{ iid: number }[]>(t, integration.url, integration.token, {
        title: 'before delete',
      });
      const iid = sent.body[0]!.iid;
      const res = await api('DELETE', `${base}/${integration.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await api('GET', `${base}/${integration.id}`)).status).toBe(404);
      expect((await api('DELETE', `${base}/${integration.id}`)).status).toBe(404);
      expect((await notify(t, integration.url, integration.token, { title: 'after delete' })).status).toBe(
        403,
      );
      const alert = await t.api<{ integration: unknown; title: string }>(
        'GET',
        `/projects/${project.id}/alert_management/alerts/${iid}`,
      );
      expect(alert.body).toMatchObject({ title: 'before delete', integration: null });
    });
  });

  describe('test alert', () => {
    let integration: CreatedIntegration;

    beforeAll(async () => {
      integration = await create({ name: 'Test target' });
    });

    const test = (opts: ApiCallOptions = {}, id = integration.id) => api(`POST`, `${base}/${id}/test`, opts);

    it('sends the sample payload when the body is empty, grouping repeats like the receiver', async () => {
      const first = await test();
      expect(first.status).toBe(200);
      const [item] = first.body as { iid: number; title: string }[];
      expect(item!.title).toBe('Test alert');
      const again = await test({ json: {} });
      expect(again.body).toEqual([item]);
      const alert = await t.api<Record<string, unknown>>(
        'GET',
        `/projects/${project.id}/alert_management/alerts/${item!.iid}`,
      );
      expect(alert.body).toMatchObject({
        title: 'Test alert',
        severity: 'low',
        monitoring_tool: 'Outpost',
        hosts: ['localhost'],
        events: 2,
        integration: { id: integration.id, name: 'Test target' },
      });
    });

    it('processes a given payload exactly as the receiver', async () => {
      const res = await test({
        json: { title: 'Custom test', severity: 'HIGH', fingerprint: 'test-fp', x: { y: 1 } },
      });
      expect(res.status).toBe(200);
      const [item] = res.body as { iid: number; title: string }[];
      expect(item!.title).toBe('Custom test');
      const alert = await t.api<Record<string, unknown>>(
        'GET',
        `/projects/${project.id}/alert_management/alerts/${item!.iid}`,
      );
      expect(alert.body).toMatchObject({ severity: 'high', payload: { x: { y: 1 } }, details: { 'x.y': 1 } });
      const resolved = await test({ json: { fingerprint: 'test-fp', end_time: '2030-01-01T00:00:00Z' } });
      expect(resolved.body).toEqual([item]);
    });

    it('refuses bad payloads, unknown and inactive integrations, storing nothing', async () => {
      const before = storedCounts(t.dataDir);
      const empty = await test({ headers: { 'content-type': 'application/json' } });
      expect(empty.status).toBe(200); // an empty body sends the sample, grouped into the earlier one
      const afterSample = storedCounts(t.dataDir);
      expect(afterSample.alerts).toBe(before.alerts);
      expect(afterSample.events).toBe(before.events + 1);

      const array = await test({ json: [{ title: 'x' }] });
      expect(array.status).toBe(400);
      expect(array.body).toEqual({ message: 'The alert payload must be a JSON object' });
      const form = await test({ form: { title: 'x' } });
      expect(form.status).toBe(400);
      expect(form.body).toEqual({ message: 'The alert payload must be sent as application/json' });
      const resolving = await test({
        json: { fingerprint: 'nothing-open', end_time: '2030-01-01T00:00:00Z' },
      });
      expect(resolving.status).toBe(400);
      expect((resolving.body as { message: string }).message).toMatch(/^Alert not saved/);
      expect((await test({}, 999999)).status).toBe(404);
      const paused = await create({ name: 'paused test', active: false });
      const inactive = await test({}, paused.id);
      expect(inactive.status).toBe(403);
      expect(inactive.body).toEqual({ message: '403 Forbidden - The integration is not active' });
      expect(storedCounts(t.dataDir).alerts).toBe(afterSample.alerts);
      expect(storedCounts(t.dataDir).events).toBe(afterSample.events);
    });
  });

  describe('role rules', () => {
    it('Maintainers configure; Developers only send test alerts; Reporters nothing; strangers 404; anonymous 401', async () => {
      const { maintainer, developer, reporter, stranger } = project.users;
      const mine = await create({ name: 'by maintainer' }, maintainer.token);
      expect(mine.token).toMatch(/^[0-9a-f]{32}$/);
      const paths: [string, string, ApiCallOptions['json']][] = [
        ['GET', base, undefined],
        ['POST', base, { name: 'x' }],
        ['GET', `${base}/${mine.id}`, undefined],
        ['PUT', `${base}/${mine.id}`, { name: 'renamed' }],
        ['POST', `${base}/${mine.id}/reset_token`, undefined],
        ['DELETE', `${base}/${mine.id}`, undefined],
      ];
      for (const [method, p, json] of paths) {
        for (const who of [developer, reporter]) {
          const res = await api(method, p, { token: who.token, json });
          expect(res.status, `${method} ${p}`).toBe(403);
          expect(res.body).toEqual({ message: '403 Forbidden' });
        }
        expect((await api(method, p, { token: stranger.token, json })).status, `${method} ${p}`).toBe(404);
        expect((await api(method, p, { token: null, json })).status, `${method} ${p}`).toBe(401);
      }
      expect((await api('POST', `${base}/${mine.id}/test`, { token: developer.token })).status).toBe(200);
      expect((await api('POST', `${base}/${mine.id}/test`, { token: reporter.token })).status).toBe(403);
      expect((await api('POST', `${base}/${mine.id}/test`, { token: stranger.token })).status).toBe(404);
      expect((await api('POST', `${base}/${mine.id}/test`, { token: null })).status).toBe(401);
      const rotated = await t.api<CreatedIntegration>('POST', `${base}/${mine.id}/reset_token`, {
        token: maintainer.token,
      });
      expect(rotated.status).toBe(200);
      keys.push(rotated.body.token);
      expect((await api('DELETE', `${base}/${mine.id}`, { token: maintainer.token })).status).toBe(204);
    });

    it('reads accept read_api tokens; writes need api', async () => {
      const admin = await createUserWithToken(t, { admin: true, scopes: ['read_api'] });
      expect((await api('GET', base, { token: admin.token })).status).toBe(200);
      const write = await api('POST', base, { token: admin.token, json: { name: 'x' } });
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({ error: 'insufficient_scope' });
    });
  });

  describe('audit events and secrecy', () => {
    it('records create, each changed attribute, reset and delete on the project, never the key', async () => {
      const from = lastAuditEventId(t.dataDir);
      const created = await create({ name: 'Audited' });
      await api('PUT', `${base}/${created.id}`, { json: { name: 'Audited 2', active: false } });
      await api('PUT', `${base}/${created.id}`, { json: { name: 'Audited 2', active: false } }); // no change
      const reset = await t.api<CreatedIntegration>('POST', `${base}/${created.id}/reset_token`);
      keys.push(reset.body.token);
      await api('DELETE', `${base}/${created.id}`);
      const events = auditEventsSince(t.dataDir, from);
      expect(events.map((e) => e.d.event_name)).toEqual([
        'http_integration_created',
        'http_integration_updated',
        'http_integration_updated',
        'http_integration_token_reset',
        'http_integration_deleted',
      ]);
      for (const e of events) {
        expect(e.entity_type).toBe('Project');
        expect(e.entity_id).toBe(project.id);
        expect(e.d).toMatchObject({
          target_id: created.id,
          target_type: 'AlertManagement::HttpIntegration',
          entity_path: project.fullPath,
          author_name: 'Administrator',
        });
      }
      expect(events[0]!.d).toMatchObject({ add: 'HTTP integration', target_details: 'Audited' });
      expect(events[1]!.d).toMatchObject({ change: 'name', from: 'Audited', to: 'Audited 2' });
      expect(events[2]!.d).toMatchObject({ change: 'active', from: true, to: false });
      expect(events[3]!.d).toMatchObject({
        custom_message: 'Reset the authorization key of the HTTP integration',
      });
      expect(events[4]!.d).toMatchObject({ remove: 'HTTP integration', target_details: 'Audited 2' });
      const audit = await api('GET', `/projects/${project.id}/audit_events?per_page=100`);
      expect(audit.status).toBe(200);
      const everything = JSON.stringify(auditEventsSince(t.dataDir, 0)) + audit.text;
      for (const key of keys) expect(everything).not.toContain(key);
    });

    it('never returns a key after creation or reset, nor writes one to disk', async () => {
      await api('GET', `${base}?per_page=100`);
      expect(keys.length).toBeGreaterThan(8);
      const seen = responses.join('\n');
      for (const key of keys) {
        expect(seen).not.toContain(key);
        expect(filesContaining(t.dataDir, key)).toEqual([]);
      }
    });
  });
});
