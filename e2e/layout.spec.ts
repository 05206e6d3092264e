/**
 * Every window size, end to end: the browser host on its own data dir holding the demo instance built
 * from this checkout (once per run, e2e/fixtures/demo-template.ts), Chromium, the real core. Walks EVERY
 * route of renderer/src/app/router.tsx with real ids
 * (a project, a directory, a file, a merge request and its tabs, a pipeline, a job, an environment, an
 * alert project …) at 1024×700 in light and dark (each route opened once, checked in light and then in dark
 * on the same screen), and a subset at 1280, 1440 and 1920 wide, asserting
 * that the page never scrolls sideways: `document.scrollingElement.scrollWidth <= innerWidth`. A route
 * that overflows is reported with the widest element sticking out past the window (tag, test id, class,
 * text), as a soft failure, so one run lists every offender; and that no badge is cut off (ellipsis,
 * or hidden by the box that clips it, as "ACKNOWLED…" was in the alert list). Also checks the sidebar: icons only with
 * tooltips below 1280 px, a toggle that expands it and is remembered. Screenshots go to
 * e2e/artifacts/layout-*.png.
 */
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';
import { settleScreen } from './fixtures/settle-screen.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');

/** One route to visit: its hash path and what must be on screen once it has loaded. */
interface RouteCase {
  /** Short name for screenshots and messages. */
  name: string;
  /** Hash path, e.g. `/repository/1/tree`. */
  path: string;
  /** Owner of the screen (G: shell/admin/projects/alerts/audit; H1: merge requests; H2: repository). */
  owner: 'G' | 'H1' | 'H2' | 'pipelines';
}

interface Ids {
  projectId: number;
  dir: string;
  file: string;
  branch: string;
  mrIid: number;
  pipelineId: number;
  jobId: number;
  environmentId: number;
}

/** Looks up real ids on the demo instance through the bridge. */
async function demoIds(request: APIRequestContext, host: BrowserHostInfo, projectId: number): Promise<Ids> {
  const api = <T>(p: string, query?: Record<string, string | number>) =>
    bridgeApi<T>(request, host, { method: 'GET', path: p, ...(query ? { query } : {}) }).then((r) => {
      expect(r.status, p).toBe(200);
      return r.body;
    });
  const project = await api<{ default_branch: string }>(`/projects/${projectId}`);
  const tree = await api<Array<{ type: string; path: string }>>(`/projects/${projectId}/repository/tree`, {
    per_page: 100,
  });
  const dir = tree.find((entry) => entry.type === 'tree' && entry.path === 'renderer')?.path ?? '';
  const file = tree.find((entry) => entry.type === 'blob' && entry.path === 'README.md')?.path ?? '';
  const mrs = await api<Array<{ iid: number }>>(`/projects/${projectId}/merge_requests`, {
    state: 'opened',
    per_page: 1,
  });
  const pipelines = await api<Array<{ id: number }>>(`/projects/${projectId}/pipelines`, { per_page: 1 });
  const jobs = await api<Array<{ id: number }>>(`/projects/${projectId}/jobs`, { per_page: 1 });
  const environments = await api<Array<{ id: number }>>(`/projects/${projectId}/environments`, {
    per_page: 1,
  });
  expect(dir, 'the demo repository has a renderer/ folder').not.toBe('');
  expect(file, 'the demo repository has a README.md').not.toBe('');
  expect(mrs.length, 'the demo has an open merge request').toBeGreaterThan(0);
  expect(pipelines.length, 'the demo has a pipeline').toBeGreaterThan(0);
  expect(jobs.length, 'the demo has a job').toBeGreaterThan(0);
  expect(environments.length, 'the demo has an environment').toBeGreaterThan(0);
  return {
    projectId,
    dir,
    file,
    branch: project.default_branch,
    mrIid: mrs[0]!.iid,
    pipelineId: pipelines[0]!.id,
    jobId: jobs[0]!.id,
    environmentId: environments[0]!.id,
  };
}

