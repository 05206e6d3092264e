/**
 * A long history, end to end (issue 17's "commits list load more at 780 commits", issue 18's commits list
 * and commit page): the browser host on a fresh data dir and the real core. A project gets 800 generated
 * commits pushed once over smart HTTP (e2e/fixtures/generated-history.ts). Through the UI: the Commits tab
 * loads on scroll to the beginning of the history with a constant number of rows in the DOM (virtualised),
 * filters by message, author and path, and every title opens the commit page (message, author, parents as
 * links, the diff). Figures (time per page, DOM rows) are printed, not asserted: a timing is not a test.
 * Screenshots at 1024×700 and 1440, light and dark, go to e2e/artifacts/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';
import { pushGeneratedHistory } from './fixtures/generated-history.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name) });

/** Generated commits on top of the README commit. */
const COUNT = 800;
const BRANCH = 'long-history';

async function api<T>(page: Page, host: BrowserHostInfo, method: string, apiPath: string, body?: unknown) {
  const answer = await bridgeApi<T>(page.request, host, { method, path: apiPath, body });
  expect(answer.status, `${method} ${apiPath}`).toBeLessThan(300);
  return answer.body;
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
    'the page scrolls sideways',
  ).toBe(true);

/** Scroll the commit list to its end and wait until the status row no longer says it is loading. */
async function scrollListToEnd(page: Page) {
  await page.getByTestId('commit-list').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
}

