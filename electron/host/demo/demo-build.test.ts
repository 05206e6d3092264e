/**
 * The whole demo build against a real host: a real embedded core in a temp dir (listening on loopback,
 * with the default second shard), built from THIS repository's real history, every outcome read back
 * through the API: merge request diffs equal to the commits' real diffs, finished pipelines with the
 * expected job statuses and a JUnit report with a failure, deployments, a finished storage move, alerts,
 * admin settings, the masked variable hidden in traces, audit events; then a second build is refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse, DemoStatus } from '../../../shared/ipc-contract.js';
import { createHost, type Host } from '../host.js';
import { loadCreateCore } from '../load-core.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';
import { DEMO_VARIABLES } from './admin-settings.js';
import { DEMO_ALERTS } from './alerts.js';
import { DEMO_PROJECT_FULL_PATH } from './demo-context.js';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
let dir: string;
let host: Host;
let firstStatus: DemoStatus;
let secondCall: DemoStatus;
let final: DemoStatus;
let buildMs = 0;
let projectId = 0;

async function get<T>(path: string, query?: Record<string, string | number>): Promise<ApiResponse<T>> {
  return (await host.proxy.request({ method: 'GET', path, ...(query ? { query } : {}) })) as ApiResponse<T>;
}

/** The hunks of a unified diff (from the first `@@`), without a trailing newline. */
function hunks(diff: string): string {
  const at = diff.indexOf('@@');
  return (at < 0 ? '' : diff.slice(at)).replace(/\n+$/, '');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-demo-'));
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '0.0.0-test',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    createCore: await loadCreateCore(),
    openExternal: async () => undefined,
    env: {},
    exportDir: join(dir, 'exports'),
    defaultDemoRepository: repoRoot,
  });
  const started = Date.now();
  firstStatus = await host.demo.load({});
  secondCall = await host.demo.load({});
  await host.demo.idle();
  buildMs = Date.now() - started;
  final = host.demo.status();
  projectId = final.project?.id ?? 0;
  console.log(`demo build from ${repoRoot}: ${(buildMs / 1000).toFixed(1)} s, ${JSON.stringify(final)}`);
}, 240_000);

