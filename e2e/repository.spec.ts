/**
 * Repository screens, end to end: the browser host on a fresh data dir, Chromium, the real core.
 * Imports this project's own checkout once, then in serial steps browses a folder, opens a file and
 * its blame, creates a branch and an annotated tag with release notes, edits a file on the branch
 * and finds the commit on top of the history, protects the branch (push: No one) and sees the next
 * edit refused with a clear message. Screenshots go to e2e/artifacts/.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, repoRoot, test } from './fixtures/browser-host.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage });

const BRANCH = 'e2e-feature';
const TAG = 'v0.0.1-e2e';
const COMMIT_MESSAGE = 'E2E: note in the README';

/** Move the pointer away and wait until no notification is left on screen. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/** Open a repository tab by its name. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** The page's branch/tag switcher (not one inside a dialog). */
const refSwitcher = (page: Page) => page.getByRole('main').getByRole('combobox', { name: 'Branch or tag' });

/** Pick a branch or tag in the ref switcher (opened with the `b` shortcut). */
async function switchRef(page: Page, ref: string) {
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('b');
  const switcher = refSwitcher(page);
  await expect(switcher).toBeFocused();
  await switcher.fill(ref);
  await page.getByRole('option', { name: ref, exact: true }).click();
  await expect(switcher).toHaveValue(ref);
}

async function editorOf(page: Page): Promise<Locator> {
  const editor = page.getByTestId('file-editor');
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'File content' })).not.toHaveValue('');
  return editor;
}

