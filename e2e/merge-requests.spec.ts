/**
 * Merge requests, end to end: the browser host on a fresh data dir, Chromium, the real core. Imports
 * this checkout, makes a branch with real commits (files API through the bridge) and a commit on the
 * default branch so a rebase has work to do, then through the UI: creates the merge request, filters
 * the list, opens Changes, comments on a line, approves, rebases and merges. Screenshots go to
 * e2e/artifacts/. Threads and approvals need the instance's discussions/approvals API; where the core
 * answers 404 the test checks the screen says so instead (annotated on the test).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BROWSER_HOST_SECRET_HEADER } from '../shared/ipc-contract.js';
import { expect, repoRoot, test, type BrowserHostInfo } from './fixtures/browser-host.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage });

const BRANCH = 'e2e-review';
const TITLE = 'Add a review helper';

/** One v4 API call through the browser host's bridge (as the renderer makes them). */
async function api<T>(page: Page, host: BrowserHostInfo, method: string, apiPath: string, body?: unknown) {
  const secret = new URL(host.url).searchParams.get('secret') ?? '';
  const response = await page.request.post(`${host.origin}/bridge/api:request`, {
    headers: { [BROWSER_HOST_SECRET_HEADER]: secret },
    data: { args: [{ method, path: apiPath, ...(body === undefined ? {} : { body }) }] },
  });
  expect(response.ok()).toBe(true);
  const reply = (await response.json()) as { result: { status: number; body: T } };
  return reply.result;
}

