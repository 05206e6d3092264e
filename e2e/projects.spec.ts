/**
 * Projects, end to end: the browser host on a fresh data dir, Chromium, the real core.
 * Creates a project, imports this repository's own checkout, checks both are listed, toggles dark
 * mode, and saves screenshots to e2e/artifacts/.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, repoRoot, test } from './fixtures/browser-host.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage: true });

/** The branch HEAD points at in the checkout, or null (detached HEAD, as in some CI checkouts). */
function checkoutBranch(): string | null {
  try {
    return execFileSync('git', ['-C', repoRoot, 'symbolic-ref', '--quiet', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
}

test('create a project, import this repository, switch to dark mode', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  await page.goto(browserHost.url);

  // The launch secret leaves the address bar at once.
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  expect(page.url()).not.toContain('secret=');
  await expect(page.getByText('No projects yet')).toBeVisible();
  await expect(page.getByTestId('current-user')).toBeVisible();
  await shot(page, 'projects-empty.png');

  // New project.
  await page.getByRole('button', { name: 'New project' }).first().click();
  const createDialog = page.getByRole('dialog', { name: 'New project' });
  await expect(createDialog).toBeVisible();
  await createDialog.getByRole('textbox', { name: 'Project name' }).fill('Outpost Demo');
  await expect(createDialog.getByRole('textbox', { name: 'Project slug' })).toHaveValue('outpost-demo');
  await createDialog
    .getByRole('textbox', { name: 'Description' })
    .fill('A project created by the end-to-end test.');
  await createDialog.getByText('Internal', { exact: true }).click();
  await shot(page, 'create-modal.png');
  await createDialog.getByRole('button', { name: 'Create project' }).click();
  await expect(createDialog).toBeHidden();
  await expect(page.getByText('Project created', { exact: true })).toBeVisible();
  await expect(page.getByTestId('project-row')).toHaveCount(1);

  // Import this repository's checkout as a second project.
  await page.getByRole('button', { name: 'Import repository' }).first().click();
  const importDialog = page.getByRole('dialog', { name: 'Import repository' });
  await importDialog.getByRole('textbox', { name: 'Repository' }).fill(repoRoot);
  await importDialog.getByRole('textbox', { name: 'Project name' }).fill('Outpost source');
  await expect(importDialog.getByRole('textbox', { name: 'Project slug' })).toHaveValue('outpost-source');
  await shot(page, 'import-modal.png');
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Repository imported', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(importDialog).toBeHidden();

  // Both listed; the imported one shows its default branch and "Imported".
  const rows = page.getByTestId('project-row');
  await expect(rows).toHaveCount(2);
  const imported = rows.filter({ hasText: 'Outpost source' });
  await expect(imported.getByText('Imported')).toBeVisible();
  const branch = checkoutBranch();
  await expect(imported.getByTestId('default-branch')).toHaveText(branch ?? /\S+/);
  const created = rows.filter({ hasText: 'Outpost Demo' });
  await expect(created.getByText('Internal')).toBeVisible();
  await expect(page.getByText('2 projects on')).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByText('Repository imported', { exact: true })).toBeHidden({ timeout: 10_000 });
  await shot(page, 'projects-light.png');

  // Dark mode from the header menu, persisted across a reload (the secret stays in sessionStorage).
  await page.getByTestId('color-scheme-toggle').click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.mouse.move(0, 0);
  await shot(page, 'projects-dark.png');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('project-row')).toHaveCount(2);

  // mod+J flips back to light.
  await page.keyboard.press('ControlOrMeta+j');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  // Search narrows the list.
  await page.keyboard.press('/');
  await page.keyboard.type('source');
  await expect(page.getByTestId('project-row')).toHaveCount(1);
  await expect(page.getByTestId('project-row')).toContainText('Outpost source');

  expect(consoleProblems).toEqual([]);
});

test('validation errors, unknown addresses and a failing instance are explained', async ({
  page,
  browserHost,
}) => {
  await page.goto(browserHost.url);
  await expect(page.getByText('No projects yet')).toBeVisible();

  // The repository field is checked before anything is sent.
  await page.getByRole('button', { name: 'Import repository' }).first().click();
  const importDialog = page.getByRole('dialog', { name: 'Import repository' });
  await importDialog.getByRole('textbox', { name: 'Repository' }).fill('relative/path');
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByText(/^Use an absolute path/)).toBeVisible();

  // A directory that is no Git repository: the import fails and the dialog says why.
  await importDialog.getByRole('textbox', { name: 'Repository' }).fill(browserHost.dataDir);
  await importDialog.getByRole('textbox', { name: 'Project name' }).fill('Not a repository');
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByText('The import failed')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'import-failed.png');
  await importDialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByTestId('project-row').filter({ hasText: 'Not a repository' }).getByText('Failed'),
  ).toBeVisible();

  // An address no screen handles says so and offers the way back.
  await page.evaluate("window.location.hash = '#/no-such-area'");
  await expect(page.getByText('Nothing here')).toBeVisible();
  await shot(page, 'not-found.png');
  await page.getByRole('link', { name: 'Go to projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  // The command palette jumps between areas.
  await page.keyboard.press('ControlOrMeta+k');
  // Type only once the palette's search has focus (it opens with a transition).
  const search = page.getByRole('textbox', { name: 'Search the instance' });
  await expect(search).toBeFocused();
  await search.pressSequentially('audit');
  await expect(page.getByTestId('command-palette-results').getByText('Audit events').first()).toBeVisible();
  await shot(page, 'command-palette.png');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Audit events' })).toBeVisible();

  // Adding an unreachable instance fails with the host's sentence and clears the token.
  await page.getByTestId('profile-switcher').click();
  await page.getByRole('menuitem', { name: /Add GitLab instance/ }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add GitLab instance' });
  await addDialog.getByRole('textbox', { name: 'Name' }).fill('Nowhere');
  await addDialog.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9');
  await addDialog.getByLabel(/Personal access token/).fill('glpat-not-a-real-token');
  await addDialog.getByRole('button', { name: 'Connect' }).click();
  await expect(addDialog.getByText('Could not connect')).toBeVisible({ timeout: 30_000 });
  // The pasted token stays for a correction (issue 30, defect 13); it lives only in the form.
  await expect(addDialog.getByLabel(/Personal access token/)).toHaveValue('glpat-not-a-real-token');
  await shot(page, 'add-instance-error.png');
});
