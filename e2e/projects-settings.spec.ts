/**
 * Project settings, end to end: the browser host on a fresh data dir, Chromium, the real core.
 * Creates a project, opens its settings from the project list, renames it and changes its description
 * and visibility (checked through the API), changes its path, archives and unarchives it, transfers it
 * to a group, and deletes it after typing its path. Then a failed import: importing a folder that is
 * not a Git repository fails, the failed project can be deleted from the dialog, and importing to a
 * path that is already taken is refused before anything is created. Screenshots go to e2e/artifacts/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage: true });

interface ProjectJson {
  id: number;
  name: string;
  path: string;
  path_with_namespace: string;
  description: string | null;
  visibility: string;
  archived: boolean;
  import_status: string;
}

async function getProject(request: APIRequestContext, host: BrowserHostInfo, id: number) {
  return bridgeApi<ProjectJson>(request, host, { method: 'GET', path: `/projects/${id}` });
}

/** Move the pointer away and wait until no notification is left on screen. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

test('edit, move, archive, transfer and delete a project from its settings', async ({
  page,
  request,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  const group = await bridgeApi<{ id: number; full_path: string }>(request, browserHost, {
    method: 'POST',
    path: '/groups',
    body: { name: 'Platform', path: 'platform' },
  });
  expect(group.status).toBe(201);

  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('textbox', { name: 'Project name' }).fill('Billing');
  await dialog.getByRole('checkbox', { name: 'Initialize repository with a README' }).check();
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toBeHidden();
  await settle(page);

  await page.getByRole('link', { name: 'Settings of Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Billing settings' })).toBeVisible();
  const id = Number(/#\/projects\/(\d+)\/settings/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);

  await test.step('rename, describe and make it internal', async () => {
    const general = page.getByTestId('project-general-form');
    await general.getByRole('textbox', { name: 'Project name' }).fill('Billing engine');
    await general.getByRole('textbox', { name: 'Description' }).fill('Invoices and payments.');
    await general.getByText('Internal', { exact: true }).click();
    await expect(page.getByTestId('general-dirty')).toHaveText('3 unsaved changes');
    await shot(page, 'project-settings.png');
    await general.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved the settings of Billing engine')).toBeVisible();
    const saved = (await getProject(request, browserHost, id)).body;
    expect(saved).toMatchObject({
      name: 'Billing engine',
      description: 'Invoices and payments.',
      visibility: 'internal',
    });
    await expect(page.getByTestId('general-dirty')).toHaveCount(0);
  });

  await test.step('a bad path is refused inline and the error clears when it is edited', async () => {
    const pathInput = page.getByRole('textbox', { name: 'Path' });
    await pathInput.fill('-bad path');
    await page.getByRole('button', { name: 'Change path' }).click();
    const pathField = page.locator('.mantine-TextInput-root').filter({ has: pathInput });
    await expect(pathField.locator('.mantine-TextInput-error')).toBeVisible();
    await pathInput.fill('billing-engine');
    await expect(pathField.locator('.mantine-TextInput-error')).toHaveCount(0);
    await page.getByRole('button', { name: 'Change path' }).click();
    await expect(page.getByText(/The project now lives at root\/billing-engine/)).toBeVisible();
    expect((await getProject(request, browserHost, id)).body.path).toBe('billing-engine');
  });

  await test.step('archive and unarchive', async () => {
    await page.getByRole('button', { name: 'Archive project', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unarchive project', exact: true })).toBeVisible();
    await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
    expect((await getProject(request, browserHost, id)).body.archived).toBe(true);
    await page.getByRole('button', { name: 'Unarchive project' }).click();
    // exact: a name match is otherwise a case-insensitive substring, and "Unarchive project" contains it.
    await expect(page.getByRole('button', { name: 'Archive project', exact: true })).toBeVisible();
    expect((await getProject(request, browserHost, id)).body.archived).toBe(false);
  });

  await test.step('transfer to the Platform group', async () => {
    await page.getByRole('combobox', { name: 'Namespace' }).click();
    await page.getByRole('option', { name: 'platform', exact: true }).click();
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page
      .getByRole('dialog', { name: /Transfer Billing engine/ })
      .getByRole('button', { name: 'Transfer project' })
      .click();
    await expect(page.getByText('Moved to platform/billing-engine')).toBeVisible();
    expect((await getProject(request, browserHost, id)).body.path_with_namespace).toBe(
      'platform/billing-engine',
    );
  });

  await test.step('delete after typing the path', async () => {
    await settle(page);
    await page.getByRole('button', { name: 'Delete project' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete Billing engine/ });
    const yes = confirm.getByRole('button', { name: 'Yes, delete project' });
    await expect(yes).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'Type the project path to confirm' }).fill('billing-engine');
    await expect(yes).toBeDisabled();
    await confirm
      .getByRole('textbox', { name: 'Type the project path to confirm' })
      .fill('platform/billing-engine');
    await shot(page, 'project-settings-delete.png');
    await yes.click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page.getByText('No projects yet')).toBeVisible();
    expect((await getProject(request, browserHost, id)).status).toBe(404);
  });
  expect(consoleProblems).toEqual([]);
});

test('a failed import can be deleted, and a taken path is refused before anything is created', async ({
  page,
  request,
  browserHost,
}) => {
  test.setTimeout(180_000);
  const notARepository = await mkdtemp(path.join(tmpdir(), 'outpost-not-a-repo-'));
  try {
    await page.goto(browserHost.url);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    const importOnce = async () => {
      await page.getByRole('button', { name: 'Import repository' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Import repository' });
      await dialog.getByRole('textbox', { name: 'Repository' }).fill(notARepository);
      await dialog.getByRole('textbox', { name: 'Project name' }).fill('Broken import');
      await dialog.getByRole('button', { name: 'Import' }).click();
      return dialog;
    };

    let dialog = await importOnce();
    await expect(dialog.getByText('The import failed')).toBeVisible({ timeout: 60_000 });
    await shot(page, 'import-failed.png');
    await expect(dialog.getByRole('button', { name: 'Delete and import again' })).toBeVisible();
    // Leave the failed project behind: the next import to that path is refused before a POST.
    await dialog.getByRole('button', { name: 'Close' }).click();
    const before = await bridgeApi<ProjectJson[]>(request, browserHost, { method: 'GET', path: '/projects' });
    expect(before.body.map((p) => [p.path, p.import_status])).toEqual([['broken-import', 'failed']]);

    dialog = await importOnce();
    await expect(dialog.getByText(/root\/broken-import already exists \(its import failed\)/)).toBeVisible();
    const after = await bridgeApi<ProjectJson[]>(request, browserHost, { method: 'GET', path: '/projects' });
    expect(after.body).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The failed project's settings say so, and it can be deleted.
    await page.getByRole('link', { name: 'Settings of Broken import' }).click();
    await expect(page.getByTestId('import-failed')).toBeVisible();
    await page.getByRole('button', { name: 'Delete project' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete Broken import/ });
    await confirm
      .getByRole('textbox', { name: 'Type the project path to confirm' })
      .fill('root/broken-import');
    await confirm.getByRole('button', { name: 'Yes, delete project' }).click();
    await expect(page.getByText('No projects yet')).toBeVisible();

    // With the path free again, the failed view's "Delete project" removes the new failed project.
    dialog = await importOnce();
    await expect(dialog.getByText('The import failed')).toBeVisible({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Delete project' }).click();
    await expect(dialog).toBeHidden();
    const none = await bridgeApi<ProjectJson[]>(request, browserHost, { method: 'GET', path: '/projects' });
    expect(none.body).toHaveLength(0);
  } finally {
    await rm(notARepository, { recursive: true, force: true });
  }
});
