/**
 * An administrator's whole day on a demo instance built from THIS repository's real history (issue
 * "whole job", "Done when"): one browser host for the day on the demo built through the bridge
 * (`demo:load`, as the welcome screen's "Load demo data"; built once per run and copied into this test's
 * own data dir, e2e/fixtures/demo-template.ts), then through the UI: review and merge a merge
 * request (Changes tab, approve, merge), run a pipeline on the default branch and watch it pass live,
 * add a cluster and a masked instance variable, edit a plan limit, move the repository back between
 * shards and watch the move finish, receive an alert over real HTTP and resolve it, filter the audit log
 * and export it to CSV, verifying the file. Every screen visited is saved as
 * e2e/artifacts/day-NN-<screen>.png, numbered in the order of the day.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { expect, repoRoot, test } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';

test.use({ demo: true });

const artifacts = path.join(import.meta.dirname, 'artifacts');
let screen = 0;
/** Saves the screen as day-NN-<name>.png (NN = the order of the day). */
async function shot(page: Page, name: string, fullPage = false) {
  screen += 1;
  await page.mouse.move(0, 0);
  await page.screenshot({
    animations: 'disabled',
    path: path.join(artifacts, `day-${String(screen).padStart(2, '0')}-${name}.png`),
    fullPage,
  });
}