/** Every route of router.tsx, with real ids. */
function allRoutes(ids: Ids): RouteCase[] {
  const p = ids.projectId;
  return [
    { name: 'projects', path: '/projects', owner: 'G' },
    { name: 'project-settings', path: `/projects/${p}/settings`, owner: 'G' },
    { name: 'repository-index', path: '/repository', owner: 'H2' },
    { name: 'repository-tree', path: `/repository/${p}/tree`, owner: 'H2' },
    { name: 'repository-tree-dir', path: `/repository/${p}/tree/${ids.dir}`, owner: 'H2' },
    { name: 'repository-blob', path: `/repository/${p}/blob/${ids.file}`, owner: 'H2' },
    { name: 'repository-blame', path: `/repository/${p}/blame/${ids.file}`, owner: 'H2' },
    { name: 'repository-raw', path: `/repository/${p}/raw/${ids.file}`, owner: 'H2' },
    { name: 'repository-edit', path: `/repository/${p}/edit/${ids.file}`, owner: 'H2' },
    { name: 'repository-new', path: `/repository/${p}/new/${ids.dir}`, owner: 'H2' },
    { name: 'repository-commits', path: `/repository/${p}/commits`, owner: 'H2' },
    { name: 'repository-branches', path: `/repository/${p}/branches`, owner: 'H2' },
    { name: 'repository-tags', path: `/repository/${p}/tags`, owner: 'H2' },
    { name: 'repository-protected', path: `/repository/${p}/protected-branches`, owner: 'H2' },
    { name: 'pipelines-index', path: '/pipelines', owner: 'pipelines' },
    { name: 'pipelines-list', path: `/pipelines/${p}`, owner: 'pipelines' },
    { name: 'pipelines-run', path: `/pipelines/${p}/new`, owner: 'pipelines' },
    { name: 'pipelines-job', path: `/pipelines/${p}/jobs/${ids.jobId}`, owner: 'pipelines' },
    { name: 'pipelines-environments', path: `/pipelines/${p}/environments`, owner: 'pipelines' },
    {
      name: 'pipelines-environment',
      path: `/pipelines/${p}/environments/${ids.environmentId}`,
      owner: 'pipelines',
    },
    { name: 'pipelines-pipeline', path: `/pipelines/${p}/${ids.pipelineId}`, owner: 'pipelines' },
    { name: 'mr-index', path: '/merge-requests', owner: 'H1' },
    { name: 'mr-list', path: `/merge-requests/${p}`, owner: 'H1' },
    { name: 'mr-labels', path: `/merge-requests/${p}/labels`, owner: 'H1' },
    { name: 'mr-overview', path: `/merge-requests/${p}/${ids.mrIid}`, owner: 'H1' },
    { name: 'mr-commits', path: `/merge-requests/${p}/${ids.mrIid}/commits`, owner: 'H1' },
    { name: 'mr-changes', path: `/merge-requests/${p}/${ids.mrIid}/changes`, owner: 'H1' },
    { name: 'alerts-index', path: '/alerts', owner: 'G' },
    { name: 'alerts-list', path: `/alerts/${p}`, owner: 'G' },
    { name: 'alerts-integrations', path: `/alerts/${p}/integrations`, owner: 'G' },
    { name: 'project-alerts-redirect', path: `/projects/${p}/alerts`, owner: 'G' },
    { name: 'admin-clusters', path: '/admin/clusters', owner: 'G' },
    { name: 'admin-ci-variables', path: '/admin/ci-variables', owner: 'G' },
    { name: 'admin-storage-moves', path: '/admin/storage-moves', owner: 'G' },
    { name: 'admin-plan-limits', path: '/admin/plan-limits', owner: 'G' },
    { name: 'admin-security', path: '/admin/security', owner: 'G' },
    { name: 'admin-audit-events', path: '/admin/audit-events', owner: 'G' },
    { name: 'not-found', path: '/no/such/screen', owner: 'G' },
  ];
}

/** The routes also checked at 1280, 1440 and 1920 wide. */
const WIDE_SUBSET = new Set([
  'projects',
  'project-settings',
  'repository-tree',
  'repository-branches',
  'pipelines-pipeline',
  'mr-list',
  'mr-changes',
  'alerts-list',
  'admin-plan-limits',
  'admin-audit-events',
]);

/**
 * Measures horizontal overflow: `scrollWidth` of the page against `innerWidth`, and when it overflows,
 * the innermost elements whose right edge passes the window (none of their children does), each
 * described by tag, test id, class and text, with its nearest ancestor that has a test id or a class.
 */
async function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = window.innerWidth;
    const offenders: string[] = [];
    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const cls = (typeof el.className === 'string' ? el.className : '').split(/\s+/).slice(0, 2).join('.');
      return `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ''}${cls ? ` .${cls}` : ''}>`;
    };
    if (root.scrollWidth > width) {
      const sticking = Array.from(document.body.querySelectorAll('*')).filter((el) => {
        const rect = el.getBoundingClientRect();
        return rect.width > 0 && rect.right > width + 0.5;
      });
      const set = new Set(sticking);
      for (const el of sticking) {
        if (Array.from(el.children).some((child) => set.has(child))) continue;
        const rect = el.getBoundingClientRect();
        const text = (el.textContent ?? '').trim().slice(0, 40);
        let context = el.parentElement;
        while (context && !context.getAttribute('data-testid') && context !== document.body)
          context = context.parentElement;
        offenders.push(
          `${describe(el)} right=${Math.round(rect.right)} "${text}"${context && context !== document.body ? ` in ${describe(context)}` : ''}`,
        );
        if (offenders.length >= 5) break;
      }
    }
    return { scrollWidth: root.scrollWidth, innerWidth: width, offenders };
  });
}

