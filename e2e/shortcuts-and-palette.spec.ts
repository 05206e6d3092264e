/**
 * Command palette, keyboard shortcut overlay and clone panel, end to end: the browser host on a
 * fresh data dir, Chromium, the real core. Creates two projects, jumps to one with Control+K and a
 * typed name, copies its clone URL from the repository screen's Clone panel (and checks the empty
 * repository's push instructions), then opens the `?` overlay. A second test schedules a storage
 * move and walks away: the completion notice reaches the Projects screen. Screenshots go to
 * e2e/artifacts/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/browser-host.js';

let secondShard = '';
const previousStorages = process.env.OUTPOST_STORAGES;

test.beforeAll(async () => {
  secondShard = await mkdtemp(path.join(tmpdir(), 'outpost-e2e-shard-'));
  // The fixture's host inherits the environment: the core gets a second shard to move to.
  process.env.OUTPOST_STORAGES = `second=${secondShard}`;
});

test.afterAll(async () => {
  if (previousStorages === undefined) delete process.env.OUTPOST_STORAGES;
  else process.env.OUTPOST_STORAGES = previousStorages;
  await rm(secondShard, { recursive: true, force: true });
});

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name) });

/** Create a project; `empty` leaves out the README, so the repository has no commits. */
async function createProject(page: Page, name: string, empty = false) {
  await page.getByRole('button', { name: 'New project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('textbox', { name: 'Project name' }).fill(name);
  const readme = dialog.getByRole('checkbox', { name: 'Initialize repository with a README' });
  if (empty) await readme.uncheck();
  else await readme.check();
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toBeHidden();
}

/** Move the pointer away and wait until no notification is left on screen. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

test('palette jumps to a project; clone panel copies its URL; ? lists the shortcuts', async ({
  page,
  context,
  browserHost,
  consoleProblems,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browserHost.origin });
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await createProject(page, 'Checkout service', true);
  await createProject(page, 'Billing engine');
  await expect(page.getByTestId('project-row')).toHaveCount(2);
  await settle(page);

  await test.step('Control+K, type a project name, jump to it with the keyboard', async () => {
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('Control+K');
    const search = page.getByRole('textbox', { name: 'Search the instance' });
    await expect(search).toBeFocused();
    await search.pressSequentially('checkout', { delay: 40 });
    const results = page.getByTestId('command-palette-results');
    const projects = results.locator('[data-group="Projects"]');
    await expect(projects.getByRole('button', { name: /Checkout service/ })).toBeVisible();
    await expect(projects.getByRole('button', { name: /Billing engine/ })).toHaveCount(0);
    await expect(
      results
        .locator('[data-group="Pipelines"]')
        .getByRole('button', { name: /Pipelines of .*Checkout service/ }),
    ).toBeVisible();
    await expect(page.getByLabel('Searching')).toHaveCount(0);
    await shot(page, 'command-palette-search.png');
    // Keyboard only: the first result (the project) is preselected once the results are in, so Enter
    // opens it; ArrowDown moves to the next and ArrowUp back (deterministic: no race with the search).
    const first = results.locator('[data-action]').first();
    await expect(first).toHaveAttribute('data-selected', 'true');
    await expect(first).toContainText('Checkout service');
    await search.press('ArrowDown');
    await expect(results.locator('[data-action]').nth(1)).toHaveAttribute('data-selected', 'true');
    await search.press('ArrowUp');
    await expect(first).toHaveAttribute('data-selected', 'true');
    await search.press('Enter');
    await expect(page.getByRole('heading', { name: 'Checkout service' })).toBeVisible();
    expect(page.url()).toMatch(/#\/repository\/\d+\/tree/);
  });

  await test.step('an empty repository shows push instructions', async () => {
    await expect(page.getByText('This repository is empty')).toBeVisible();
    const blocks = page.getByTestId('clone-command-block');
    await expect(blocks.first()).toContainText('git init --initial-branch=main');
    await expect(blocks.nth(1)).toContainText('git push --set-upstream origin --all');
  });

  await test.step('the Clone panel copies the HTTP clone URL', async () => {
    await page.getByTestId('clone-button').click();
    const dropdown = page.locator('.mantine-Popover-dropdown');
    await expect(dropdown.getByText('Clone with HTTP')).toBeVisible();
    await expect(dropdown.getByTestId('clone-command-block')).toContainText('git clone http');
    await shot(page, 'clone-panel.png');
    await dropdown.getByRole('button', { name: 'Copy clone URL' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^https?:\/\/.+\/checkout-service\.git$/);
    await expect(dropdown.getByTestId('clone-url')).toHaveValue(copied);
    await page.keyboard.press('Escape');
    await expect(dropdown).toBeHidden();
  });

  await test.step('? opens the keyboard shortcut overlay; Esc closes it', async () => {
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-shortcut="command-palette"]')).toContainText('Ctrl');
    await expect(dialog.locator('[data-shortcut="files-filter"]')).toContainText('Filter the files');
    await shot(page, 'shortcuts-help.png');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the user menu opens the same overlay; g p goes to Projects', async () => {
    await page.getByTestId('current-user').click();
    await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog.locator('[data-shortcut="go-projects"]')).toContainText('then');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  });

  await test.step('the shortcuts do not fire while typing in a field', async () => {
    const search = page.getByRole('textbox', { name: 'Search projects' });
    await search.click();
    await search.pressSequentially('a?b', { delay: 20 });
    await expect(search).toHaveValue('a?b');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  });

  expect(consoleProblems).toEqual([]);
});

test('a storage move scheduled before walking away is announced when it ends', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await createProject(page, 'Ledger');
  await settle(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage moves' }).click();
  // The header's button (an empty list repeats it once the moves have loaded).
  await page.getByRole('button', { name: 'Move project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Move project' });
  await dialog.getByRole('combobox', { name: 'Project' }).fill('Ledger');
  await page.getByRole('option', { name: /Ledger/ }).click();
  await dialog.getByRole('combobox', { name: 'Destination shard' }).click();
  await page.getByRole('option', { name: 'second', exact: true }).click();
  await dialog.getByRole('button', { name: 'Schedule move' }).click();
  await expect(dialog).toBeHidden();

  // Walk away at once (g p); the notice follows wherever the administrator is.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Storage move finished' });
  await expect(notice).toContainText('Ledger now lives on second');
  expect(consoleProblems).toEqual([]);
});