/** Move the pointer away and wait until no notification is left on screen. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

const HELPER_TS = `/** Sums the lengths of review comments. */
export function totalLength(comments: string[]): number {
  let total = 0;
  for (const comment of comments) total += comment.length;
  return total;
}
`;

test('create, filter, review, comment, approve, rebase and merge a merge request', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(300_000);
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await test.step('import this checkout', async () => {
    await page.getByRole('button', { name: 'Import repository' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import repository' });
    await dialog.getByRole('textbox', { name: 'Repository' }).fill(repoRoot);
    await dialog.getByRole('textbox', { name: 'Project name' }).fill('Review demo');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Repository imported', { exact: true })).toBeVisible({ timeout: 120_000 });
    await settle(page);
  });

  const projects = await api<{ id: number; default_branch: string }[]>(
    page,
    browserHost,
    'GET',
    '/projects?search=Review',
  );
  const project = projects.body[0]!;
  const main = project.default_branch;
  const me = (await api<{ username: string }>(page, browserHost, 'GET', '/user')).body.username;

  await test.step('make a branch with real commits, and move the default branch on', async () => {
    const branch = await api(page, browserHost, 'POST', `/projects/${project.id}/repository/branches`, {
      branch: BRANCH,
      ref: main,
    });
    expect(branch.status).toBe(201);
    const file = (name: string) => `/projects/${project.id}/repository/files/${encodeURIComponent(name)}`;
    expect(
      (
        await api(page, browserHost, 'POST', file('docs/review-helper.ts'), {
          branch: BRANCH,
          content: HELPER_TS,
          commit_message: 'Add the review helper',
        })
      ).status,
    ).toBe(201);
    const readme = await api<{ content: string; encoding: string }>(
      page,
      browserHost,
      'GET',
      `${file('README.md')}?ref=${BRANCH}`,
    );
    const text = Buffer.from(readme.body.content, 'base64').toString('utf8');
    expect(
      (
        await api(page, browserHost, 'PUT', file('README.md'), {
          branch: BRANCH,
          content: text.replace(/\n*$/, '\n\nReviewed with Outpost.\n'),
          commit_message: 'Mention reviews in the README',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(page, browserHost, 'POST', file('docs/elsewhere.md'), {
          branch: main,
          content: '# Elsewhere\n\nA change on the default branch, for the rebase.\n',
          commit_message: 'Unrelated change on the default branch',
        })
      ).status,
    ).toBe(201);
  });

  await test.step('open a merge request from the branch', async () => {
    await page.getByRole('link', { name: 'Merge requests' }).first().click();
    await page.getByTestId('mr-project-pick').filter({ hasText: 'Review demo' }).click();
    await expect(page.getByRole('heading', { name: 'Merge requests' })).toBeVisible();
    await page.getByRole('button', { name: 'New merge request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New merge request' });
    await dialog.getByRole('combobox', { name: 'Source branch' }).click();
    await page.getByRole('option', { name: BRANCH, exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Target branch' })).toHaveValue(main);
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Adds `totalLength()`.\n\n- a **typed** helper\n- a README note');
    await dialog.getByRole('button', { name: 'Create merge request' }).click();
    await expect(page.getByTestId('mr-title')).toContainText(TITLE);
    await expect(page.getByTestId('mr-state')).toHaveText('Open');
    await expect(page.getByTestId('markdown-view').first()).toContainText('a typed helper');
    await expect(page.getByLabel('Can be merged')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'mr-overview.png');
  });

  await test.step('filter the list', async () => {
    await page.getByTestId('mr-back').click();
    await expect(page.getByTestId('mr-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('textbox', { name: 'Source branch' }).fill('no-such-branch');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('No merge requests match these filters')).toBeVisible();
    expect(page.url()).toContain('source=no-such-branch');
    await page.getByRole('button', { name: 'Remove Source branch filter' }).click();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('textbox', { name: 'Source branch' }).fill(BRANCH);
    await page.getByRole('textbox', { name: 'Author' }).fill(me);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByTestId('mr-filter-chips')).toContainText(`Source branch: ${BRANCH}`);
    const row = page.getByTestId('mr-row').filter({ hasText: TITLE });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`${BRANCH} → ${main}`);
    // The filters survive a reload (they live in the URL).
    await page.reload();
    await expect(page.getByTestId('mr-filter-chips')).toContainText(`Author: ${me}`);
    await expect(row).toBeVisible();
    await shot(page, 'mr-list.png');
    await row.click();
  });

  const iid = Number(page.url().match(/merge-requests\/\d+\/(\d+)/)?.[1]);
  const discussionsApi = await api(
    page,
    browserHost,
    'GET',
    `/projects/${project.id}/merge_requests/${iid}/discussions`,
  );
  const approvalsApi = await api(
    page,
    browserHost,
    'GET',
    `/projects/${project.id}/merge_requests/${iid}/approvals`,
  );

  await test.step('open the changes and comment on a line', async () => {
    await page.getByRole('tab', { name: /Changes/ }).click();
    const diff = page.getByTestId('mr-file-diff').filter({ hasText: 'docs/review-helper.ts' });
    await expect(diff).toBeVisible();
    await expect(page.getByTestId('mr-file-tree-item')).toHaveCount(2);
    await expect(diff.locator('.hljs-keyword').first()).toBeVisible();
    await shot(page, 'mr-changes.png');
    await page.getByText('Side by side', { exact: true }).click();
    await expect(diff.locator('.diff-split')).toBeVisible();
    await page.getByText('Unified', { exact: true }).click();

    // Click the new-side line number of line 3 to open the comment form there.
    await diff.locator('td.diff-gutter-insert').nth(5).click();
    const form = page.getByTestId('mr-line-comment-form');
    await expect(form).toBeVisible();
    await form.getByRole('textbox', { name: 'Comment on this line' }).fill('Could this use `reduce`?');
    await form.getByRole('button', { name: 'Start a thread' }).click();
    if (discussionsApi.status === 404) {
      test
        .info()
        .annotations.push({ type: 'core-gap', description: 'No discussions API in the core yet (404).' });
      await expect(form.getByRole('alert')).toBeVisible();
    } else {
      await expect(diff.getByTestId('mr-thread')).toContainText('Could this use reduce?');
    }
    await shot(page, 'mr-line-comment.png');
    if (discussionsApi.status !== 404) {
      // An unresolved thread blocks the merge; resolve it.
      await expect(page.getByTestId('mr-merge-blocked')).toContainText('threads');
      await diff.getByTestId('mr-thread').getByRole('button', { name: 'Resolve thread' }).click();
      await expect(diff.getByTestId('mr-thread')).toContainText('Resolved');
    }
  });

  await test.step('approve', async () => {
    await page.getByRole('tab', { name: /Overview/ }).click();
    const box = page.getByTestId('mr-approvals');
    if (approvalsApi.status === 404) {
      test
        .info()
        .annotations.push({ type: 'core-gap', description: 'No approvals API in the core yet (404).' });
      await expect(box).toContainText('no approvals API');
    } else {
      await box.getByRole('button', { name: 'Approve' }).click();
      await expect(box).toContainText('Approved by');
    }
  });

  await test.step('rebase, following its progress', async () => {
    await page.getByTestId('mr-rebase').click();
    await expect(page.getByText('Rebased', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('mr-merge-error')).toHaveCount(0);
    await settle(page);
  });

  await test.step('compare the version before the rebase with the one after', async () => {
    const versions = await api<unknown[]>(
      page,
      browserHost,
      'GET',
      `/projects/${project.id}/merge_requests/${iid}/versions`,
    );
    if (versions.body.length < 2) {
      test.info().annotations.push({ type: 'core-gap', description: 'The rebase made no new diff version.' });
      return;
    }
    await page.getByRole('tab', { name: /Changes/ }).click();
    await page.getByRole('combobox', { name: 'Base version' }).click();
    await page.getByRole('option', { name: /^Version 1/ }).click();
    // Same file changes before and after a clean rebase: nothing (or only the files git sees as changed).
    await expect(
      page.getByText('No changes', { exact: true }).or(page.getByTestId('mr-file-diff').first()),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Base version' }).click();
    await page.getByRole('option', { name: `${main} (base)` }).click();
    await expect(page.getByTestId('mr-file-diff')).toHaveCount(2);
    await page.getByRole('tab', { name: /Overview/ }).click();
  });

  await test.step('merge with options', async () => {
    await expect(page.getByTestId('mr-merge')).toBeEnabled({ timeout: 30_000 });
    await page.getByTestId('mr-merge').click();
    const dialog = page.getByRole('dialog', { name: /Merge !/ });
    await dialog.getByRole('checkbox', { name: 'Squash commits' }).check();
    await page.getByTestId('mr-merge-confirm').click();
    await expect(page.getByTestId('mr-state')).toHaveText('Merged', { timeout: 30_000 });
    await expect(page.getByTestId('mr-merged-banner')).toBeVisible();
    await settle(page);
    await shot(page, 'mr-merged.png');
  });

  await test.step('dark scheme', async () => {
    const pickScheme = async (name: string) => {
      await page.getByTestId('color-scheme-toggle').click();
      await page.getByRole('menuitem', { name }).click();
    };
    await pickScheme('Dark');
    await page.getByRole('tab', { name: /Changes/ }).click();
    await expect(page.getByTestId('mr-file-diff').first()).toBeVisible();
    await page.mouse.move(0, 0);
    await shot(page, 'mr-dark.png');
    await pickScheme('Light');
  });

  await test.step('my merge requests, on every project', async () => {
    await page.getByTestId('mr-back').click();
    await page.getByRole('link', { name: 'Switch project' }).click();
    await page.getByRole('link', { name: 'My merge requests' }).click();
    await expect(page.getByRole('heading', { name: 'My merge requests' })).toBeVisible();
    await page.getByRole('tab', { name: /Merged/ }).click();
    await expect(page.getByTestId('mr-row').filter({ hasText: TITLE })).toContainText('root/review-demo!');
    expect(page.url()).toContain('state=merged');
    await page.getByTestId('mr-row').filter({ hasText: TITLE }).click();
    await expect(page.getByTestId('mr-state')).toHaveText('Merged');
  });

  await test.step('labels', async () => {
    await page.getByTestId('mr-back').click();
    await page.getByRole('link', { name: 'Labels' }).click();
    await expect(page.getByText('No labels yet')).toBeVisible();
    for (const [name, color, description] of [
      ['bug', '#d9534f', 'Something is **broken**'],
      ['review', '#5843ad', 'Needs a second pair of eyes'],
    ] as const) {
      await page.getByRole('button', { name: 'New label' }).click();
      const dialog = page.getByRole('dialog', { name: 'New label' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('textbox', { name: 'Colour' }).fill(color);
      await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
      await dialog.getByRole('button', { name: 'Create label' }).click();
      await expect(dialog).toBeHidden();
    }
    const rows = page.getByTestId('label-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'bug' })).toContainText('broken');
    await rows.filter({ hasText: 'bug' }).getByRole('switch').click({ force: true });
    await expect(rows.filter({ hasText: 'bug' }).getByRole('switch')).toBeChecked();
    await page.mouse.move(0, 0);
    // The switch's thumb transition: the screenshot's `animations: 'disabled'` finishes it first.
    await shot(page, 'labels.png');
  });

  expect(consoleProblems).toEqual([]);
});

test('at 1024×700: mark a draft as ready, edit it, see its merge checks and commits, no sideways scroll', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  // Seeded through the bridge before the app loads, so its first project list already holds it.
  const created = await api<{ id: number }>(page, browserHost, 'POST', '/projects', {
    name: 'Small review',
    initialize_with_readme: true,
  });
  expect(created.status).toBe(201);
  const projectId = created.body.id;
  for (const n of [1, 2, 3]) {
    const answer = await api(
      page,
      browserHost,
      n === 1 ? 'POST' : 'PUT',
      `/projects/${projectId}/repository/files/notes.md`,
      {
        branch: 'notes',
        ...(n === 1 ? { start_branch: 'main' } : {}),
        content: `Note ${n}\n`,
        commit_message: `Note ${n}`,
      },
    );
    expect(answer.status).toBeLessThan(300);
  }
  const mr = await api<{ iid: number }>(page, browserHost, 'POST', `/projects/${projectId}/merge_requests`, {
    source_branch: 'notes',
    target_branch: 'main',
    title: 'Draft: Keep notes',
  });
  expect(mr.status).toBe(201);

  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  const noSidewaysScroll = async () =>
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByRole('link', { name: 'Merge requests' }).first().click();
  await page.getByTestId('mr-project-pick').filter({ hasText: 'Small review' }).click();
  await page.getByTestId('mr-row').filter({ hasText: 'Keep notes' }).click();
  await expect(page.getByTestId('mr-title')).toContainText('Draft: Keep notes');
  await expect(page.getByTestId('mr-check-draft')).toHaveAttribute('data-status', 'failed');
  await noSidewaysScroll();
  await page.mouse.move(0, 0);
  await shot(page, 'mr-draft-1024.png', true);

  await page.getByRole('button', { name: 'Mark as ready' }).click();
  await expect(page.getByTestId('mr-title')).toContainText(/^Keep notes/);
  await expect(page.getByTestId('mr-check-draft')).toHaveAttribute('data-status', 'passed');

  await page.getByTestId('mr-edit').click();
  const dialog = page.getByRole('dialog', { name: /Edit !/ });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Keep notes, edited');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Notes, *kept*.');
  await noSidewaysScroll();
  await shot(page, 'mr-edit-1024.png');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('mr-title')).toContainText('Keep notes, edited');
  await expect(page.getByTestId('markdown-view').first()).toContainText('Notes, kept.');

  await page.getByRole('tab', { name: /Commits/ }).click();
  await expect(page.getByTestId('mr-commits-count')).toHaveText('3 commits');
  await expect(page.getByTestId('mr-commit-row')).toHaveCount(3);
  await noSidewaysScroll();

  await page.getByTestId('color-scheme-toggle').click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await page.getByRole('tab', { name: /Overview/ }).click();
  await expect(page.getByTestId('mr-merge-checks')).toBeVisible();
  await noSidewaysScroll();
  await settle(page);
  await shot(page, 'mr-overview-dark-1024.png', true);
  await page.getByTestId('color-scheme-toggle').click();
  await page.getByRole('menuitem', { name: 'Light' }).click();

  expect(consoleProblems).toEqual([]);
});