/** Move the pointer away and wait until no notification is left on screen. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

interface MergeRequestJson {
  iid: number;
  title: string;
  source_branch: string;
  work_in_progress: boolean;
}

test('an administrator’s whole day on the demo instance', async ({
  page,
  request,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(360_000);
  const api = <T>(req: Parameters<typeof bridgeApi>[2]) => bridgeApi<T>(request, browserHost, req);
  const nav = page.getByRole('navigation', { name: 'Main' });

  const demo = await test.step('the demo instance built from this repository', async () => {
    const built = browserHost.demo!;
    const took = `${(built.ms / 1000).toFixed(1)} s`;
    test.info().annotations.push({ type: 'demo build', description: took });
    console.log(`demo instance built from ${repoRoot} in ${took} (once for this run, copied here)`);
    expect(built.status.state).toBe('done');
    expect(built.status.project?.pathWithNamespace).toBe('outpost-demo/outpost');
    return built.status.project!;
  });
  const projectId = demo.id;

  await test.step('morning: the projects list', async () => {
    await page.goto(browserHost.url);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page.getByText('outpost-demo/outpost').first()).toBeVisible();
    await shot(page, 'projects');
  });

  // The merge request left for the administrator: open, not a draft, already approved by a reviewer.
  const open = await api<MergeRequestJson[]>({
    method: 'GET',
    path: `/projects/${projectId}/merge_requests`,
    query: { state: 'opened', per_page: 100 },
  });
  let ready: MergeRequestJson | undefined;
  for (const mr of open.body.filter((m) => m.source_branch.startsWith('demo/') && !m.work_in_progress)) {
    const approvals = await api<{ approved_by: unknown[] }>({
      method: 'GET',
      path: `/projects/${projectId}/merge_requests/${mr.iid}/approvals`,
    });
    if (approvals.body.approved_by.length > 0) ready = mr;
  }
  expect(ready, 'the demo leaves an approved merge request open').toBeDefined();
  const mr = ready!;

  await test.step('review and merge a merge request', async () => {
    await nav.getByRole('link', { name: 'Merge requests' }).click();
    await page.getByTestId('mr-project-pick').filter({ hasText: 'Outpost' }).click();
    await expect(page.getByRole('heading', { name: 'Merge requests' })).toBeVisible();
    const row = page.getByTestId('mr-row').filter({ hasText: mr.title });
    await expect(row).toBeVisible();
    await shot(page, 'merge-requests');
    await row.click();
    await expect(page.getByTestId('mr-title')).toContainText(mr.title);
    await expect(page.getByTestId('mr-state')).toHaveText('Open');
    await shot(page, 'merge-request');

    const changes = await api<{ changes: Array<{ new_path: string }> }>({
      method: 'GET',
      path: `/projects/${projectId}/merge_requests/${mr.iid}/changes`,
    });
    await page.getByRole('tab', { name: /Changes/ }).click();
    await expect(page.getByTestId('mr-file-diff').first()).toBeVisible();
    await expect(page.getByTestId('mr-file-tree-item')).toHaveCount(changes.body.changes.length);
    const thread = page.getByTestId('mr-thread').first();
    await expect(thread).toBeVisible();
    await shot(page, 'merge-request-changes');
    // The reviewer's line comment was answered: resolve the thread so it no longer blocks the merge.
    await thread.getByRole('button', { name: 'Resolve thread' }).click();
    await expect(thread).toContainText('Resolved');

    await page.getByRole('tab', { name: /Overview/ }).click();
    const approvals = page.getByTestId('mr-approvals');
    await approvals.getByRole('button', { name: 'Approve' }).click();
    await expect(approvals).toContainText('Approved by');
    await expect(page.getByTestId('mr-merge')).toBeEnabled({ timeout: 30_000 });
    await page.getByTestId('mr-merge').click();
    await expect(page.getByRole('dialog', { name: /Merge !/ })).toBeVisible();
    await page.getByTestId('mr-merge-confirm').click();
    await expect(page.getByTestId('mr-state')).toHaveText('Merged', { timeout: 30_000 });
    await expect(page.getByTestId('mr-merged-banner')).toBeVisible();
    await settle(page);
    await shot(page, 'merge-request-merged');
    const merged = await api<{ state: string }>({
      method: 'GET',
      path: `/projects/${projectId}/merge_requests/${mr.iid}`,
    });
    expect(merged.body.state).toBe('merged');
  });

  await test.step('run a pipeline on main and watch it pass live', async () => {
    await nav.getByRole('link', { name: 'Pipelines' }).click();
    await page.getByTestId('pipelines-pick').filter({ hasText: 'Outpost' }).click();
    await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
    await shot(page, 'pipelines');
    await page.getByRole('link', { name: 'Run pipeline' }).first().click();
    await expect(page.getByRole('heading', { name: 'Run pipeline' })).toBeVisible();
    const project = await api<{ default_branch: string }>({ method: 'GET', path: `/projects/${projectId}` });
    await expect(page.getByRole('combobox', { name: 'Run for branch name or tag' })).toHaveValue(
      project.body.default_branch,
    );
    await shot(page, 'run-pipeline');
    // Mark the document: a reload would lose the mark.
    await page.evaluate(() => ((globalThis as unknown as { e2eMark: boolean }).e2eMark = true));
    await page.getByRole('button', { name: 'Run pipeline' }).click();
    await expect(page.getByRole('heading', { name: /^Pipeline #\d+$/ })).toBeVisible();
    const url = page.url();
    const header = page.getByTestId('status-badge').first();
    await expect(header).toHaveAttribute('data-status', /^(created|pending|running)$/);
    await expect(page.getByTestId('job-card')).toHaveCount(5);
    await shot(page, 'pipeline-running');
    await expect(header).toHaveAttribute('data-status', 'success', { timeout: 120_000 });
    const card = (name: string) => page.locator(`[data-testid="job-card"][data-job-name="${name}"]`);
    for (const name of ['build', 'unit-tests', 'deploy-staging', 'deploy-production'])
      await expect(card(name)).toHaveAttribute('data-status', 'success');
    await expect(card('lint')).toHaveAttribute('data-status', 'failed');
    expect(await page.evaluate(() => (globalThis as unknown as { e2eMark?: boolean }).e2eMark)).toBe(true);
    expect(page.url()).toBe(url);
    await settle(page);
    await shot(page, 'pipeline-passed');
    await page.getByRole('tab', { name: /^Tests/ }).click();
    const report = page.getByTestId('test-report');
    await expect(report.getByTestId('test-case')).toHaveCount(5);
    await expect(report.getByTestId('test-stack-trace').first()).toContainText('AssertionError');
    await shot(page, 'pipeline-tests');
    await page.getByRole('tab', { name: 'Pipeline', exact: true }).click();
    // The production deploy printed the masked instance variable: its trace shows [MASKED].
    await page.getByRole('link', { name: 'deploy-production', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'deploy-production' })).toBeVisible();
    const trace = page.getByTestId('job-trace');
    await expect(trace).toContainText('to production with token [MASKED]');
    await expect(trace).not.toContainText('dpl-7Hq2xVb9Lm4Rt8Kw');
    await shot(page, 'job-trace');
    await page.getByRole('tab', { name: 'Environments' }).click();
    const production = page.getByTestId('environment-row').filter({ hasText: 'production' });
    await expect(production.getByTestId('status-badge')).toHaveAttribute('data-status', 'success');
    await shot(page, 'environments');
  });

  await test.step('add a cluster', async () => {
    await nav.getByRole('link', { name: 'Clusters' }).click();
    await expect(page.getByRole('heading', { name: 'Clusters' })).toBeVisible();
    const rows = page.getByTestId('cluster-row');
    await expect(rows.filter({ hasText: 'demo-k8s' })).toBeVisible();
    await page.getByRole('button', { name: 'Add cluster' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add cluster' });
    await form.getByRole('textbox', { name: 'Cluster name' }).fill('review apps');
    await form.getByRole('textbox', { name: 'API URL' }).fill('https://review.k8s.outpost.example:6443');
    await form.getByLabel('Service token').fill('review-apps-service-account-token');
    await form.getByRole('textbox', { name: 'Environment scope' }).fill('review/*');
    await form.getByRole('button', { name: 'Add cluster' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Cluster added', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(2);
    await settle(page);
    await shot(page, 'clusters');
  });

  await test.step('add a masked instance variable', async () => {
    await nav.getByRole('link', { name: 'CI/CD variables' }).click();
    const rows = page.getByTestId('variable-row');
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: 'Add variable' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add variable' });
    await form.getByRole('textbox', { name: 'Key' }).fill('RELEASE_SIGNING_KEY');
    await form.getByRole('textbox', { name: 'Value' }).fill('sk_live_Ab12Cd34Ef56Gh78');
    await form.getByRole('checkbox', { name: 'Mask variable' }).check();
    await form.getByRole('button', { name: 'Add variable' }).click();
    await expect(form).toBeHidden();
    await expect(rows).toHaveCount(4);
    const signing = rows.filter({ hasText: 'RELEASE_SIGNING_KEY' });
    await expect(signing.getByText('Masked')).toBeVisible();
    await expect(signing.getByTestId('variable-value')).not.toContainText('sk_live');
    await settle(page);
    await shot(page, 'ci-variables');
    const stored = await api<{ masked: boolean }>({
      method: 'GET',
      path: '/admin/ci/variables/RELEASE_SIGNING_KEY',
    });
    expect(stored.body.masked).toBe(true);
  });

  await test.step('edit a plan limit', async () => {
    await nav.getByRole('link', { name: 'Plan limits' }).click();
    const npm = page.getByTestId('limit-npm_max_file_size');
    const size = npm.getByLabel('npm maximum file size', { exact: true });
    // The demo set 250 MiB.
    await expect(size).toHaveValue('250');
    await size.fill('1');
    await npm.getByLabel('npm maximum file size unit').click();
    await page.getByRole('option', { name: 'GiB', exact: true }).click();
    await expect(npm.getByTestId('exact-bytes')).toHaveText('= 1,073,741,824 bytes');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await expect(page.getByText('Plan limits saved', { exact: true })).toBeVisible();
    await settle(page);
    await shot(page, 'plan-limits');
    const limits = await api<{ npm_max_file_size: number }>({
      method: 'GET',
      path: '/application/plan_limits',
    });
    expect(limits.body.npm_max_file_size).toBe(1_073_741_824);
  });

  await test.step('move the repository back between shards and watch it finish', async () => {
    const shardRow = (name: string) =>
      page.getByTestId('shard-row').and(page.locator(`[data-shard="${name}"]`));
    await nav.getByRole('link', { name: 'Storage moves' }).click();
    await expect(page.getByRole('heading', { name: 'Storage moves' })).toBeVisible();
    const rows = page.getByTestId('storage-move-row');
    await expect(rows).toHaveCount(1);
    await expect(shardRow('secondary').getByTestId('shard-repositories')).toHaveText('1');
    await expect(shardRow('default').getByTestId('shard-repositories')).toHaveText('0');
    await shot(page, 'storage-moves');
    await page.getByRole('button', { name: 'Move project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Move project' });
    await dialog.getByRole('combobox', { name: 'Project' }).fill('Outpost');
    await page
      .getByRole('option', { name: /Outpost/ })
      .first()
      .click();
    await expect(dialog.getByText('Now on the shard secondary.')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Destination shard' }).click();
    await page.getByRole('option', { name: 'default', exact: true }).click();
    await dialog.getByRole('button', { name: 'Schedule move' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Move scheduled', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.first().getByTestId('storage-move-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 90_000,
    });
    await expect(shardRow('default').getByTestId('shard-repositories')).toHaveText('1');
    await expect(shardRow('secondary').getByTestId('shard-repositories')).toHaveText('0');
    await settle(page);
    await shot(page, 'storage-move-finished');
  });

  await test.step('receive an alert over HTTP and resolve it', async () => {
    await nav.getByRole('link', { name: 'Alerts' }).click();
    await page.getByTestId('alerts-project-pick').filter({ hasText: 'Outpost' }).click();
    const rows = page.getByTestId('alert-row');
    await expect(rows).toHaveCount(3);
    await shot(page, 'alerts');

    // The key is shown once: reset it to get one for this test, as an administrator would.
    await page.getByRole('tab', { name: 'Integrations' }).click();
    const integration = page.getByTestId('integration-row').filter({ hasText: 'Prometheus (demo)' });
    const url = (await integration.getByTestId('integration-url').textContent())!.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/outpost-demo\/outpost\/.*alerts\/notify\//);
    await integration.getByRole('button', { name: 'More actions for Prometheus (demo)' }).click();
    await page.getByRole('menuitem', { name: 'Reset key' }).click();
    await page
      .getByRole('dialog', { name: 'Reset the key of “Prometheus (demo)”?' })
      .getByRole('button', { name: 'Reset key' })
      .click();
    const reveal = page.getByRole('dialog', { name: 'New key for “Prometheus (demo)”' });
    const key = await reveal.getByRole('textbox', { name: 'Authorization key' }).inputValue();
    await shot(page, 'alert-integration-key');
    await reveal.getByRole('button', { name: 'I’ve copied the key' }).click();
    await settle(page);
    await page.getByRole('tab', { name: 'Alerts' }).click();
    await expect(rows).toHaveCount(3);

    const title = 'Merge train latency above 10 minutes';
    const sent = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        title,
        description: 'Merges wait for more than 10 minutes.',
        severity: 'critical',
        service: 'outpost-core',
        monitoring_tool: 'Prometheus',
        fingerprint: 'merge-latency',
      }),
    });
    expect(sent.status).toBe(200);
    const alert = rows.filter({ hasText: title });
    await expect(alert).toBeVisible();
    await expect(rows).toHaveCount(4);
    await expect(alert.getByText('Triggered')).toBeVisible();
    await shot(page, 'alert-received');
    await alert.getByRole('button', { name: title }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(title) });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText('Alert resolved', { exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await shot(page, 'alert-resolved');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(alert.getByText('Resolved')).toBeVisible();
    await expect(page.getByTestId('status-count-resolved')).toHaveText('2');
  });

  await test.step('filter the audit log, export it to CSV and check the file', async () => {
    await nav.getByRole('link', { name: 'Audit events' }).click();
    await expect(page.getByRole('heading', { name: 'Audit events' })).toBeVisible();
    await expect(page.getByTestId('audit-event-row').first()).toBeVisible();
    await shot(page, 'audit-log');
    await page.getByRole('combobox', { name: 'Entity type' }).click();
    await page.getByRole('option', { name: 'Project', exact: true }).click();
    const description = page.getByText(/^\d+ events? in the last 7 days on /);
    const all = await api<unknown[]>({
      method: 'GET',
      path: '/audit_events',
      query: { entity_type: 'Project', per_page: 1 },
    });
    const total = Number(all.headers['x-total']);
    expect(total).toBeGreaterThan(3);
    await expect(description).toHaveText(new RegExp(`^${total} events`));
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: /^CSV/ }).click();
    await expect(page.getByTestId('export-progress')).toHaveAttribute('data-state', 'done', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('export-final-count')).toHaveText(`Exported ${total} events to CSV`);
    const file = (await page.getByTestId('export-file').textContent())!.trim();
    expect(path.dirname(file)).toBe(browserHost.exportDir);
    await shot(page, 'audit-export');

    const records = parse(await readFile(file, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(total);
    expect(records.every((r) => r.entity_type === 'Project')).toBe(true);
    // The day's own work is in it: the demo project's events, the storage move of this afternoon.
    const ours = records.filter((r) => r.entity_path === 'outpost-demo/outpost');
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.some((r) => /storage move/i.test(r.action ?? ''))).toBe(true);
    const ids = records.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  expect(consoleProblems).toEqual([]);
});
