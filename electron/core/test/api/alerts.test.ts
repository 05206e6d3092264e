/**
 * The alerts API over real HTTP (Outpost's REST form of GitLab's alertManagementAlerts,
 * alertManagementAlertStatusCounts and updateAlertStatus; spec States table): list filters, search,
 * GitLab's sort orders, pagination, counts per status, the single alert with its payload, status changes
 * (ended_at follows the state machine; no reopening over an open duplicate) and the role rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertProject, createIntegration, notify, storedAlert } from '../helpers/alerts.js';
import type { AlertProject, CreatedIntegration } from '../helpers/alerts.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface AlertJson {
  id: number;
  iid: number;
  title: string;
  severity: string;
  status: string;
  started_at: string;
  ended_at: string | null;
  events: number;
  service: string | null;
  details_url: string;
  payload?: unknown;
  [key: string]: unknown;
}

/** Alerts to create, in order (iid 1 … 8). */
const SEED = [
  {
    title: 'CPU hot',
    severity: 'high',
    service: 'api',
    start_time: '2024-01-01T00:00:03Z',
    fingerprint: 'cpu',
  },
  {
    title: 'Disk full',
    severity: 'critical',
    service: 'db',
    start_time: '2024-01-01T00:00:01Z',
    fingerprint: 'disk',
  },
  {
    title: 'Slow queries',
    severity: 'medium',
    description: 'p99 above 2s',
    start_time: '2024-01-01T00:00:05Z',
  },
  { title: 'Cert expiry', severity: 'low', monitoring_tool: 'Blackbox', start_time: '2024-01-01T00:00:02Z' },
  { title: 'Heartbeat', severity: 'info', service: 'cron', start_time: '2024-01-01T00:00:08Z' },
  { title: 'Mystery', severity: 'UNKNOWN', start_time: '2024-01-01T00:00:04Z' },
  { title: '100% packet loss', severity: 'high', service: 'edge_net', start_time: '2024-01-01T00:00:07Z' },
  { title: 'Memory leak', service: 'API', start_time: '2024-01-01T00:00:06Z' },
];

