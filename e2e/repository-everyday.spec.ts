/**
 * Everyday repository work without dead ends (issue 18's Repository items), end to end on the demo
 * instance built from this checkout (once per run, e2e/fixtures/demo-template.ts, copied into this test's
 * own data dir; browser host, Chromium, the real core): the Files tab shows each
 * entry's last commit and links it to the commit page; a merge request's commit page names the merge
 * request that brought it; a signed annotated tag shows "signed" instead of its PGP armour; "New file"
 * is offered on branches only; the default branch leads the branch list; committing to a new branch offers
 * "Create merge request", whose dialog starts with that branch as the source and the default branch as
 * the target, and creates one; the commit page's diff has no "Viewed" checkbox; the repository header
 * links to the project settings; a protected branch with a very long name keeps its controls
 * on screen, and GitLab's 255-character limit is told before sending, its error clearing as the name
 * changes. Every repository route is checked at 1024×700 for sideways scrolling, light and dark.
 * Screenshots (1024×700 and 1440) go to e2e/artifacts/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';
import { settleScreen } from './fixtures/settle-screen.js';

test.use({ demo: true });

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name) });

const SIGNED_TAG = 'v9.9.9-signed';
const PGP_ARMOUR = [
  '-----BEGIN PGP SIGNATURE-----',
  '',
  'iQEzBAABCAAdFiEE0ExampleExampleExampleExampleExampleFAmVhbGwACgkQ',
  'ExampleSignatureBytesExampleSignatureBytes0123456789+/=',
  '=AbCd',
  '-----END PGP SIGNATURE-----',
].join('\n');
/** A branch whose name sorts before the default branch's. */
const EARLY_BRANCH = '0-early-branch';
const NEW_BRANCH = 'e2e-readme-note';
const LONG_NAME = `release/${'very-long-branch-name-'.repeat(9)}end`;