afterAll(async () => {
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the demo build from this repository', () => {
  it('reports running, refuses a second build while running, and ends done with every step completed', () => {
    expect(firstStatus).toMatchObject({ state: 'running', completed: 0 });
    expect(firstStatus.total).toBeGreaterThan(5);
    expect(secondCall.state).toBe('running');
    expect(secondCall.startedAt).toBe(firstStatus.startedAt);
    expect(final.error).toBeUndefined();
    expect(final).toMatchObject({ state: 'done', completed: firstStatus.total, total: firstStatus.total });
    expect(final.project?.pathWithNamespace).toBe(DEMO_PROJECT_FULL_PATH);
  });

  it('imported the real history into the demo group, with users at different access levels', async () => {
    const project = await get<{ id: number; import_status: string; default_branch: string }>(
      `/projects/${encodeURIComponent(DEMO_PROJECT_FULL_PATH)}`,
    );
    expect(project.status).toBe(200);
    expect(project.body).toMatchObject({ id: projectId, import_status: 'finished' });
    const members = await get<Array<{ username: string; access_level: number }>>(
      `/groups/outpost-demo/members`,
    );
    const levels = new Set(members.body.map((m) => m.access_level));
    expect(levels).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect([...levels].sort()).toEqual(expect.arrayContaining([20, 30, 40]));
    expect(members.body.filter((m) => m.username !== 'root')).toHaveLength(4);
  });

  it('opened merge requests whose diffs are the real commits’ diffs: one merged, one ready, one draft', async () => {
    const list = await get<
      Array<{
        iid: number;
        state: string;
        source_branch: string;
        target_branch: string;
        work_in_progress: boolean;
        title: string;
      }>
    >(`/projects/${projectId}/merge_requests`, { state: 'all', per_page: 100 });
    const history = list.body.filter((m) => m.source_branch.startsWith('demo/'));
    expect(history.length).toBeGreaterThanOrEqual(3);
    expect(history.some((m) => m.state === 'merged')).toBe(true);
    expect(history.some((m) => m.state === 'opened' && m.work_in_progress)).toBe(true);
    let ready: (typeof history)[number] | undefined;
    for (const open of history.filter((m) => m.state === 'opened' && !m.work_in_progress)) {
      const approvals = await get<{ approved_by: unknown[] }>(
        `/projects/${projectId}/merge_requests/${open.iid}/approvals`,
      );
      if (approvals.body.approved_by.length > 0) ready = open;
    }
    expect(ready, 'an open, approved merge request for the administrator').toBeDefined();
    const discussions = await get<Array<{ notes: Array<{ type: string | null; position?: unknown }> }>>(
      `/projects/${projectId}/merge_requests/${ready!.iid}/discussions`,
    );
    const thread = discussions.body.find((d) => d.notes.length >= 2);
    expect(thread?.notes[0]?.type).toBe('DiffNote');

    for (const mr of history) {
      const branch = await get<{ commit: { id: string; parent_ids: string[] } }>(
        `/projects/${projectId}/repository/branches/${encodeURIComponent(mr.source_branch)}`,
      );
      const sha = branch.body.commit.id;
      const changes = await get<{ changes: Array<{ new_path: string; diff: string }> }>(
        `/projects/${projectId}/merge_requests/${mr.iid}/changes`,
      );
      expect(changes.body.changes.length).toBeGreaterThan(0);
      const files = execFileSync(
        'git',
        ['diff-tree', '--no-commit-id', '--name-only', '-r', `${sha}^`, sha],
        {
          cwd: repoRoot,
          encoding: 'utf8',
        },
      )
        .trim()
        .split('\n')
        .sort();
      expect(changes.body.changes.map((c) => c.new_path).sort()).toEqual(files);
      for (const change of changes.body.changes) {
        const real = execFileSync('git', ['diff', `${sha}^`, sha, '--', change.new_path], {
          cwd: repoRoot,
          encoding: 'utf8',
        });
        expect(hunks(change.diff), `${mr.title}: ${change.new_path}`).toBe(hunks(real));
      }
    }
  });

  it('ran pipelines to success on a branch and the default branch, with a JUnit failure and an allowed failure', async () => {
    const pipelines = await get<Array<{ id: number; ref: string; status: string }>>(
      `/projects/${projectId}/pipelines`,
    );
    expect(pipelines.body.length).toBeGreaterThanOrEqual(3);
    expect(pipelines.body.every((p) => p.status === 'success')).toBe(true);
    const project = await get<{ default_branch: string }>(`/projects/${projectId}`);
    const main = project.body.default_branch;
    expect(new Set(pipelines.body.map((p) => p.ref))).toEqual(new Set([main, 'ci/add-pipeline']));
    const onMain = pipelines.body.find((p) => p.ref === main)!;
    const jobs = await get<Array<{ id: number; name: string; status: string }>>(
      `/projects/${projectId}/pipelines/${onMain.id}/jobs`,
    );
    const byName = Object.fromEntries(jobs.body.map((j) => [j.name, j.status]));
    expect(byName).toEqual({
      build: 'success',
      'unit-tests': 'success',
      lint: 'failed',
      'deploy-staging': 'success',
      'deploy-production': 'success',
    });
    const report = await get<{ total_count: number; failed_count: number; skipped_count: number }>(
      `/projects/${projectId}/pipelines/${onMain.id}/test_report`,
    );
    expect(report.body).toMatchObject({ total_count: 5, failed_count: 1, skipped_count: 1 });
    const deploy = jobs.body.find((j) => j.name === 'deploy-production')!;
    const trace = await get<string>(`/projects/${projectId}/jobs/${deploy.id}/trace`);
    expect(String(trace.body)).toContain('[MASKED]');
    expect(String(trace.body)).not.toContain(DEMO_VARIABLES[0].value);
    for (const environment of ['staging', 'production']) {
      const deployments = await get<unknown[]>(`/projects/${projectId}/deployments`, {
        environment,
        status: 'success',
      });
      expect(deployments.body.length, environment).toBeGreaterThan(0);
    }
  });

  it('configured variables (one masked), a cluster and plan limits', async () => {
    const variables =
      await get<Array<{ key: string; masked: boolean; protected: boolean; variable_type: string }>>(
        '/admin/ci/variables',
      );
    expect(variables.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'DEMO_DEPLOY_TOKEN', masked: true }),
        expect.objectContaining({ key: 'DEMO_RELEASE_CHANNEL', protected: true }),
        expect.objectContaining({ key: 'DEMO_KUBECONFIG', variable_type: 'file' }),
      ]),
    );
    const clusters = await get<Array<{ name: string }>>('/admin/clusters');
    expect(clusters.body.map((c) => c.name)).toContain('demo-k8s');
    const limits = await get<{ npm_max_file_size: number }>('/application/plan_limits');
    expect(limits.body.npm_max_file_size).toBe(262_144_000);
  });

  it('moved the repository to the secondary shard', async () => {
    const moves = await get<Array<{ state: string; destination_storage_name: string }>>(
      `/projects/${projectId}/repository_storage_moves`,
    );
    expect(moves.body).toEqual([
      expect.objectContaining({ state: 'finished', destination_storage_name: 'secondary' }),
    ]);
    const project = await get<{ repository_storage: string }>(`/projects/${projectId}`);
    expect(project.body.repository_storage).toBe('secondary');
  });

  it('received alerts over HTTP: one resolved, one acknowledged; and the audit log has events', async () => {
    const alerts = await get<Array<{ title: string; status: string }>>(
      `/projects/${projectId}/alert_management/alerts`,
    );
    expect(alerts.body).toHaveLength(DEMO_ALERTS.length);
    const status = Object.fromEntries(alerts.body.map((a) => [a.title, a.status]));
    expect(status[DEMO_ALERTS[0].title]).toBe('triggered');
    expect(status[DEMO_ALERTS[1].title]).toBe('acknowledged');
    expect(status[DEMO_ALERTS[2].title]).toBe('resolved');
    const audit = await get<unknown[]>('/audit_events', { per_page: 1 });
    expect(Number(audit.headers['x-total'])).toBeGreaterThan(10);
  });

  it('refuses to build the demo a second time, saying why', async () => {
    const again = await host.demo.load({});
    expect(again.state).toBe('running');
    await host.demo.idle();
    const status = host.demo.status();
    expect(status.state).toBe('failed');
    expect(status.error).toMatch(/Demo data is already loaded on this instance/);
    expect(status.completed).toBe(0);
    const projects = await get<unknown[]>('/projects', { search: 'outpost', per_page: 100 });
    expect(projects.body).toHaveLength(1);
    await expect(host.demo.load({ repositoryPath: dir })).rejects.toMatchObject({
      name: 'BridgeError',
      code: 'bad_request',
      message: expect.stringContaining('is not a local git repository'),
    });
    await expect(host.demo.load({ repositoryPath: 'relative/path' })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});