describe('alerts API', () => {
  let t: TestCore;
  let project: AlertProject;
  let integration: CreatedIntegration;
  let base: string;

  const list = async (query = '', token?: string) =>
    t.api<AlertJson[]>('GET', `${base}${query ? `?${query}` : ''}`, { token });
  const iids = async (query: string) => {
    const res = await list(query);
    expect(res.status, query).toBe(200);
    return res.body.map((a) => a.iid);
  };

  beforeAll(async () => {
    t = await startTestCore();
    project = await createAlertProject(t, { depth: 2 });
    integration = await createIntegration(t, project.id, { name: 'seed' });
    base = `/projects/${project.id}/alert_management/alerts`;
    for (const payload of SEED) {
      const res = await notify(t, integration.url, integration.token, payload);
      if (res.status !== 200) throw new Error(`seed failed: ${res.status}`);
    }
    // CPU hot fires twice more; Heartbeat is acknowledged, Cert expiry resolved by payload, Mystery ignored.
    await notify(t, integration.url, integration.token, SEED[0]);
    await notify(t, integration.url, integration.token, SEED[0]);
    await notify(t, integration.url, integration.token, { ...SEED[3], end_time: '2024-01-01T01:00:00Z' });
    await t.api('PUT', `${base}/5`, { json: { status: 'acknowledged' } });
    await t.api('PUT', `${base}/6`, { json: { status: 'ignored' } });
  });

  afterAll(async () => {
    await t.close();
  });

  describe('list', () => {
    it('newest first by default, with pagination headers and the list fields (no payload)', async () => {
      const res = await list('per_page=3');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total')).toBe('8');
      expect(res.headers.get('x-total-pages')).toBe('3');
      expect(res.headers.get('x-next-page')).toBe('2');
      expect(res.body.map((a) => a.iid)).toEqual([8, 7, 6]);
      const first = res.body[0]!;
      expect(Object.keys(first).sort()).toEqual(
        [
          'id',
          'iid',
          'project_id',
          'title',
          'description',
          'severity',
          'status',
          'started_at',
          'ended_at',
          'service',
          'monitoring_tool',
          'hosts',
          'environment_name',
          'environment',
          'fingerprint',
          'events',
          'integration',
          'details_url',
          'created_at',
          'updated_at',
        ].sort(),
      );
      expect(first).toMatchObject({
        iid: 8,
        title: 'Memory leak',
        severity: 'critical',
        status: 'triggered',
        project_id: project.id,
        integration: { id: integration.id, name: 'seed' },
        details_url: `${t.url}/${project.fullPath}/-/alert_management/8/details`,
      });
      expect(await iids('page=3&per_page=3')).toEqual([2, 1]);
    });

    it('filters by status: one value, an array, or comma-separated', async () => {
      expect(await iids('status=acknowledged')).toEqual([5]);
      expect(await iids('status=resolved')).toEqual([4]);
      expect(await iids('status[]=ignored&status[]=acknowledged')).toEqual([6, 5]);
      expect(await iids('status=triggered,ignored')).toEqual([8, 7, 6, 3, 2, 1]);
      const bad = await list('status=open');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'status does not have a valid value' });
    });

    it('filters by severity, any case', async () => {
      expect(await iids('severity=high')).toEqual([7, 1]);
      expect(await iids('severity=CRITICAL,unknown')).toEqual([8, 6, 2]);
      expect((await list('severity=warning')).status).toBe(400);
    });

    it('searches title, description, service and monitoring tool, any case, with LIKE characters literal', async () => {
      expect(await iids('search=api')).toEqual([8, 1]);
      expect(await iids('search=P99')).toEqual([3]);
      expect(await iids('search=blackbox')).toEqual([4]);
      expect(await iids('search=100%25')).toEqual([7]);
      expect(await iids('search=_net')).toEqual([7]);
      expect(await iids('search=nothing-matches')).toEqual([]);
      expect(await iids('search=')).toHaveLength(8);
    });

    it('sorts as GitLab: severity ascending = least critical first, status ascending = ignored first', async () => {
      expect(await iids('order_by=severity&sort=desc')).toEqual([8, 2, 7, 1, 3, 4, 5, 6]);
      expect(await iids('order_by=severity&sort=asc')).toEqual([6, 5, 4, 3, 1, 7, 2, 8]);
      expect(await iids('order_by=status&sort=desc')).toEqual([8, 7, 3, 2, 1, 5, 4, 6]);
      expect(await iids('order_by=status&sort=asc')).toEqual([6, 4, 5, 1, 2, 3, 7, 8]);
    });

    it('sorts by start time, creation, events and end time; also the `<field>_<dir>` form', async () => {
      expect(await iids('order_by=started_at&sort=asc')).toEqual([2, 4, 1, 6, 3, 8, 7, 5]);
      expect(await iids('sort=started_at_desc')).toEqual([5, 7, 8, 3, 6, 1, 4, 2]);
      expect(await iids('order_by=created_at&sort=asc')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect((await iids('order_by=events&sort=desc'))[0]).toBe(1);
      expect((await iids('sort=event_count_desc'))[0]).toBe(1);
      expect((await iids('order_by=ended_at&sort=desc'))[0]).toBe(8);
      expect((await iids('order_by=ended_at&sort=asc'))[0]).toBe(4);
      const badSort = await list('sort=sideways');
      expect(badSort.status).toBe(400);
      expect(badSort.body).toEqual({ error: 'sort does not have a valid value' });
      const badOrder = await list('order_by=title');
      expect(badOrder.status).toBe(400);
      expect(badOrder.body).toEqual({ error: 'order_by does not have a valid value' });
    });
  });

  describe('counts', () => {
    it('counts per status, open = triggered + acknowledged', async () => {
      const res = await t.api('GET', `${base}/counts`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ all: 8, open: 6, triggered: 5, acknowledged: 1, resolved: 1, ignored: 1 });
    });

    it('follows search and severity like the list', async () => {
      const res = await t.api('GET', `${base}/counts?search=api`);
      expect(res.body).toEqual({ all: 2, open: 2, triggered: 2, acknowledged: 0, resolved: 0, ignored: 0 });
      const sev = await t.api('GET', `${base}/counts?severity=info,low`);
      expect(sev.body).toEqual({ all: 2, open: 1, triggered: 0, acknowledged: 1, resolved: 1, ignored: 0 });
    });
  });

  describe('single alert', () => {
    it('has the mapped fields, the raw payload and the events counter', async () => {
      const res = await t.api<AlertJson>('GET', `${base}/1`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        iid: 1,
        title: 'CPU hot',
        severity: 'high',
        service: 'api',
        started_at: '2024-01-01T00:00:03.000Z',
        events: 3,
        payload: SEED[0],
        details: {},
      });
      const resolved = await t.api<AlertJson>('GET', `${base}/4`);
      expect(resolved.body).toMatchObject({ status: 'resolved', ended_at: '2024-01-01T01:00:00.000Z' });
    });

    it('404 for an unknown iid, 400 for a non-integer', async () => {
      const missing = await t.api('GET', `${base}/999`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Alert Not Found' });
      const bad = await t.api('GET', `${base}/first`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'alert_iid is invalid' });
    });
  });

  describe('status changes', () => {
    it('acknowledge, resolve (ended_at now) and trigger again (ended_at cleared)', async () => {
      const ack = await t.api<AlertJson>('PUT', `${base}/3`, { json: { status: 'acknowledged' } });
      expect(ack.status).toBe(200);
      expect(ack.body).toMatchObject({ iid: 3, status: 'acknowledged', ended_at: null });
      expect(ack.body).toHaveProperty('payload');
      const before = Date.now();
      const res = await t.api<AlertJson>('PUT', `${base}/3`, { form: { status: 'Resolved' } });
      expect(res.body.status).toBe('resolved');
      expect(Date.parse(res.body.ended_at!)).toBeGreaterThanOrEqual(before - 5);
      const again = await t.api<AlertJson>('PUT', `${base}/3`, { json: { status: 'triggered' } });
      expect(again.body).toMatchObject({ status: 'triggered', ended_at: null });
      expect(storedAlert(t.dataDir, project.id, 3)).toMatchObject({ status: 'triggered', ended_at: null });
    });

    it('an unchanged status writes nothing', async () => {
      const before = storedAlert(t.dataDir, project.id, 8)!;
      const res = await t.api<AlertJson>('PUT', `${base}/8`, { json: { status: 'triggered' } });
      expect(res.status).toBe(200);
      expect(storedAlert(t.dataDir, project.id, 8)).toEqual(before);
    });

    it('400 for a missing or unknown status, 404 for an unknown alert', async () => {
      const missing = await t.api('PUT', `${base}/8`, { json: {} });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'status is missing' });
      const bad = await t.api('PUT', `${base}/8`, { json: { status: 'closed' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'status does not have a valid value' });
      expect((await t.api('PUT', `${base}/999`, { json: { status: 'resolved' } })).status).toBe(404);
    });

    it('a resolved alert is not reopened while another open alert has its fingerprint (409)', async () => {
      await t.api('PUT', `${base}/2`, { json: { status: 'resolved' } });
      const fresh = await notify<{ iid: number }[]>(t, integration.url, integration.token, SEED[1]);
      expect(fresh.body[0]!.iid).toBe(9);
      const reopen = await t.api('PUT', `${base}/2`, { json: { status: 'triggered' } });
      expect(reopen.status).toBe(409);
      expect(reopen.body).toEqual({
        message:
          'An alert with the same fingerprint is already open. To change the status of this alert, resolve the linked alert.',
      });
      expect(storedAlert(t.dataDir, project.id, 2)).toMatchObject({ status: 'resolved' });
      await t.api('PUT', `${base}/9`, { json: { status: 'resolved' } });
      expect((await t.api('PUT', `${base}/2`, { json: { status: 'acknowledged' } })).status).toBe(200);
    });
  });

  describe('role rules', () => {
    it('Developers and Maintainers read and triage; Reporters 403; strangers 404; anonymous 401', async () => {
      const { maintainer, developer, reporter, stranger } = project.users;
      const calls: [string, string, unknown][] = [
        ['GET', base, undefined],
        ['GET', `${base}/counts`, undefined],
        ['GET', `${base}/1`, undefined],
        ['PUT', `${base}/1`, { status: 'acknowledged' }],
      ];
      for (const [method, p, json] of calls) {
        for (const who of [developer, maintainer]) {
          expect((await t.api(method, p, { token: who.token, json })).status, `${method} ${p}`).toBe(200);
        }
        const r = await t.api(method, p, { token: reporter.token, json });
        expect(r.status, `${method} ${p}`).toBe(403);
        expect(r.body).toEqual({ message: '403 Forbidden' });
        const s = await t.api(method, p, { token: stranger.token, json });
        expect(s.status).toBe(404);
        expect(s.body).toEqual({ message: '404 Project Not Found' });
        expect((await t.api(method, p, { token: null, json })).status).toBe(401);
      }
    });

    it('alerts of another project are not reachable through this one', async () => {
      const other = await createAlertProject(t);
      const oi = await createIntegration(t, other.id, { name: 'other' });
      await notify(t, oi.url, oi.token, { title: 'elsewhere' });
      const res = await t.api<AlertJson[]>('GET', `/projects/${other.id}/alert_management/alerts`);
      expect(res.body.map((a) => a.title)).toEqual(['elsewhere']);
      expect((await list()).body.map((a) => a.title)).not.toContain('elsewhere');
    });
  });
});