test('800 commits: load on scroll at constant DOM cost, filters, and the commit page', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(300_000);
  const project = await api<{ id: number; http_url_to_repo: string }>(
    page,
    browserHost,
    'POST',
    '/projects',
    {
      name: 'Long history',
      initialize_with_readme: true,
    },
  );
  const me = await api<{ id: number; username: string; name: string }>(page, browserHost, 'GET', '/user');
  const { token } = await api<{ token: string }>(
    page,
    browserHost,
    'POST',
    `/users/${me.id}/personal_access_tokens`,
    { name: 'long-history', scopes: ['write_repository'] },
  );
  await pushGeneratedHistory({
    repoUrl: project.http_url_to_repo,
    username: me.username,
    token,
    branch: BRANCH,
    from: 'main',
    count: COUNT,
  });
  const commitsUrl = (query = '') =>
    `${browserHost.url}#/repository/${project.id}/commits?ref=${BRANCH}${query ? `&${query}` : ''}`;

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(commitsUrl());
  const rows = page.getByTestId('commit-row');
  const status = page.getByTestId('commits-status');
  await expect(rows.first()).toContainText(`Commit ${COUNT}`);

  await test.step('scroll to the beginning of the history: rows in the DOM stay bounded', async () => {
    // The instance's share: how long each page request took through the bridge (server + host).
    const requestMs: number[] = [];
    page.on('requestfinished', (request) => {
      const body = request.postData() ?? '';
      if (!body.includes('/repository/commits"') || !body.includes('"per_page":50')) return;
      requestMs.push(Math.round(request.timing().responseEnd));
    });
    // In the page: scroll to the end, then count frames until the list has grown (the next page is
    // fetched and drawn) or the history's beginning shows. Each figure is one "load more" as a person
    // scrolling sees it.
    const run = await page.getByTestId('commit-list').evaluate(async (list) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const loads: string[] = [];
      let domRowsMax = 0;
      for (let step = 0; step < 60; step += 1) {
        const height = list.scrollHeight;
        const started = performance.now();
        list.scrollTop = list.scrollHeight;
        for (;;) {
          await frame();
          domRowsMax = Math.max(domRowsMax, list.querySelectorAll('[data-testid="commit-row"]').length);
          const text = list.querySelector('[data-testid="commits-status"]')?.textContent ?? '';
          if (text.includes('the beginning of the history')) {
            // Same-run floor: a jump of the same list back to the top, drawn, with nothing to fetch.
            const jump = performance.now();
            list.scrollTop = 0;
            await frame();
            await frame();
            return { loads, domRowsMax, done: true, floor: Math.round(performance.now() - jump) };
          }
          if (list.scrollHeight > height) break;
          if (performance.now() - started > 30_000) return { loads, domRowsMax, done: false, floor: -1 };
        }
        const fetched = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('api:request') && entry.startTime >= started);
        const last = fetched.at(-1) as PerformanceResourceTiming | undefined;
        loads.push(
          `${Math.round(performance.now() - started)} (request ${last ? Math.round(last.startTime - started) : '?'}→${last ? Math.round(last.responseEnd - started) : '?'})`,
        );
      }
      return { loads, domRowsMax, done: false, floor: -1 };
    });
    expect(run.done, 'the list reached the beginning of the history').toBe(true);
    const domRowsMax = Math.max(run.domRowsMax, await rows.count());
    await scrollListToEnd(page);
    await expect(status).toHaveText(
      `${(COUNT + 1).toLocaleString('en-US')} commits — the beginning of the history`,
    );
    // Virtualised: only the rows in view (and a few around) are in the DOM, whatever was loaded.
    expect(domRowsMax).toBeLessThan(60);
    console.log(
      `[figures] commits list to ${COUNT + 1} commits, 50 per page: ms per load on scroll (scroll → fetched and ` +
        `drawn), in order: ${run.loads.join(', ')}; ` +
        `floor (jump to the top and draw, nothing fetched) ${run.floor} ms; ` +
        `at most ${domRowsMax} commit rows in the DOM; page requests (ms, in order): ${requestMs.join(', ')}`,
    );
    await expect(rows.last()).toContainText('Initial commit');
  });

  await test.step('search by message, author and path', async () => {
    await page.goto(commitsUrl());
    await page.getByTestId('commits-search').fill('Commit 777');
    await expect(page).toHaveURL(/search=Commit\+777|search=Commit%20777/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Commit 777');
    await expect(status).toContainText(
      `1 commit match — searched all ${(COUNT + 1).toLocaleString('en-US')} commits`,
    );
    await shot(page, 'repository-commits-search-1440.png');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByTestId('commits-author').fill(me.name);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Initial commit');

    await page.goto(commitsUrl('path=README.md'));
    await expect(page.getByTestId('commits-path')).toHaveValue('README.md');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Initial commit');
    await page.getByTestId('commits-path').fill('nothing-here.txt');
    await expect(page.getByTestId('commits-empty')).toContainText('touch nothing-here.txt');
  });

  await test.step('a title opens the commit page: message, author, parent link, diff', async () => {
    await page.goto(commitsUrl('search=Commit 500'));
    await rows.first().getByTestId('commit-title').click();
    await expect(page).toHaveURL(new RegExp(`#/repository/${project.id}/commit/[0-9a-f]{40}`));
    await expect(page.getByTestId('commit-page-title')).toHaveText('Commit 500');
    await expect(page.getByTestId('commit-author')).toHaveText('Test');
    await expect(page.getByRole('tab', { name: 'Commits' })).toHaveAttribute('aria-selected', 'true');
    const diff = page.getByTestId('commit-file-diff');
    await expect(diff).toHaveCount(1);
    await expect(diff).toContainText('counter.txt');
    await expect(diff.locator('.diff-code-delete')).toContainText('499');
    await expect(diff.locator('.diff-code-insert')).toContainText('500');
    // Merge requests: none brought it. Branches and tags: listed, or said to be unavailable.
    await expect(page.getByTestId('commit-merge-requests')).toContainText('None: pushed directly.');
    await expect(page.getByTestId('commit-refs')).toContainText(
      /long-history|doesn’t list the branches and tags/,
    );
    await shot(page, 'repository-commit-1440.png');

    await page.getByTestId('commit-parent').click();
    await expect(page.getByTestId('commit-page-title')).toHaveText('Commit 499');
    await noSidewaysScroll(page);
  });

  await test.step('1024×700 and dark: no sideways scroll', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await noSidewaysScroll(page);
    await shot(page, 'repository-commit-1024.png');
    await page.goto(commitsUrl());
    await expect(rows.first()).toContainText(`Commit ${COUNT}`);
    await noSidewaysScroll(page);
    await shot(page, 'repository-commits-1024.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('color-scheme-toggle').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.mouse.move(0, 0);
    await shot(page, 'repository-commits-1024-dark.png');
    await rows.first().getByTestId('commit-title').click();
    await expect(page.getByTestId('commit-file-diff')).toBeVisible();
    await page.mouse.move(0, 0);
    await noSidewaysScroll(page);
    await shot(page, 'repository-commit-1024-dark.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'repository-commit-1440-dark.png');
  });

  expect(consoleProblems).toEqual([]);
});
