/**
 * The review screen on the demo instance (built once per run from this checkout, e2e/fixtures/demo-template.ts,
 * and copied into this test's own data dir): the
 * Overview's timeline (opening, diff threads with their code, a label added in the sidebar, merge) and
 * head pipeline card with its link,
 * commit titles linking to the commit page, and every merge request route at 1024×700 without sideways
 * scroll, in light and dark. Screenshots go to e2e/artifacts/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { bridgeApi } from './fixtures/demo-instance.js';
import { expect, test } from './fixtures/browser-host.js';

test.use({ demo: true });

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage });

interface MergeRequestJson {
  iid: number;
  title: string;
  state: string;
  user_notes_count: number;
}

const noSidewaysScroll = async (page: Page, route: string) =>
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
    `no sideways scroll on ${route}`,
  ).toBe(true);

/**
 * Go to a route of the already loaded app by its hash (no page reload: the app stays loaded even while
 * another engineer rebuilds dist/).
 */
const go = (page: Page, route: string) => page.evaluate((hash) => (window.location.hash = hash), route);

async function scheme(page: Page, name: 'Light' | 'Dark') {
  await page.getByTestId('color-scheme-toggle').click();
  await page.getByRole('menuitem', { name }).click();
  await page.mouse.move(0, 0);
}

test('demo instance: timeline, pipeline card, commit links, every MR route at 1024×700', async ({
  page,
  request,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(720_000);
  const api = <T>(req: Parameters<typeof bridgeApi>[2]) => bridgeApi<T>(request, browserHost, req);
  const projectId = browserHost.demo!.status.project!.id;

  const all = (
    await api<MergeRequestJson[]>({
      method: 'GET',
      path: `/projects/${projectId}/merge_requests`,
      query: { state: 'all', per_page: 100 },
    })
  ).body;
  const ci = all.find((mr) => mr.title === 'Add a CI pipeline')!;
  expect(ci, 'the demo has its CI merge request').toBeTruthy();
  // A merge request with a line comment (the demo comments on the first added line and replies).
  let commented: MergeRequestJson | undefined;
  for (const mr of all.filter((candidate) => candidate.user_notes_count > 0)) {
    const discussions = await api<{ notes: { position?: unknown }[] }[]>({
      method: 'GET',
      path: `/projects/${projectId}/merge_requests/${mr.iid}/discussions`,
    });
    if (discussions.body.some((discussion) => discussion.notes[0]?.position)) {
      commented = mr;
      break;
    }
  }
  expect(commented, 'the demo has a merge request with a diff thread').toBeTruthy();

  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${browserHost.url}#/merge-requests/${projectId}/${ci.iid}`);
  await expect(page.getByTestId('mr-title')).toContainText('Add a CI pipeline');

  await test.step('the CI merge request: pipeline card with its link; opened and merged in the timeline', async () => {
    const card = page.getByTestId('mr-pipeline');
    await expect(card.getByTestId('mr-pipeline-status')).toHaveText(
      /success|failed|running|pending|canceled/,
    );
    const activity = page.getByTestId('mr-activity');
    await expect(activity.locator('[data-kind="opened"]')).toContainText('opened this merge request');
    await expect(activity.locator('[data-kind="merged"]')).toContainText('merged this merge request');
    await noSidewaysScroll(page, 'overview');
    await shot(page, 'mr-demo-overview-1024.png', true);
    await scheme(page, 'Dark');
    await shot(page, 'mr-demo-overview-dark-1024.png', true);
    await scheme(page, 'Light');
    await card.getByTestId('mr-pipeline-link').click();
    await expect(page).toHaveURL(new RegExp(`#/pipelines/${projectId}/\\d+`));
    await page.goBack();
  });

  await test.step('a diff thread shows in the timeline with the code it is on', async () => {
    await go(page, `#/merge-requests/${projectId}/${commented!.iid}`);
    const thread = page.getByTestId('mr-activity').locator('[data-kind="diff-thread"]').first();
    await expect(thread.getByTestId('mr-thread-context')).toBeVisible();
    await expect(thread.getByTestId('mr-thread')).toBeVisible();
    await noSidewaysScroll(page, 'overview with threads');
    await page.mouse.move(0, 0);
    await shot(page, 'mr-demo-thread-1024.png', true);
  });

  await test.step('a label added in the sidebar shows in the timeline (resource label events)', async () => {
    const name = `timeline-${Date.now().toString(36)}`;
    const created = await api<{ name: string }>({
      method: 'POST',
      path: `/projects/${projectId}/labels`,
      body: { name, color: '#6699cc' },
    });
    expect(created.status, 'label created').toBe(201);
    await page.getByRole('button', { name: 'Edit labels' }).click();
    const select = page.getByRole('combobox', { name: 'Edit labels' });
    await select.click();
    await select.fill(name);
    await page.getByRole('option', { name }).click();
    await page.keyboard.press('Escape'); // Close the dropdown, which covers the Save button.
    await page.getByRole('button', { name: 'Save', exact: true }).click({ timeout: 30_000 });
    const event = page.getByTestId('mr-activity').locator('[data-kind="labels"]').filter({ hasText: name });
    await expect(event).toContainText(/added .* label/);
    await expect(event).toContainText(name);
    await noSidewaysScroll(page, 'overview with a label event');
    await event.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await shot(page, 'mr-demo-label-event-1024.png');
    await scheme(page, 'Dark');
    await shot(page, 'mr-demo-label-event-dark-1024.png');
    await scheme(page, 'Light');
  });

  await test.step('every merge request route at 1024×700 and 1440, light and dark', async () => {
    // Each route with what shows once it has loaded.
    const routes: [string, string][] = [
      [`#/merge-requests/${projectId}`, 'mr-row'],
      [`#/merge-requests/${projectId}/${commented!.iid}`, 'mr-activity'],
      [`#/merge-requests/${projectId}/${commented!.iid}/commits`, 'mr-commit-row'],
      [`#/merge-requests/${projectId}/${commented!.iid}/changes`, 'mr-file-diff'],
      [`#/merge-requests/${projectId}/${ci.iid}/changes`, 'mr-file-diff'],
    ];
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: width === 1024 ? 700 : 900 });
      for (const [route, loaded] of routes) {
        await go(page, route);
        await expect(page.getByTestId(loaded).first()).toBeVisible({ timeout: 30_000 });
        await noSidewaysScroll(page, `${route} at ${width}`);
      }
    }
    await go(page, `#/merge-requests/${projectId}/${ci.iid}/changes`);
    await expect(page.getByTestId('mr-file-diff').first()).toBeVisible();
    await page.mouse.move(0, 0);
    await shot(page, 'mr-demo-changes-1440.png');
    await scheme(page, 'Dark');
    await shot(page, 'mr-demo-changes-dark-1440.png');
    await scheme(page, 'Light');
  });

  await test.step('commit titles link to the commit page', async () => {
    await go(page, `#/merge-requests/${projectId}/${commented!.iid}/commits`);
    const link = page.getByTestId('mr-commit-link').first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#/repository/${projectId}/commit/[0-9a-f]{40}$`));
  });

  expect(consoleProblems).toEqual([]);
});