async function api<T>(page: Page, host: BrowserHostInfo, method: string, apiPath: string, body?: unknown) {
  const answer = await bridgeApi<T>(page.request, host, { method, path: apiPath, body });
  expect(answer.status, `${method} ${apiPath}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** The page does not scroll sideways (issue 18: `scrollWidth <= innerWidth`). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** Settle the view for a screenshot: pointer away, notifications gone. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

test('repository screens on the demo data: last commits, commit page, tags, branches, MR offer, protections', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(900_000);
  const projectId = browserHost.demo!.status.project!.id;
  const project = await api<{ default_branch: string }>(page, browserHost, 'GET', `/projects/${projectId}`);
  const base = `${browserHost.url}#/repository/${projectId}`;
  await page.setViewportSize({ width: 1440, height: 900 });

  await test.step('Files: each entry shows its last commit, linked to the commit page', async () => {
    await page.goto(`${base}/tree`);
    const rows = page.getByTestId('tree-row');
    await expect(
      rows.filter({ has: page.getByRole('link', { name: 'package.json', exact: true }) }),
    ).toBeVisible();
    const packageRow = rows.filter({ has: page.getByRole('link', { name: 'package.json', exact: true }) });
    const expected = await api<Array<{ id: string; title: string }>>(
      page,
      browserHost,
      'GET',
      `/projects/${projectId}/repository/commits?path=package.json&per_page=1`,
    );
    await packageRow.scrollIntoViewIfNeeded();
    await expect(packageRow.getByTestId('commit-title-link')).toHaveText(expected[0]!.title);
    await expect(packageRow.getByTestId('tree-row-age')).toHaveText(/ago|now|yesterday/);
    await expect(rows.first().getByTestId('commit-title-link')).toBeVisible();
    await shot(page, 'repository-files-last-commit-1440.png');
    await packageRow.getByTestId('commit-title-link').click();
    await expect(page).toHaveURL(new RegExp(`/commit/${expected[0]!.id}`));
    await expect(page.getByTestId('commit-page-title')).toHaveText(expected[0]!.title);
  });

  await test.step('a merge request’s commit page names the merge request and shows the diff', async () => {
    const mrs = await api<Array<{ iid: number; title: string }>>(
      page,
      browserHost,
      'GET',
      `/projects/${projectId}/merge_requests?state=opened&per_page=1`,
    );
    const mr = mrs[0]!;
    const commits = await api<Array<{ id: string }>>(
      page,
      browserHost,
      'GET',
      `/projects/${projectId}/merge_requests/${mr.iid}/commits`,
    );
    await page.goto(`${base}/commit/${commits[0]!.id}`);
    await expect(page.getByTestId('commit-merge-request').filter({ hasText: `!${mr.iid}` })).toBeVisible();
    const diff = page.getByTestId('commit-diff');
    await expect(diff.getByTestId('mr-file-diff').first()).toBeVisible();
    // Nothing is reviewed on a commit page: the diff files have no "Viewed" checkbox.
    await expect(diff.getByTestId('mr-file-viewed')).toHaveCount(0);
    await expect(page.getByTestId('commit-parent')).toHaveCount(1);
    await settle(page);
    await shot(page, 'repository-commit-mr-1440.png');
    await page
      .getByTestId('commit-merge-request')
      .filter({ hasText: `!${mr.iid}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`#/merge-requests/${projectId}/${mr.iid}`));
  });

  await test.step('a signed tag shows “signed”, not its armour; no New file on a tag', async () => {
    await api(page, browserHost, 'POST', `/projects/${projectId}/repository/tags`, {
      tag_name: SIGNED_TAG,
      ref: project.default_branch,
      message: `Release 9.9.9\n\n${PGP_ARMOUR}\n`,
    });
    await page.goto(`${base}/tags`);
    const row = page.getByTestId('tag-row').filter({ hasText: SIGNED_TAG });
    await expect(row.getByTestId('tag-signed')).toHaveText('signed');
    await expect(row.getByTestId('tag-message')).toHaveText('Release 9.9.9');
    await expect(row).not.toContainText('BEGIN PGP SIGNATURE');
    await expect(row.getByTestId('commit-title-link')).toBeVisible();
    await settle(page);
    await shot(page, 'repository-tags-signed-1440.png');

    await page.goto(`${base}/tree?ref=${SIGNED_TAG}`);
    await expect(page.getByTestId('tree-row').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'History', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New file', exact: true })).toHaveCount(0);
    await page.goto(`${base}/tree`);
    await expect(page.getByRole('link', { name: 'New file', exact: true })).toBeVisible();
  });

  await test.step('the default branch leads the branch list', async () => {
    await api(page, browserHost, 'POST', `/projects/${projectId}/repository/branches`, {
      branch: EARLY_BRANCH,
      ref: project.default_branch,
    });
    await page.goto(`${base}/branches`);
    const rows = page.getByTestId('branch-row');
    await expect(rows.filter({ hasText: EARLY_BRANCH })).toBeVisible();
    await expect(rows.first().getByTestId('branch-name')).toHaveText(project.default_branch);
    await expect(rows.first().getByText('default', { exact: true })).toBeVisible();
    await expect(rows.nth(1).getByTestId('branch-name')).toHaveText(EARLY_BRANCH);
    // Listed once, not again where its name sorts.
    await expect(
      page.getByTestId('branch-name').filter({ hasText: new RegExp(`^${project.default_branch}$`) }),
    ).toHaveCount(1);
    await settle(page);
    await shot(page, 'repository-branches-default-first-1440.png');
  });

  await test.step('committing to a new branch offers “Create merge request”', async () => {
    await page.goto(`${base}/edit/README.md`);
    const editor = page.getByTestId('file-editor');
    const content = editor.getByRole('textbox', { name: 'File content' });
    await expect(content).not.toHaveValue('');
    await content.fill(`${(await content.inputValue()).trimEnd()}\n\nA note from the everyday e2e.\n`);
    await editor.getByRole('textbox', { name: 'Commit message' }).fill('Note in the README');
    await editor.getByRole('radio', { name: /Create a new branch/ }).check();
    await editor.getByRole('textbox', { name: 'New branch name' }).fill(NEW_BRANCH);
    await editor.getByRole('button', { name: 'Commit changes' }).click();
    const offer = page.getByTestId('merge-request-offer');
    await expect(offer).toContainText(NEW_BRANCH);
    await settle(page);
    await shot(page, 'repository-mr-offer-1440.png');
    await offer.getByRole('button', { name: 'Create merge request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New merge request' });
    // The branch just committed to is the source, the default branch the target, the title from the branch.
    await expect(dialog.getByRole('combobox', { name: 'Source branch' })).toHaveValue(NEW_BRANCH);
    await expect(dialog.getByRole('combobox', { name: 'Target branch' })).toHaveValue(project.default_branch);
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('E2e readme note');
    await settle(page);
    await shot(page, 'repository-mr-offer-dialog-1440.png');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Note in the README');
    await dialog.getByRole('button', { name: /Create merge request/ }).click();
    await expect(page).toHaveURL(new RegExp(`#/merge-requests/${projectId}/\\d+`));
    await expect(page.getByTestId('mr-title')).toContainText('Note in the README');
  });

  await test.step('the repository header links to the project settings', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${base}/tree`);
    const link = page.getByTestId('repository-settings-link');
    await expect(link).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await settle(page);
    await shot(page, 'repository-header-settings-1024.png');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#/projects/${projectId}/settings$`));
  });

  await test.step('protected branches: 255-character limit, error clears, long names keep controls reachable', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${base}/protected-branches`);
    const form = page.getByTestId('protect-branch-form');
    const name = form.getByRole('combobox', { name: 'Branch', exact: true });
    await name.fill(`x${'y'.repeat(255)}`);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Protect' }).click();
    await expect(form).toContainText('Name is too long (maximum is 255 characters; this one has 256).');
    // Focus puts the caret at the start: go to the end, then take one character off.
    await name.press('End');
    await name.press('Backspace');
    await expect(form).not.toContainText('Name is too long');

    await name.fill(LONG_NAME);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Protect' }).click();
    await expect(page.getByText('Branch protected', { exact: true })).toBeVisible();
    const row = page.getByTestId('protected-row').filter({ hasText: LONG_NAME.slice(0, 30) });
    await expect(row).toBeVisible();
    await settle(page);
    // The row's controls stay on screen (the name truncates), and the page doesn't scroll sideways.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: `Unprotect ${LONG_NAME}` })).toBeInViewport();
    await expect(row.getByTestId('push-access')).toBeInViewport();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await row.getByTestId('protected-name').hover();
    await expect(page.getByRole('tooltip')).toContainText(LONG_NAME);
    await shot(page, 'repository-protected-long-1024.png');
  });

  await test.step('no repository route scrolls sideways at 1024×700, light and dark', async () => {
    const commit = await api<Array<{ id: string }>>(
      page,
      browserHost,
      'GET',
      `/projects/${projectId}/repository/commits?per_page=1`,
    );
    const routes = [
      'tree',
      'tree/renderer/src',
      'blob/package.json',
      'blame/package.json',
      'commits',
      `commit/${commit[0]!.id}`,
      'branches',
      'tags',
      'protected-branches',
    ];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${base}/tree`);
      await page.getByTestId('color-scheme-toggle').click();
      await page.getByRole('menuitem', { name: scheme === 'dark' ? 'Dark' : 'Light' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      for (const route of routes) {
        await page.goto(`${base}/${route}`);
        await expect(page.getByRole('tab', { name: 'Files' })).toBeVisible();
        // The app keeps a live-updates long poll open, so "network idle" never comes: wait until the
        // screen has laid out what it loaded (no skeleton or loader left in view) before measuring.
        await settleScreen(page);
        expect.soft(await sidewaysOverflow(page), `${route} at 1024 ${scheme}`).toBeLessThanOrEqual(0);
        if (route === 'tree' || route.startsWith('commit/') || route === 'commits')
          await shot(page, `repository-${route.split('/')[0]}-1024-${scheme}.png`);
      }
    }
  });

  expect(consoleProblems).toEqual([]);
});