test('browse, blame, branch, tag, edit and protect this repository', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(240_000);
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await test.step('import this checkout', async () => {
    await page.getByRole('button', { name: 'Import repository' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import repository' });
    await dialog.getByRole('textbox', { name: 'Repository' }).fill(repoRoot);
    await dialog.getByRole('textbox', { name: 'Project name' }).fill('Outpost source');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Repository imported', { exact: true })).toBeVisible({ timeout: 90_000 });
    await settle(page);
  });

  await test.step('open the repository and browse into a folder', async () => {
    await page
      .getByTestId('project-row')
      .filter({ hasText: 'Outpost source' })
      .getByTestId('open-repository')
      .click();
    await expect(page.getByRole('heading', { name: 'Outpost source' })).toBeVisible();
    const rows = page.getByTestId('tree-row');
    await expect(
      rows.filter({ has: page.getByRole('link', { name: 'package.json', exact: true }) }),
    ).toBeVisible();
    // Folders come first.
    await expect(rows.first()).toHaveAttribute('data-type', 'tree');
    await expect(page.getByTestId('last-commit')).toContainText(/\S/);
    await expect(page.getByTestId('readme')).toBeVisible();
    await shot(page, 'repository-files.png');

    // `t` focuses the filter; the listing narrows as you type.
    await page.keyboard.press('t');
    await expect(page.getByRole('textbox', { name: 'Filter files' })).toBeFocused();
    await page.keyboard.type('rendere');
    await expect(rows).toHaveCount(1);
    await rows.getByRole('link', { name: 'renderer', exact: true }).click();
    await expect(page.getByTestId('path-breadcrumbs')).toContainText('renderer');
    await expect(
      rows.filter({ has: page.getByRole('link', { name: 'index.html', exact: true }) }),
    ).toBeVisible();
    await rows.getByRole('link', { name: 'src', exact: true }).click();
    await expect(page.getByTestId('path-breadcrumbs')).toContainText('src');
    await page.getByTestId('path-breadcrumbs').getByRole('link', { name: 'outpost-source' }).click();
    await expect(
      rows.filter({ has: page.getByRole('link', { name: 'package.json', exact: true }) }),
    ).toBeVisible();
  });

  await test.step('open a file and its blame', async () => {
    await page.getByTestId('tree-row').getByRole('link', { name: 'package.json', exact: true }).click();
    await expect(page.getByTestId('file-name')).toHaveText('package.json');
    const code = page.getByTestId('code-view');
    await expect(code).toContainText('"name": "outpost"');
    await expect(code.locator('.hljs-attr').first()).toBeVisible();
    await shot(page, 'repository-file.png');

    await page.getByRole('link', { name: 'Blame', exact: true }).click();
    await expect(page.getByTestId('blame-table')).toBeVisible();
    await expect(page.getByTestId('blame-range').first()).toContainText(/\S+/);
    await expect(page.getByTestId('blame-table')).toContainText('"name": "outpost"');
    await shot(page, 'repository-blame.png');
  });

  await test.step('create a branch', async () => {
    await openTab(page, 'Branches');
    await expect(page.getByTestId('branch-row').first()).toBeVisible();
    await page.getByRole('button', { name: 'New branch' }).click();
    const dialog = page.getByRole('dialog', { name: 'New branch' });
    await dialog.getByRole('textbox', { name: 'Branch name' }).fill(BRANCH);
    await dialog.getByRole('button', { name: 'Create branch' }).click();
    await expect(page.getByText('Branch created', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    // The new branch opens in the file browser.
    await expect(refSwitcher(page)).toHaveValue(BRANCH);
    await settle(page);
    await openTab(page, 'Branches');
    const row = page.getByTestId('branch-row').filter({ hasText: BRANCH });
    await expect(row).toBeVisible();
    // The default badge, not any row whose last commit title happens to say "default".
    await expect(
      page.getByTestId('branch-row').filter({ has: page.getByText('default', { exact: true }) }),
    ).toHaveCount(1);
    await shot(page, 'repository-branches.png');
  });

  await test.step('create an annotated tag with release notes', async () => {
    await openTab(page, 'Tags');
    await expect(page.getByText('No tags yet')).toBeVisible();
    await page.getByRole('button', { name: 'New tag' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New tag' });
    await dialog.getByRole('textbox', { name: 'Tag name' }).fill(TAG);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('End-to-end test tag');
    await dialog
      .getByRole('textbox', { name: 'Release notes (optional)' })
      .fill('## Highlights\n\n- Repository screens\n- **Blame** with ranges');
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(dialog.getByRole('heading', { name: 'Highlights' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create tag' }).click();
    await expect(page.getByText('Tag created', { exact: true })).toBeVisible();
    const row = page.getByTestId('tag-row').filter({ hasText: TAG });
    await expect(row.getByTestId('tag-kind')).toHaveText('annotated');
    await expect(row.getByText('End-to-end test tag')).toBeVisible();
    await expect(row.getByRole('heading', { name: 'Highlights' })).toBeVisible();
    await settle(page);
    await shot(page, 'repository-tags.png');
  });

  await test.step('edit a file on the branch and see the commit on top', async () => {
    await openTab(page, 'Files');
    await switchRef(page, BRANCH);
    await page.getByTestId('tree-row').getByRole('link', { name: 'README.md', exact: true }).click();
    await expect(page.getByTestId('file-name')).toHaveText('README.md');
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const editor = await editorOf(page);
    const content = editor.getByRole('textbox', { name: 'File content' });
    const original = await content.inputValue();
    await content.fill(`${original.trimEnd()}\n\nEdited from the Outpost end-to-end test.\n`);
    await editor.getByRole('textbox', { name: 'Commit message' }).fill(COMMIT_MESSAGE);
    await expect(editor.getByRole('radio', { name: `Commit to ${BRANCH}` })).toBeChecked();
    await editor.getByRole('button', { name: 'Commit changes' }).click();
    await expect(page.getByText('Changes committed', { exact: true })).toBeVisible();
    await expect(page.getByTestId('file-name')).toHaveText('README.md');
    await expect(page.getByText('Edited from the Outpost end-to-end test.')).toBeVisible();
    await settle(page);

    await openTab(page, 'Commits');
    await expect(refSwitcher(page)).toHaveValue(BRANCH);
    await expect(page.getByTestId('commit-title').first()).toHaveText(COMMIT_MESSAGE);
    await shot(page, 'repository-commits.png');
  });

  await test.step('protect the branch: push No one', async () => {
    await openTab(page, 'Protected branches');
    // The import protected the default branch (instance setting default_branch_protection, 2 by default).
    await expect(page.getByTestId('protected-row')).toHaveCount(1);
    await expect(page.getByTestId('protected-row').first().getByTestId('push-access')).toHaveValue(
      'Maintainers',
    );
    const form = page.getByTestId('protect-branch-form');
    const name = form.getByRole('combobox', { name: 'Branch', exact: true });
    await name.fill('e2e-*');
    await expect(form.getByTestId('protect-matches')).toHaveText(`Matches 1 branch: ${BRANCH}.`);
    await name.fill(BRANCH);
    await page.keyboard.press('Escape');
    await form.getByRole('combobox', { name: 'Allowed to push' }).click();
    await page.getByRole('option', { name: 'No one' }).click();
    await form.getByRole('button', { name: 'Protect' }).click();
    await expect(page.getByText('Branch protected', { exact: true })).toBeVisible();
    const row = page.getByTestId('protected-row').filter({ hasText: BRANCH });
    await expect(row.getByTestId('push-access')).toHaveValue('No one');
    await expect(row.getByTestId('merge-access')).toHaveValue('Maintainers');
    await settle(page);
    // A wildcard shows which branches it would cover before it is saved.
    await name.fill('e2e-*');
    await page.keyboard.press('Escape');
    await expect(form.getByTestId('protect-matches')).toHaveText(`Matches 1 branch: ${BRANCH}.`);
    await shot(page, 'repository-protected.png');
    await name.fill('');

    await openTab(page, 'Branches');
    await expect(
      page.getByTestId('branch-row').filter({ hasText: BRANCH }).getByText('protected', { exact: true }),
    ).toBeVisible();
  });

  await test.step('an edit to the protected branch is refused with a clear message', async () => {
    await openTab(page, 'Files');
    await expect(refSwitcher(page)).toHaveValue(BRANCH);
    await page.getByTestId('tree-row').getByRole('link', { name: 'README.md', exact: true }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const editor = await editorOf(page);
    const content = editor.getByRole('textbox', { name: 'File content' });
    await content.fill(`${await content.inputValue()}One more line.\n`);
    // The editor knows the branch refuses this user and proposes a new branch; insist on the protected one.
    await expect(editor.getByRole('radio', { name: 'Create a new branch' })).toBeChecked();
    const current = editor.getByRole('radio', { name: `Commit to ${BRANCH}` });
    await expect(current).toHaveAccessibleName(/protected, you may not push to it/);
    await current.check();
    await editor.getByRole('button', { name: 'Commit changes' }).click();
    const problem = page.getByTestId('commit-problem');
    await expect(problem).toHaveAttribute('data-kind', 'protected');
    await expect(problem).toContainText(`You can’t push to ${BRANCH}`);
    await expect(problem).toContainText('You are not allowed to push into this branch');
    await expect(problem.getByRole('button', { name: 'Commit to a new branch instead' })).toBeVisible();
    await expect(problem).toBeInViewport();
    await shot(page, 'repository-refused-edit.png');
  });

  await test.step('dark mode', async () => {
    await page.getByRole('link', { name: 'Cancel', exact: true }).click();
    await expect(page.getByTestId('code-view').or(page.getByTestId('markdown-view'))).toBeVisible();
    await page.getByTestId('color-scheme-toggle').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('link', { name: 'Blame', exact: true }).click();
    await expect(page.getByTestId('blame-table')).toBeVisible();
    await page.mouse.move(0, 0);
    await shot(page, 'repository-blame-dark.png');
    await page.getByTestId('path-breadcrumbs').getByRole('link', { name: 'outpost-source' }).click();
    await page.getByTestId('tree-row').getByRole('link', { name: 'package.json', exact: true }).click();
    await expect(page.getByTestId('code-view')).toContainText('"name": "outpost"');
    await page.mouse.move(0, 0);
    await shot(page, 'repository-file-dark.png');
  });

  expect(consoleProblems).toEqual([]);
});
