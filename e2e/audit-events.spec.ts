/**
 * Audit events, end to end: the browser host on a fresh data dir (exports to a temp folder through
 * OUTPOST_EXPORT_DIR), Chromium, the real core. Produces events through the UI and the bridge,
 * filters the audit log, opens an event, exports CSV and reads the file back with csv-parse.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage: true });

/** One v4 API call through the browser host's bridge, as the renderer makes it. */
async function bridgeApi<T>(
  request: APIRequestContext,
  host: BrowserHostInfo,
  req: { method: string; path: string; body?: unknown; query?: Record<string, string | number> },
): Promise<{ status: number; headers: Record<string, string>; body: T }> {
  const secret = new URL(host.url).searchParams.get('secret') ?? '';
  const response = await request.post(`${host.origin}/bridge/api:request`, {
    headers: { 'x-outpost-secret': secret },
    data: { args: [req] },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { status: number; headers: Record<string, string>; body: T } })
    .result;
}

test('filter the audit log, open an event, export it to CSV', async ({
  page,
  request,
  browserHost,
  consoleProblems,
}) => {
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  // Events from the UI: a new project.
  await page.getByRole('button', { name: 'New project' }).first().click();
  const createDialog = page.getByRole('dialog', { name: 'New project' });
  await createDialog.getByRole('textbox', { name: 'Project name' }).fill('Audit Demo');
  await createDialog.getByRole('button', { name: 'Create project' }).click();
  await expect(createDialog).toBeHidden();

  // Events through the bridge: users, projects, a member, a visibility change.
  const user = await bridgeApi<{ id: number }>(request, browserHost, {
    method: 'POST',
    path: '/users',
    body: {
      username: 'grace',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'cobol-1959-flowmatic',
    },
  });
  expect(user.status).toBe(201);
  const projects: Array<{ id: number; path_with_namespace: string }> = [];
  for (const name of ['billing-api', 'docs-site', 'infra']) {
    const created = await bridgeApi<{ id: number; path_with_namespace: string }>(request, browserHost, {
      method: 'POST',
      path: '/projects',
      body: { name, visibility: 'private' },
    });
    expect(created.status).toBe(201);
    projects.push(created.body);
  }
  const billing = projects[0]!;
  expect(
    (
      await bridgeApi(request, browserHost, {
        method: 'POST',
        path: `/projects/${billing.id}/members`,
        body: { user_id: user.body.id, access_level: 30 },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await bridgeApi(request, browserHost, {
        method: 'PUT',
        path: `/projects/${billing.id}`,
        body: { visibility: 'internal' },
      })
    ).status,
  ).toBe(200);

  await page.mouse.move(0, 0);
  await expect(page.getByText('Project created', { exact: true })).toBeHidden({ timeout: 10_000 });

  // The audit log, from the navbar.
  await page.getByRole('navigation').getByRole('link', { name: 'Audit events' }).click();
  await expect(page.getByRole('heading', { name: 'Audit events' })).toBeVisible();
  const rows = page.getByTestId('audit-event-row');
  await expect(rows.first()).toBeVisible();
  // The chart counts the same events per day as the header counts in all.
  const everything = page.getByText(/^\d+ events in the last 7 days on /);
  await expect(everything).toBeVisible();
  const all = Number((await everything.textContent())!.match(/^(\d+)/)![1]);
  expect(all).toBeGreaterThanOrEqual(7);
  await expect(page.getByTestId('audit-events-chart').getByText(`${all} in range`)).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, 'audit-log.png');

  // Filter: entity type Project. Every row is a project event; the header gives the instance's count.
  await page.getByRole('combobox', { name: 'Entity type' }).click();
  await page.getByRole('option', { name: 'Project', exact: true }).click();
  const description = page.getByText(/^\d+ events? in the last 7 days on /);
  await expect(description).toBeVisible();
  await expect
    .poll(() => rows.evaluateAll((els) => els.map((el) => el.children[2]?.textContent ?? '')))
    .toEqual(expect.arrayContaining([expect.stringMatching(/^Project/)]));
  expect(
    (await rows.evaluateAll((els) => els.map((el) => el.children[2]?.textContent ?? ''))).every((text) =>
      text.startsWith('Project'),
    ),
  ).toBe(true);
  const shown = Number((await description.textContent())!.match(/^(\d+)/)![1]);
  const api = await bridgeApi<unknown[]>(request, browserHost, {
    method: 'GET',
    path: '/audit_events',
    query: { entity_type: 'Project', per_page: 1 },
  });
  expect(shown).toBe(Number(api.headers['x-total']));
  await expect(rows).toHaveCount(shown);

  // The action filter narrows the loaded rows; open the visibility change.
  await page.getByRole('textbox', { name: 'Action' }).fill('visibility');
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('change-from')).toHaveText('private');
  await expect(drawer.getByTestId('change-to')).toHaveText('internal');
  await expect(drawer.getByText(billing.path_with_namespace).first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Show JSON' }).click();
  await expect(drawer.getByTestId('audit-event-json')).toContainText('"entity_type": "Project"');
  await page.mouse.move(0, 0);
  await page.screenshot({ animations: 'disabled', path: path.join(artifacts, 'audit-event-drawer.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Clear action' }).click();
  await expect(rows).toHaveCount(shown);

  // Export CSV of the filtered events: progress, then the final count and the file.
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: /^CSV/ }).click();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('export-final-count')).toHaveText(`Exported ${shown} events to CSV`);
  const file = (await page.getByTestId('export-file').textContent())!.trim();
  expect(path.dirname(file)).toBe(browserHost.exportDir);
  expect(path.basename(file)).toMatch(/^audit-events-\d{4}-\d{2}-\d{2}-\d{6}\.csv$/);
  await page.mouse.move(0, 0);
  await shot(page, 'audit-export-done.png');

  const records = parse(await readFile(file, 'utf8'), { columns: true }) as Array<Record<string, string>>;
  expect(records).toHaveLength(shown);
  expect(records.every((record) => record.entity_type === 'Project')).toBe(true);
  const visibility = records.find((record) => record.from === 'private' && record.to === 'internal');
  expect(visibility).toMatchObject({
    entity_id: String(billing.id),
    entity_path: billing.path_with_namespace,
    author_name: 'Administrator',
    target_type: 'Project',
    action: expect.stringMatching(/^Changed visibility/),
  });
  const member = records.find((record) => record.action === 'Added user_access as Developer');
  expect(member).toMatchObject({ entity_id: String(billing.id), target_details: 'grace' });
  expect(records.map((record) => Number(record.id))).toEqual(
    [...records.map((record) => Number(record.id))].sort((a, b) => b - a),
  );

  // Dark mode.
  await page.getByTestId('color-scheme-toggle').click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.mouse.move(0, 0);
  await shot(page, 'audit-log-dark.png');

  expect(consoleProblems).toEqual([]);
});