/**
 * Badges that are cut off: their label is wider than the badge (ellipsis), or the badge sticks out of
 * the box that clips it (a table's scroll container, a card). Returns their texts.
 */
async function clippedBadges(page: Page) {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const badge of Array.from(document.querySelectorAll('main .mantine-Badge-root'))) {
      const rect = badge.getBoundingClientRect();
      if (rect.width === 0) continue;
      const label = badge.querySelector('.mantine-Badge-label');
      let cut = label ? label.scrollWidth > label.clientWidth + 1 : false;
      for (let p = badge.parentElement; p && !cut && p !== document.body; p = p.parentElement) {
        if (!/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) continue;
        const box = p.getBoundingClientRect();
        cut = rect.right > box.right + 1 || rect.left < box.left - 1;
      }
      if (cut) clipped.push((badge.textContent ?? '').trim());
    }
    return clipped;
  });
}

/** Switches the page's colour scheme and waits until the app has applied it (Mantine's `auto` scheme). */
async function applyScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** Opens `route` in the page (a hash navigation in the same app) and waits for it to settle. */
async function open(page: Page, host: BrowserHostInfo, route: RouteCase) {
  await page.goto(`${host.url}#${route.path}`);
  await settleScreen(page);
}

/**
 * Measures the screen on display and checks its badges; with `screenshot`, also saves
 * `e2e/artifacts/layout-<label>.png` (screenshots are the slowest part of a check, so the dark pass at
 * 1024 takes them only for the routes the wider passes also cover).
 */
async function check(page: Page, route: RouteCase, label: string, screenshot = true) {
  const result = await measure(page);
  if (screenshot)
    await page.screenshot({ animations: 'disabled', path: path.join(artifacts, `layout-${label}.png`) });
  expect
    .soft(
      result.scrollWidth,
      `${route.path} (${route.owner}) at ${label} scrolls sideways: ${result.offenders.join(' | ')}`,
    )
    .toBeLessThanOrEqual(result.innerWidth);
  expect
    .soft(await clippedBadges(page), `${route.path} (${route.owner}) at ${label}: clipped badges`)
    .toEqual([]);
}

test.describe('on the demo instance', () => {
  test.use({ demo: true });

  test('no route scrolls sideways at 1024×700 (light and dark), nor at 1280/1440/1920', async ({
    page,
    request,
    browserHost,
  }) => {
    test.setTimeout(900_000);
    const ids = await demoIds(request, browserHost, browserHost.demo!.status.project!.id);
    const routes = allRoutes(ids);

    // At 1024×700 each route is opened once and checked in light, then in dark on the same screen (the
    // app follows the system scheme live), so its data loads once for both.
    await test.step('1024×700 light and dark', async () => {
      await page.setViewportSize({ width: 1024, height: 700 });
      for (const route of routes) {
        await page.emulateMedia({ colorScheme: 'light' });
        await open(page, browserHost, route);
        await applyScheme(page, 'light');
        await check(page, route, `1024-light-${route.name}`);
        await applyScheme(page, 'dark');
        await settleScreen(page);
        await check(page, route, `1024-dark-${route.name}`, WIDE_SUBSET.has(route.name));
      }
    });
    for (const width of [1280, 1440, 1920]) {
      await test.step(`${width} wide`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await applyScheme(page, width === 1440 ? 'dark' : 'light');
        const scheme = width === 1440 ? 'dark' : 'light';
        for (const route of routes.filter((r) => WIDE_SUBSET.has(r.name))) {
          await open(page, browserHost, route);
          await check(page, route, `${width}-${scheme}-${route.name}`);
        }
      });
    }
  });
});

test('the sidebar shows icons with tooltips below 1280 px, and its toggle expands it', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const pipelines = nav.getByRole('link', { name: 'Pipelines' });
  await expect(pipelines).toBeVisible();
  // Collapsed: the link's name comes from its aria-label, the text is a tooltip on hover.
  await expect(nav.getByText('Pipelines', { exact: true })).toHaveCount(0);
  await pipelines.hover();
  await expect(page.getByRole('tooltip', { name: 'Pipelines' })).toBeVisible();
  await page.screenshot({
    animations: 'disabled',
    path: path.join(artifacts, 'layout-sidebar-collapsed.png'),
  });

  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(nav.getByText('Pipelines', { exact: true })).toBeVisible();
  let overflow = await measure(page);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
  await page.reload();
  await expect(nav.getByText('Pipelines', { exact: true })).toBeVisible();
  await page.screenshot({
    animations: 'disabled',
    path: path.join(artifacts, 'layout-sidebar-expanded.png'),
  });
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(nav.getByText('Pipelines', { exact: true })).toHaveCount(0);

  // Wide windows show the labels by default.
  await page.evaluate(() => localStorage.removeItem('outpost-navbar'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(nav.getByText('Pipelines', { exact: true })).toBeVisible();
  overflow = await measure(page);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
  expect(consoleProblems).toEqual([]);
});
