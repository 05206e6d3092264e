/**
 * Storage moves, end to end: the browser host on a fresh data dir with a second storage shard
 * (`OUTPOST_STORAGES=second=<tmp dir>`), Chromium, the real core. Imports this checkout and creates
 * a project (both land on `default`, the only shard with a weight), schedules a move of every
 * repository of `default` to `second` with its preview and confirmation, watches the state badges
 * reach Finished without a reload, and sees the shard usage follow. Screenshots go to e2e/artifacts/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, repoRoot, test } from './fixtures/browser-host.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage });

/**
 * Clear the screen for a screenshot: close the notifications on screen with their close buttons (rather
 * than waiting out their auto-close), move the pointer away, and wait until none is left.
 */
async function settle(page: Page) {
  for (const close of await page
    .locator('.mantine-Notification-root .mantine-Notification-closeButton')
    .all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

let secondShard = '';
const previousStorages = process.env.OUTPOST_STORAGES;
const previousRate = process.env.OUTPOST_STORAGE_MOVE_MIB_PER_SECOND;

test.beforeAll(async () => {
  secondShard = await mkdtemp(path.join(tmpdir(), 'outpost-e2e-shard-'));
  // The fixture's host inherits the environment: the core gets a second shard.
  process.env.OUTPOST_STORAGES = `second=${secondShard}`;
  // Moves copy at most 8 MiB/s each, so the import of this checkout (tens of MiB) stays `started` for a
  // few seconds: long enough to watch it on the screen, whatever the machine's disk.
  process.env.OUTPOST_STORAGE_MOVE_MIB_PER_SECOND = '8';
});

test.afterAll(async () => {
  if (previousStorages === undefined) delete process.env.OUTPOST_STORAGES;
  else process.env.OUTPOST_STORAGES = previousStorages;
  if (previousRate === undefined) delete process.env.OUTPOST_STORAGE_MOVE_MIB_PER_SECOND;
  else process.env.OUTPOST_STORAGE_MOVE_MIB_PER_SECOND = previousRate;
  await rm(secondShard, { recursive: true, force: true });
});

test('move every repository of a shard and watch the moves finish', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(240_000);
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await test.step('import this checkout and create a project', async () => {
    await page.getByRole('button', { name: 'Import repository' }).first().click();
    const importDialog = page.getByRole('dialog', { name: 'Import repository' });
    await importDialog.getByRole('textbox', { name: 'Repository' }).fill(repoRoot);
    await importDialog.getByRole('textbox', { name: 'Project name' }).fill('Outpost source');
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Repository imported', { exact: true })).toBeVisible({ timeout: 90_000 });
    await settle(page);

    await page.getByRole('button', { name: 'New project' }).first().click();
    const createDialog = page.getByRole('dialog', { name: 'New project' });
    await createDialog.getByRole('textbox', { name: 'Project name' }).fill('Checkout service');
    await createDialog.getByRole('button', { name: 'Create project' }).click();
    await expect(createDialog).toBeHidden();
    await settle(page);
  });

  const shardRow = (name: string) =>
    page.getByTestId('shard-row').and(page.locator(`[data-shard="${name}"]`));

  await test.step('open Storage moves: two shards, both projects on default', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage moves' }).click();
    await expect(page.getByRole('heading', { name: 'Storage moves' })).toBeVisible();
    await expect(page.getByText('No storage moves yet')).toBeVisible();
    await expect(shardRow('default').getByTestId('shard-repositories')).toHaveText('2');
    await expect(shardRow('second').getByTestId('shard-repositories')).toHaveText('0');
    await expect(shardRow('second')).toContainText(secondShard);
    await expect(page.getByTestId('shard-repositories-chart')).toBeVisible();
    await page.mouse.move(0, 0);
    await shot(page, 'storage-moves.png');
  });

  // Every state the screen was given for the moves, to show it followed them live.
  const seenStates = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('/bridge/api:request')) return;
    const request = response.request().postDataJSON() as { args?: [{ path?: string; method?: string }] };
    if (request.args?.[0]?.path !== '/project_repository_storage_moves' || request.args[0].method !== 'GET')
      return;
    const reply = (await response.json().catch(() => null)) as {
      result?: { body?: { state: string }[] };
    } | null;
    for (const move of reply?.result?.body ?? []) seenStates.add(move.state);
  });

  await test.step('schedule a move of every repository on default to second', async () => {
    await page.getByRole('button', { name: 'Move a shard' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Move all repositories of a shard' });
    await expect(dialog.getByRole('combobox', { name: 'Source shard' })).toHaveValue('default');
    await dialog.getByRole('combobox', { name: 'Destination shard' }).click();
    await page.getByRole('option', { name: 'second', exact: true }).click();
    const preview = dialog.getByTestId('shard-move-preview');
    await expect(preview).toContainText('2 projects on default');
    await expect(preview).toContainText('Outpost source');
    await expect(preview).toContainText('Checkout service');
    await dialog.getByRole('button', { name: 'Move 2 projects' }).click();
    await expect(dialog.getByTestId('shard-move-confirmation')).toContainText(
      '2 projects on default will move to second',
    );
    await page.mouse.move(0, 0);
    await shot(page, 'storage-moves-bulk-modal.png', false);
    await dialog.getByRole('button', { name: 'Schedule 2 moves' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Moves scheduled', { exact: true })).toBeVisible();
    // The copy rate keeps the larger move running for a few seconds.
    await expect(page.getByTestId('storage-moves-live')).toBeVisible();
    await settle(page);
    await shot(page, 'storage-moves-running.png');
  });

  await test.step('watch the moves finish without a reload', async () => {
    const rows = page.getByTestId('storage-move-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Outpost source' })).toBeVisible();
    await expect(rows.first().getByTestId('storage-move-shards')).toContainText('default');
    await expect(rows.first().getByTestId('storage-move-shards')).toContainText('second');
    const states = page.getByTestId('storage-move-state');
    await expect(states.and(page.locator('[data-state="finished"]'))).toHaveCount(2, { timeout: 120_000 });
    await expect(page.getByTestId('storage-moves-live')).toBeHidden();
    await expect(page.getByTestId('storage-move-error')).toHaveCount(0);
    // The list was read while the moves still worked, then again once they had finished: no reload.
    expect(
      [...seenStates].some((state) => state !== 'finished'),
      [...seenStates].join(', '),
    ).toBe(true);
    expect(seenStates.has('finished')).toBe(true);

    // The shards' contents follow: everything now lives on second.
    await expect(shardRow('default').getByTestId('shard-repositories')).toHaveText('0');
    await expect(shardRow('second').getByTestId('shard-repositories')).toHaveText('2');
    await settle(page);
    await shot(page, 'storage-moves-finished.png');
  });

  await test.step('filter by state and shard', async () => {
    await page.getByRole('combobox', { name: 'Filter by state' }).click();
    await page.getByRole('option', { name: /^Failed/ }).click();
    await expect(page.getByText('No moves match the filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('storage-move-row')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Filter by shard' }).click();
    await page.getByRole('option', { name: 'second', exact: true }).click();
    await expect(page.getByTestId('storage-move-row')).toHaveCount(2);
  });

  await test.step('give default and second equal weights', async () => {
    await shardRow('second').getByRole('textbox', { name: 'Weight of second' }).fill('100');
    await expect(shardRow('second')).toContainText('50% of new');
    await page.getByRole('button', { name: 'Save weights' }).click();
    await expect(page.getByText('Shard weights saved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save weights' })).toBeDisabled();
    await expect(shardRow('default')).toContainText('50% of new');
    await settle(page);
  });

  await test.step('move one project back to default', async () => {
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Move project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Move project' });
    await dialog.getByRole('combobox', { name: 'Project' }).fill('Checkout');
    await page.getByRole('option', { name: /Checkout service/ }).click();
    await expect(dialog.getByText('Now on the shard second.')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Destination shard' }).click();
    await page.getByRole('option', { name: 'default', exact: true }).click();
    await dialog.getByRole('button', { name: 'Schedule move' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Move scheduled', { exact: true })).toBeVisible();
    const rows = page.getByTestId('storage-move-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('Checkout service');
    await expect(rows.first().getByTestId('storage-move-state')).toHaveAttribute('data-state', 'finished', {
      timeout: 60_000,
    });
    await expect(shardRow('default').getByTestId('shard-repositories')).toHaveText('1');
    await expect(shardRow('second').getByTestId('shard-repositories')).toHaveText('1');
    await settle(page);
  });

  await test.step('dark mode', async () => {
    await page.getByTestId('color-scheme-toggle').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.mouse.move(0, 0);
    await shot(page, 'storage-moves-dark.png');
  });

  expect(consoleProblems).toEqual([]);
});
