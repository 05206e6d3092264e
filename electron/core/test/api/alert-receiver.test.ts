/**
 * The alert receiver over real HTTP (doc/operations/incident_management/integrations.md; spec "Alert
 * receiver", "Alert payload (inbound)", States table): monitoring-tool style POSTs to the notify URL of a
 * project in nested groups — every mapping rule, grouping by fingerprint, resolution by `end_time`,
 * re-creation after resolution, and each rejection with nothing stored.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../app.js';
import {
  createAlertProject,
  createIntegration,
  notify,
  storedAlert,
  storedCounts,
} from '../helpers/alerts.js';
import type { AlertProject, CreatedIntegration } from '../helpers/alerts.js';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');

interface AlertJson {
  iid: number;
  title: string;
  description: string | null;
  severity: string;
  status: string;
  started_at: string;
  ended_at: string | null;
  service: string | null;
  monitoring_tool: string | null;
  hosts: string[];
  environment_name: string | null;
  environment: { id: number; name: string } | null;
  fingerprint: string | null;
  events: number;
  integration: { id: number; name: string } | null;
  payload: Record<string, unknown>;
  details: Record<string, unknown>;
}

describe('alert receiver', () => {
  let t: TestCore;
  let project: AlertProject;
  let integration: CreatedIntegration;

  beforeAll(async () => {
    t = await startTestCore();
    project = await createAlertProject(t, { depth: 3 });
    integration = await createIntegration(t, project.id, { name: 'Prometheus (prod)' });
  });

  afterAll(async () => {
    await t.close();
  });

  const send = <T = unknown>(body: unknown, opts: Parameters<typeof notify>[4] = {}) =>
    notify<T>(t, integration.url, integration.token, body, opts);

  const alert = async (iid: number) => {
    const res = await t.api<AlertJson>('GET', `/projects/${project.id}/alert_management/alerts/${iid}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  describe('notify URL and authorization', () => {
    it('is GitLab-shaped: <base>/<namespace path>/<project>/alerts/notify/<name slug>/<endpoint>.json', () => {
      expect(integration.url).toBe(
        `${t.url}/${project.fullPath}/alerts/notify/prometheus-prod/${integration.url.split('/').pop()}`,
      );
      expect(project.fullPath.split('/')).toHaveLength(4);
      expect(integration.url).toMatch(/\/[a-f0-9]{16}\.json$/);
    });

    it('accepts the documented example with a Bearer key: 200 [{"iid","title"}]', async () => {
      const res = await send({
        title: 'Incident title',
        description: 'Short description of the incident',
        start_time: '2019-09-12T06:00:55Z',
        service: 'service affected',
        monitoring_tool: 'value',
        hosts: 'value',
        severity: 'high',
        fingerprint: 'd19381d4e8ebca87b55cda6e8eee7385',
        foo: { bar: { baz: 42 } },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual([{ iid: 1, title: 'Incident title' }]);
      const a = await alert(1);
      expect(a).toMatchObject({
        iid: 1,
        title: 'Incident title',
        description: 'Short description of the incident',
        severity: 'high',
        status: 'triggered',
        started_at: '2019-09-12T06:00:55.000Z',
        ended_at: null,
        service: 'service affected',
        monitoring_tool: 'value',
        hosts: ['value'],
        environment_name: null,
        fingerprint: sha1('d19381d4e8ebca87b55cda6e8eee7385'),
        events: 1,
        integration: { id: integration.id, name: 'Prometheus (prod)' },
      });
      expect(a.payload).toEqual({
        title: 'Incident title',
        description: 'Short description of the incident',
        start_time: '2019-09-12T06:00:55Z',
        service: 'service affected',
        monitoring_tool: 'value',
        hosts: 'value',
        severity: 'high',
        fingerprint: 'd19381d4e8ebca87b55cda6e8eee7385',
        foo: { bar: { baz: 42 } },
      });
      // start_time is mapped to started_at and, as in GitLab (Alert::DETAILS_IGNORED_PARAMS), left out of details.
      expect(a.details).toEqual({ 'foo.bar.baz': 42 });
    });

    it('accepts Basic authentication with a blank user name and the key as password', async () => {
      const basic = Buffer.from(`:${integration.token}`).toString('base64');
      const res = await notify(
        t,
        integration.url,
        null,
        { title: 'basic auth' },
        {
          headers: { authorization: `Basic ${basic}` },
        },
      );
      expect(res.status).toBe(200);
      expect((res.body as { title: string }[])[0]!.title).toBe('basic auth');
    });

    it('takes the URL without .json and ignores the name segment, as GitLab routes it', async () => {
      const endpoint = integration.url.split('/').pop()!.replace('.json', '');
      const bare = `${t.url}/${project.fullPath}/alerts/notify/anything/${endpoint}`;
      const res = await notify(t, bare, integration.token, { title: 'no format' });
      expect(res.status).toBe(200);
    });
  });

  describe('rejections store nothing', () => {
    const expectRejected = async (
      run: () => Promise<{ status: number; text: string }>,
      status: number,
    ): Promise<void> => {
      const before = storedCounts(t.dataDir);
      const res = await run();
      expect(res.status).toBe(status);
      expect(res.text).toBe('');
      expect(storedCounts(t.dataDir)).toEqual(before);
    };

    it('401 for a wrong, missing or malformed key, and for personal access tokens', async () => {
      await expectRejected(() => notify(t, integration.url, 'wrong-key', { title: 'x' }), 401);
      await expectRejected(() => notify(t, integration.url, null, { title: 'x' }), 401);
      await expectRejected(() => notify(t, integration.url, `${integration.token}x`, { title: 'x' }), 401);
      await expectRejected(
        () => notify(t, integration.url, null, { title: 'x' }, { headers: { authorization: 'Bearer' } }),
        401,
      );
      const wrongBasic = Buffer.from(':nope').toString('base64');
      await expectRejected(
        () =>
          notify(
            t,
            integration.url,
            null,
            { title: 'x' },
            { headers: { authorization: `Basic ${wrongBasic}` } },
          ),
        401,
      );
      const userOnly = Buffer.from(`${integration.token}:`).toString('base64');
      await expectRejected(
        () =>
          notify(
            t,
            integration.url,
            null,
            { title: 'x' },
            { headers: { authorization: `Basic ${userOnly}` } },
          ),
        401,
      );
      await expectRejected(() => notify(t, integration.url, ROOT_TOKEN, { title: 'x' }), 401);
      await expectRejected(
        () => notify(t, integration.url, null, { title: 'x' }, { headers: { 'private-token': ROOT_TOKEN } }),
        401,
      );
    });

    it('403 for an unknown endpoint, an unknown project, another project’s endpoint and an inactive integration', async () => {
      const endpoint = integration.url.split('/').pop()!;
      await expectRejected(
        () =>
          notify(t, integration.url.replace(endpoint, 'ffffffffffffffff.json'), integration.token, {
            title: 'x',
          }),
        403,
      );
      await expectRejected(
        () =>
          notify(t, `${t.url}/nobody/nothing/alerts/notify/x/${endpoint}`, integration.token, { title: 'x' }),
        403,
      );
      const other = await createAlertProject(t);
      const otherIntegration = await createIntegration(t, other.id, { name: 'other' });
      const crossed = `${t.url}/${project.fullPath}/alerts/notify/other/${otherIntegration.url.split('/').pop()!}`;
      await expectRejected(() => notify(t, crossed, otherIntegration.token, { title: 'x' }), 403);

      const inactive = await createIntegration(t, project.id, { name: 'paused', active: false });
      await expectRejected(() => notify(t, inactive.url, inactive.token, { title: 'x' }), 403);
      // An inactive integration answers 403 before the key is looked at, as GitLab's NotifyService.
      await expectRejected(() => notify(t, inactive.url, 'wrong', { title: 'x' }), 403);
    });

    it('400 for another content type, no content type, malformed JSON and non-object JSON', async () => {
      await expectRejected(() => send('title=x', { contentType: 'application/x-www-form-urlencoded' }), 400);
      await expectRejected(() => send('{"title":"x"}', { contentType: 'text/plain' }), 400);
      await expectRejected(() => send('{"title":"x"}', { contentType: null }), 400);
      await expectRejected(() => send('{"title":', {}), 400);
      await expectRejected(() => send('[{"title":"x"}]', {}), 400);
      await expectRejected(() => send('"title"', {}), 400);
      await expectRejected(() => send('null', {}), 400);
      await expectRejected(() => send('42', {}), 400);
      await expectRejected(() => send('', {}), 400);
      const form = new FormData();
      form.append('title', 'x');
      await expectRejected(async () => {
        const res = await fetch(`${t.url}${new URL(integration.url).pathname}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${integration.token}` },
          body: form,
        });
        return { status: res.status, text: await res.text() };
      }, 400);
    });

    it('400 for a payload nested deeper than 100 levels', async () => {
      let deep: unknown = 'x';
      for (let i = 0; i < 100; i++) deep = { d: deep };
      await expectRejected(() => send({ title: 'deep', nested: deep }), 400);
    });

    it('413 over the 1 MB limit (by Content-Length and when streamed), nothing read into an alert', async () => {
      const big = JSON.stringify({ title: 'big', blob: 'x'.repeat(1024 * 1024) });
      await expectRejected(() => send(big), 413);
      await expectRejected(async () => {
        const bytes = new TextEncoder().encode(big);
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 64 * 1024)
              controller.enqueue(bytes.slice(i, i + 64 * 1024));
            controller.close();
          },
        });
        const res = await fetch(`${t.url}${new URL(integration.url).pathname}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${integration.token}`, 'content-type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit & { duplex: 'half' });
        return { status: res.status, text: await res.text() };
      }, 413);
      const justUnder = JSON.stringify({ title: 'just under', blob: 'x'.repeat(1024 * 1024 - 40) });
      expect(Buffer.byteLength(justUnder)).toBeLessThanOrEqual(1024 * 1024);
      expect((await send(justUnder)).status).toBe(200);
    });

    it('400 for a resolving payload when no open alert has its fingerprint (GitLab: alert not saved)', async () => {
      await expectRejected(
        () => send({ title: 'never opened', fingerprint: 'fp-never', end_time: '2024-01-01T00:00:00Z' }),
        400,
      );
    });

    it('404 for an endpoint identifier outside [A-Za-z0-9]+ (no route)', async () => {
      const before = storedCounts(t.dataDir);
      const res = await notify(
        t,
        `${t.url}/${project.fullPath}/alerts/notify/x/abc-def.json`,
        integration.token,
        {
          title: 'x',
        },
      );
      expect(res.status).toBe(404);
      expect(storedCounts(t.dataDir)).toEqual(before);
    });

    it('leaves personal access token authentication of the API untouched', async () => {
      const res = await fetch(`${t.url}/api/v4/user`, {
        headers: { authorization: `Bearer ${integration.token}` },
      });
      expect(res.status).toBe(401);
      const ok = await fetch(`${t.url}/api/v4/user`, { headers: { authorization: `Bearer ${ROOT_TOKEN}` } });
      expect(ok.status).toBe(200);
    });
  });

  describe('payload mapping', () => {
    const created = async (payload: unknown): Promise<AlertJson> => {
      const res = await send<{ iid: number }[]>(payload);
      expect(res.status).toBe(200);
      return alert(res.body[0]!.iid);
    };

    it('defaults: title New: Alert, start_time now, severity critical, no hosts, fingerprint of the payload', async () => {
      const before = Date.now();
      const a = await created({ custom: 'only-this' });
      const after = Date.now();
      expect(a.title).toBe('New: Alert');
      expect(a.severity).toBe('critical');
      expect(a.status).toBe('triggered');
      expect(Date.parse(a.started_at)).toBeGreaterThanOrEqual(before - 5);
      expect(Date.parse(a.started_at)).toBeLessThanOrEqual(after + 5);
      expect(a.hosts).toEqual([]);
      expect(a.description).toBeNull();
      expect(a.service).toBeNull();
      expect(a.monitoring_tool).toBeNull();
      expect(a.fingerprint).toMatch(/^[0-9a-f]{40}$/);
      expect(a.payload).toEqual({ custom: 'only-this' });
    });

    it('an empty object creates an alert with every default and no fingerprint', async () => {
      const a1 = await created({});
      const a2 = await created({});
      expect(a1.title).toBe('New: Alert');
      expect(a1.fingerprint).toBeNull();
      expect(a2.iid).toBe(a1.iid + 1);
    });

    it('an invalid start_time falls back to now; blank title to the default', async () => {
      const before = Date.now();
      const a = await created({ title: '   ', start_time: 'yesterday-ish', fingerprint: 'fp-time' });
      expect(a.title).toBe('New: Alert');
      expect(Date.parse(a.started_at)).toBeGreaterThanOrEqual(before - 5);
    });

    it('severity is case-insensitive among the six values, critical otherwise', async () => {
      const cases: [unknown, string][] = [
        ['CRITICAL', 'critical'],
        ['High', 'high'],
        ['medium', 'medium'],
        ['LoW', 'low'],
        ['INFO', 'info'],
        ['Unknown', 'unknown'],
        ['warning', 'critical'],
        [5, 'critical'],
        [null, 'critical'],
      ];
      for (const [severity, expected] of cases) {
        const a = await created({ title: `sev ${String(severity)}`, severity });
        expect(a.severity, String(severity)).toBe(expected);
      }
    });

    it('hosts as a string or a nested array; service, monitoring_tool, gitlab_environment_name kept', async () => {
      const a = await created({
        title: 'hosts array',
        hosts: ['web-1', ['web-2', 'db-1']],
        service: 'checkout',
        monitoring_tool: 'Prometheus',
        gitlab_environment_name: 'production',
      });
      expect(a.hosts).toEqual(['web-1', 'web-2', 'db-1']);
      expect(a.service).toBe('checkout');
      expect(a.monitoring_tool).toBe('Prometheus');
      expect(a.environment_name).toBe('production');
      expect(a.environment).toBeNull();
      expect(a.details).toMatchObject({ gitlab_environment_name: 'production' });
    });

    it('gitlab_environment_name links the project environment of that name', async () => {
      const env = await t.api<{ id: number }>('POST', `/projects/${project.id}/environments`, {
        json: { name: 'staging' },
      });
      expect(env.status).toBe(201);
      const a = await created({ title: 'env link', gitlab_environment_name: 'staging' });
      expect(a.environment).toEqual({ id: env.body.id, name: 'staging' });
      const other = await created({ title: 'env missing', gitlab_environment_name: 'Staging' });
      expect(other.environment_name).toBe('Staging');
      expect(other.environment).toBeNull();
    });

    it('long texts are cut to GitLab column lengths', async () => {
      const a = await created({
        title: 'T'.repeat(250),
        description: 'D'.repeat(1500),
        service: 'S'.repeat(120),
      });
      expect(a.title).toBe(`${'T'.repeat(197)}...`);
      expect(a.description).toHaveLength(1000);
      expect(a.service).toHaveLength(100);
      expect((a.payload.title as string).length).toBe(250);
    });

    it('fingerprints are SHA-1: a string as is, an array as its items joined', async () => {
      const s = await created({ title: 'fp string', fingerprint: 'abc' });
      expect(s.fingerprint).toBe(sha1('abc'));
      const arr = await created({ title: 'fp array', fingerprint: ['x', ['y', 1]] });
      expect(arr.fingerprint).toBe(sha1('xy1'));
    });

    it('extra properties are kept, nested objects included', async () => {
      const a = await created({ title: 'extras', labels: { team: { name: 'sre' } }, list: [1, { a: 2 }] });
      expect(a.payload).toEqual({ title: 'extras', labels: { team: { name: 'sre' } }, list: [1, { a: 2 }] });
      expect(a.details).toEqual({ 'labels.team.name': 'sre', list: [1, { a: 2 }] });
    });

    it('stores the payload whole in SQLite', () => {
      const row = storedAlert(t.dataDir, project.id, 1)!;
      expect(JSON.parse(row.payload as string)).toMatchObject({ foo: { bar: { baz: 42 } } });
      expect(row.integration_id).toBe(integration.id);
    });
  });

  describe('grouping, resolution and re-creation', () => {
    it('groups occurrences with the same fingerprint while open, counting events', async () => {
      const first = await send<{ iid: number; title: string }[]>({
        title: 'Disk full',
        fingerprint: 'disk-1',
      });
      const iid = first.body[0]!.iid;
      const before = storedCounts(t.dataDir);
      const again = await send<{ iid: number; title: string }[]>({
        title: 'Disk full (again, other title)',
        fingerprint: 'disk-1',
        severity: 'low',
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual([{ iid, title: 'Disk full' }]);
      await send({ title: 'Disk full', fingerprint: 'disk-1' });
      const after = storedCounts(t.dataDir);
      expect(after.alerts).toBe(before.alerts);
      expect(after.events).toBe(before.events + 2);
      const a = await alert(iid);
      expect(a.events).toBe(3);
      expect(a.title).toBe('Disk full');
      expect(a.severity).toBe('critical');
    });

    it('an array fingerprint and the string of its joined items group together (GitLab’s hashing)', async () => {
      const a = await send<{ iid: number }[]>({ title: 'joined', fingerprint: ['ab', 'cd'] });
      const b = await send<{ iid: number }[]>({ title: 'joined', fingerprint: 'abcd' });
      expect(b.body[0]!.iid).toBe(a.body[0]!.iid);
    });

    it('groups an acknowledged alert too (any status but resolved)', async () => {
      const first = await send<{ iid: number }[]>({ title: 'Ack me', fingerprint: 'ack-1' });
      const iid = first.body[0]!.iid;
      const put = await t.api('PUT', `/projects/${project.id}/alert_management/alerts/${iid}`, {
        json: { status: 'acknowledged' },
      });
      expect(put.status).toBe(200);
      const again = await send<{ iid: number }[]>({ title: 'Ack me', fingerprint: 'ack-1' });
      expect(again.body[0]!.iid).toBe(iid);
      const a = await alert(iid);
      expect(a.status).toBe('acknowledged');
      expect(a.events).toBe(2);
    });

    it('an end_time payload resolves the open alert; the same payload afterwards creates a new alert', async () => {
      const opened = await send<{ iid: number }[]>({ title: 'API down', fingerprint: 'api-down' });
      const iid = opened.body[0]!.iid;
      const before = storedCounts(t.dataDir);
      const resolved = await send<{ iid: number; title: string }[]>({
        title: 'API down',
        fingerprint: 'api-down',
        end_time: '2030-01-02T03:04:05Z',
      });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toEqual([{ iid, title: 'API down' }]);
      expect(storedCounts(t.dataDir)).toEqual(before);
      const a = await alert(iid);
      expect(a.status).toBe('resolved');
      expect(a.ended_at).toBe('2030-01-02T03:04:05.000Z');
      expect(a.events).toBe(1);

      const reopened = await send<{ iid: number }[]>({ title: 'API down', fingerprint: 'api-down' });
      expect(reopened.body[0]!.iid).toBe(iid + 1);
      const fresh = await alert(iid + 1);
      expect(fresh.status).toBe('triggered');
      expect(fresh.events).toBe(1);
      expect((await alert(iid)).status).toBe('resolved');

      // Resolving again only touches the new open alert.
      await send({ title: 'API down', fingerprint: 'api-down', end_time: '2030-01-03T00:00:00Z' });
      expect((await alert(iid + 1)).status).toBe('resolved');
      expect((await alert(iid)).ended_at).toBe('2030-01-02T03:04:05.000Z');
    });

    it('without a fingerprint, identical payloads group regardless of start_time and hosts, and end_time resolves', async () => {
      const base = { title: 'Queue backlog', service: 'jobs', labels: { queue: 'mail' } };
      const first = await send<{ iid: number }[]>({
        ...base,
        start_time: '2024-01-01T00:00:00Z',
        hosts: 'a',
      });
      const iid = first.body[0]!.iid;
      // Same payload with other keys first, other hosts and no start_time.
      const second = await send<{ iid: number }[]>({
        hosts: ['b', 'c'],
        labels: { queue: 'mail' },
        service: 'jobs',
        title: 'Queue backlog',
      });
      expect(second.body[0]!.iid).toBe(iid);
      const different = await send<{ iid: number }[]>({ ...base, labels: { queue: 'sms' } });
      expect(different.body[0]!.iid).not.toBe(iid);
      expect((await alert(iid)).events).toBe(2);
      const resolving = await send<{ iid: number }[]>({ ...base, end_time: '2024-01-01T01:00:00Z' });
      expect(resolving.body[0]!.iid).toBe(iid);
      expect((await alert(iid)).status).toBe('resolved');
    });

    it('numbers alerts per project', async () => {
      const other = await createAlertProject(t);
      const oi = await createIntegration(t, other.id, { name: 'second project' });
      const res = await notify<{ iid: number }[]>(t, oi.url, oi.token, { title: 'first of its project' });
      expect(res.body[0]!.iid).toBe(1);
    });
  });

  describe('nested groups', () => {
    it('serves projects from 1 to 20 group levels deep', async () => {
      for (const depth of [1, 20]) {
        const p = await createAlertProject(t, { depth });
        const i = await createIntegration(t, p.id, { name: `depth ${depth}` });
        expect(new URL(i.url).pathname.split('/').length).toBe(depth + 1 + 1 + 4);
        const res = await notify<{ iid: number }[]>(t, i.url, i.token, { title: `depth ${depth}` });
        expect(res.status, `depth ${depth}`).toBe(200);
        expect(res.body).toEqual([{ iid: 1, title: `depth ${depth}` }]);
      }
    });
  });
});

describe('alert receiver with a configured payload limit', () => {
  it('answers 413 beyond createCore({ alertPayloadLimit }) for the receiver and test alerts', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-alert-limit-'));
    const core = await createCore({ dataDir, rootToken: ROOT_TOKEN, alertPayloadLimit: 2048 });
    try {
      const url = await core.listen({ port: 0 });
      const api = async (method: string, apiPath: string, json: unknown) => {
        const res = await fetch(`${url}/api/v4${apiPath}`, {
          method,
          headers: { 'PRIVATE-TOKEN': ROOT_TOKEN, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const p = await api('POST', '/projects', { name: 'limited' });
      const i = await api('POST', `/projects/${String(p.body.id)}/alert_management/http_integrations`, {
        name: 'limited',
      });
      const [notifyUrl, key] = [i.body.url as string, i.body.token as string];
      const small = await notify({ url }, notifyUrl, key, { title: 'small', blob: 'x'.repeat(1500) });
      expect(small.status).toBe(200);
      const big = await notify({ url }, notifyUrl, key, { title: 'big', blob: 'x'.repeat(2100) });
      expect(big.status).toBe(413);
      expect(big.text).toBe('');
      const test = await api(
        'POST',
        `/projects/${String(p.body.id)}/alert_management/http_integrations/${String(i.body.id)}/test`,
        { title: 'big', blob: 'x'.repeat(2100) },
      );
      expect(test.status).toBe(413);
      expect(test.body).toEqual({ message: '413 Request Entity Too Large' });
      expect(storedCounts(dataDir).alerts).toBe(1);
    } finally {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
