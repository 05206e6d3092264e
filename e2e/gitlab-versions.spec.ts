/**
 * Every screen on every GitLab version Outpost supports, end to end, without a real GitLab: the browser
 * host on a copy of the demo instance (e2e/fixtures/demo-template.ts), Chromium, and the test-only GitLab
 * behaviour proxy (e2e/gitlab-behaviour-proxy/) on 127.0.0.1 in front of the host's embedded core,
 * playing one GitLab profile per test (13.10 EE, 16.11 EE, 18.6 CE, 18.6 EE, 18.6 EE with Admin Mode,
 * GitLab.com). The proxy's URL is added as a remote instance through the bridge, as the Add GitLab
 * instance dialog does (e2e/instances.spec.ts; plain http:// to loopback needs no confirmation,
 * shared/instance-url-security.ts), so the host detects it as GitLab (its `/version` has no Outpost
 * revision) and the renderer decides every screen from those capabilities.
 *
 * Per profile, every screen of renderer/src/app/router.tsx that depends on the instance is opened by a
 * hash navigation in the same page at 1440×900, then checked at 1024×700 by resizing the window (no
 * reload): no horizontal page scroll. Asserted per screen (soft, so one run lists every offender): no
 * error text other than the honest "not available" states (feature-unavailable, admin-mode-required,
 * admin-access-required), no console error; over the whole walk: no request the proxy answered 404 was
 * sent twice (no polling of a 404). Key actions where the version has them: merge (auto-merge where it
 * exists), save release notes, read the audit count; on 18.6 EE the proxy's rate limit answers one
 * request 429 with `Retry-After` and the screen still loads. The per-profile record (screens walked, screens
 * clean, 404s, key actions) goes to e2e/artifacts/gitlab-versions-<profile>.json and the test's
 * annotations.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { BROWSER_HOST_SECRET_HEADER, type AppInfo, type ProfileSummary } from '../shared/ipc-contract.js';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';
import { loadProfile, PROFILE_NAMES, type ProfileName } from './gitlab-behaviour-proxy/profiles.js';
import { startBehaviourProxy, type BehaviourProxy } from './gitlab-behaviour-proxy/proxy.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');

/** One bridge call with the launch secret; returns the result or throws the bridge's error. */
async function bridge<T>(
  request: APIRequestContext,
  host: BrowserHostInfo,
  channel: string,
  args: unknown[],
) {
  const secret = new URL(host.url).searchParams.get('secret') ?? '';
  const response = await request.post(`${host.origin}/bridge/${channel}`, {
    headers: { [BROWSER_HOST_SECRET_HEADER]: secret },
    data: { args },
  });
  const reply = (await response.json()) as { result?: T; error?: { message: string } };
  if (reply.error) throw new Error(`${channel}: ${reply.error.message}`);
  return reply.result as T;
}

/** Real ids on the demo instance (asked of the embedded instance through the bridge). */
interface DemoIds {
  projectId: number;
  mrIid: number;
  /** An open merge request the walk merges (a mergeable one when there is one). */
  mergeIid: number;
  pipelineId: number;
  jobId: number;
  tagName: string;
}

async function demoIds(request: APIRequestContext, host: BrowserHostInfo): Promise<DemoIds> {
  const projectId = host.demo!.status.project!.id;
  const api = async <T>(p: string, query?: Record<string, string | number>) => {
    const r = await bridgeApi<T>(request, host, { method: 'GET', path: p, ...(query ? { query } : {}) });
    expect(r.status, p).toBe(200);
    return r.body;
  };
  const send = async (method: string, p: string, body: unknown) => {
    const r = await bridgeApi<{ iid?: number }>(request, host, { method, path: p, body });
    expect(r.status, `${method} ${p}`).toBe(201);
    return r.body;
  };
  const mrs = await api<Array<{ iid: number }>>(`/projects/${projectId}/merge_requests`, {
    state: 'opened',
    per_page: 1,
  });
  const pipelines = await api<Array<{ id: number }>>(`/projects/${projectId}/pipelines`, { per_page: 1 });
  const jobs = await api<Array<{ id: number }>>(`/projects/${projectId}/jobs`, { per_page: 1 });
  expect(mrs.length, 'the demo has an open merge request').toBe(1);
  const defaultBranch = (await api<{ default_branch: string }>(`/projects/${projectId}`)).default_branch;
  const tagName = 'v0.0.1-gitlab-versions';
  await send('POST', `/projects/${projectId}/repository/tags`, { tag_name: tagName, ref: defaultBranch });
  // A merge request of its own to merge: one commit on a new branch, `[skip ci]` so no pipeline runs
  // (electron/core/services/pipelines/create-pipeline.ts honours it, as GitLab does).
  const branch = 'gitlab-versions-merge';
  await send('POST', `/projects/${projectId}/repository/branches`, { branch, ref: defaultBranch });
  await send('POST', `/projects/${projectId}/repository/files/${encodeURIComponent('gitlab-versions.md')}`, {
    branch,
    content: 'Merged by the GitLab versions walk.\n',
    commit_message: 'Add a note from the GitLab versions walk [skip ci]',
  });
  const mr = await send('POST', `/projects/${projectId}/merge_requests`, {
    source_branch: branch,
    target_branch: defaultBranch,
    title: 'GitLab versions walk',
  });
  return {
    projectId,
    mrIid: mrs[0]!.iid,
    mergeIid: mr.iid!,
    pipelineId: pipelines[0]!.id,
    jobId: jobs[0]!.id,
    tagName,
  };
}

/** One screen of the walk. */
interface Screen {
  name: string;
  /** Hash path. */
  path: string;
  /** Shown in the navbar's Admin section only to administrators. */
  admin?: boolean;
}

/** The screens that talk to the instance (renderer/src/app/router.tsx, navigation.ts). */
function screens(ids: DemoIds): Screen[] {
  const p = ids.projectId;
  return [
    { name: 'projects', path: '/projects' },
    { name: 'project-settings', path: `/projects/${p}/settings` },
    { name: 'repository-tree', path: `/repository/${p}/tree` },
    { name: 'repository-commits', path: `/repository/${p}/commits` },
    { name: 'repository-tags', path: `/repository/${p}/tags` },
    { name: 'mr-list', path: `/merge-requests/${p}` },
    { name: 'mr-overview', path: `/merge-requests/${p}/${ids.mrIid}` },
    { name: 'mr-changes', path: `/merge-requests/${p}/${ids.mrIid}/changes` },
    { name: 'pipelines-list', path: `/pipelines/${p}` },
    { name: 'pipeline', path: `/pipelines/${p}/${ids.pipelineId}` },
    { name: 'job', path: `/pipelines/${p}/jobs/${ids.jobId}` },
    { name: 'environments', path: `/pipelines/${p}/environments` },
    { name: 'alerts', path: `/alerts/${p}` },
    { name: 'admin-overview', path: '/admin/overview', admin: true },
    { name: 'admin-users', path: '/admin/users', admin: true },
    { name: 'admin-projects', path: '/admin/projects', admin: true },
    { name: 'admin-groups', path: '/admin/groups', admin: true },
    { name: 'admin-clusters', path: '/admin/clusters', admin: true },
    { name: 'admin-runners', path: '/admin/runners', admin: true },
    { name: 'admin-ci-variables', path: '/admin/ci-variables', admin: true },
    { name: 'admin-storage-moves', path: '/admin/storage-moves', admin: true },
    { name: 'admin-plan-limits', path: '/admin/plan-limits', admin: true },
    { name: 'admin-security', path: '/admin/security', admin: true },
    { name: 'admin-audit-events', path: '/admin/audit-events', admin: true },
  ];
}

/** The honest states a screen may show in place of what the instance lacks. */
const HONEST = [
  '[data-testid="feature-unavailable"]',
  '[data-testid$="-unavailable"]', // FeatureUnavailable with a screen's own test id (alerts, clusters…)
  '[data-testid="job-sandbox-status"]',
  '[data-testid="certificate-clusters-off"]', // clusters-page.tsx: GitLab answered 404, the flag is off
  '[data-testid="admin-mode-required"]',
  '[data-testid="admin-access-required"]',
].join(', ');

/**
 * Error texts on screen: red alerts and red notifications that are not inside an honest state, and
 * bare HTTP refusals or crash texts anywhere in the main area.
 */
async function errorTexts(page: Page): Promise<string[]> {
  return page.evaluate((honest) => {
    const found: string[] = [];
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    for (const el of Array.from(
      document.querySelectorAll('.mantine-Alert-root, .mantine-Notification-root, [role="alert"]'),
    )) {
      if (!visible(el) || el.closest(honest)) continue;
      const style = el.getAttribute('style') ?? '';
      if (/red/.test(style) || el.getAttribute('data-color') === 'red') {
        found.push((el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 200));
      }
    }
    const main = document.querySelector('main');
    const text = main?.textContent ?? '';
    const bare =
      /(\b40[34] (Not Found|Forbidden)\b|Something went wrong|Unexpected Application Error|Page not found)/.exec(
        text,
      );
    if (
      bare &&
      !Array.from(document.querySelectorAll(honest)).some((el) => el.textContent?.includes(bare[0]))
    ) {
      found.push(`main says "${bare[0]}"`);
    }
    return [...new Set(found)];
  }, HONEST);
}

/** The honest states on screen, by test id. */
async function honestStates(page: Page): Promise<string[]> {
  return page.evaluate(
    (honest) =>
      Array.from(document.querySelectorAll(honest))
        .filter((el) => el.getBoundingClientRect().width > 0)
        .map((el) => el.getAttribute('data-testid') ?? ''),
    HONEST,
  );
}

/** `scrollWidth` of the page and the window's width. */
async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth };
  });
}

/**
 * Opens `hashPath` in the running app (no reload) and waits for the screen to settle: no skeleton left
 * in the window (up to 8 s), then up to 1.5 s for page loaders (a running job's spinner never goes, so
 * e2e/fixtures/settle-screen.ts's 10 s wait for loaders would be spent on every such screen).
 */
async function openScreen(page: Page, hashPath: string): Promise<void> {
  await page.evaluate((p) => {
    window.location.hash = p;
  }, hashPath);
  await settle(page);
}

/** The waits of {@link openScreen}, for a screen already open. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main')).toBeVisible();
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('main .mantine-Skeleton-root[data-visible="true"]')).every(
          (el) => {
            const rect = el.getBoundingClientRect();
            return rect.width === 0 || rect.bottom <= 0 || rect.top >= window.innerHeight;
          },
        ),
      undefined,
      { timeout: 8_000, polling: 100 },
    )
    .catch(() => undefined);
  await expect(page.locator('main .mantine-Loader-root'))
    .toHaveCount(0, { timeout: 1_500 })
    .catch(() => undefined);
}

/** What one profile's walk found. */
interface WalkRecord {
  profile: ProfileName;
  version: string;
  screensWalked: number;
  screensClean: number;
  /** Per screen: problems found (empty when clean) and the honest states shown. */
  screens: Array<{ name: string; problems: string[]; honest: string[]; ms: number }>;
  /** Distinct `METHOD path` the proxy answered 404, and those sent more than once. */
  notFound: string[];
  repeated404s: Array<{ request: string; count: number }>;
  keyActions: Record<string, string>;
  ms: number;
}

/** Merges `iid` from its page: Merge, then Merge or Set to auto-merge; returns what happened. */
async function mergeAction(page: Page, ids: DemoIds): Promise<string> {
  await openScreen(page, `/merge-requests/${ids.projectId}/${ids.mergeIid}`);
  const button = page.getByTestId('mr-merge');
  if (!(await button.isEnabled({ timeout: 15_000 }).catch(() => false))) {
    return 'not offered (the Merge button is disabled for this merge request)';
  }
  await button.click();
  const dialog = page.getByRole('dialog');
  const now = dialog.getByTestId('mr-merge-confirm');
  const auto = dialog.getByTestId('mr-auto-merge-confirm');
  await expect(now.or(auto).first()).toBeVisible();
  const usedAuto = !(await now.isVisible());
  await (usedAuto ? auto : now).click();
  const done = page.getByText(usedAuto ? 'Auto-merge set' : 'Merged', { exact: true });
  const refused = dialog.getByTestId('mr-merge-error');
  await expect(done.or(refused).first()).toBeVisible({ timeout: 30_000 });
  if (await refused.isVisible()) {
    const text = (await refused.textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    return `refused: ${text.trim().slice(0, 200)}`;
  }
  return usedAuto ? 'auto-merge set' : 'merged';
}

/** Saves release notes of the walk's tag from the tags screen; returns what happened. */
async function releaseNotesAction(page: Page, ids: DemoIds): Promise<string> {
  await openScreen(page, `/repository/${ids.projectId}/tags`);
  await page.getByRole('button', { name: `Release notes of ${ids.tagName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Release notes of ${ids.tagName}` });
  await dialog.getByRole('textbox', { name: 'Release notes' }).fill('Walked on every GitLab version.');
  await dialog.getByRole('button', { name: 'Save notes' }).click();
  const saved = page.getByText('Release notes saved', { exact: true });
  const refused = dialog.getByText('The notes were not saved');
  await expect(saved.or(refused).first()).toBeVisible({ timeout: 30_000 });
  if (await refused.isVisible()) {
    const text = ((await dialog.getByRole('alert').first().textContent()) ?? '').trim();
    await page.keyboard.press('Escape');
    return `refused: ${text.slice(0, 200)}`;
  }
  return 'saved';
}

/** Reads the audit events screen's count sentence (or its honest state). */
async function auditCountAction(page: Page): Promise<string> {
  await openScreen(page, '/admin/audit-events');
  const honest = await honestStates(page);
  if (honest.length > 0) return `not available (${honest.join(', ')})`;
  const sentence = page.getByText(/events? in the last 7 days on /).first();
  if (await sentence.isVisible({ timeout: 10_000 }).catch(() => false)) {
    return ((await sentence.textContent()) ?? '').trim();
  }
  return 'no count sentence on screen';
}

test.describe('every screen on every GitLab version (behaviour proxy)', () => {
  test.use({ demo: true });
  // The timeout covers the fixture too: the first test of a run waits for the demo build
  // (e2e/fixtures/demo-template.ts), which took over the default 120 s on the loaded 2-core machine.
  test.describe.configure({ mode: 'parallel', timeout: 360_000 });

  for (const name of PROFILE_NAMES) {
    test(`GitLab ${name}: every screen, honest states, no 404 polling, 1024×700`, async ({
      page,
      request,
      browserHost,
      consoleProblems,
    }) => {
      const started = Date.now();
      const profile = loadProfile(name);
      const ids = await demoIds(request, browserHost);
      const token = await bridgeApi<{ token: string }>(request, browserHost, {
        method: 'POST',
        path: '/users/1/personal_access_tokens',
        body: { name: `gitlab-versions ${name}`, scopes: ['api'] },
      });
      expect(token.status).toBe(201);
      const info = await bridge<AppInfo>(request, browserHost, 'app:info', []);
      let proxy: BehaviourProxy | null = null;
      try {
        proxy = await startBehaviourProxy(info.embeddedCoreUrl!, profile);
        const added = await bridge<ProfileSummary>(request, browserHost, 'profiles:add-remote', [
          { name: `GitLab ${name}`, url: proxy.url, token: token.body.token },
        ]);
        await bridge(request, browserHost, 'profiles:set-active', [added.id]);
        await expect
          .poll(async () => {
            const list = await bridge<ProfileSummary[]>(request, browserHost, 'profiles:list', []);
            const mine = list.find((p) => p.id === added.id);
            return mine?.capabilities?.version ?? mine?.capabilitiesError ?? null;
          })
          .toBe(profile.version);

        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(browserHost.url);
        await expect(page.getByTestId('profile-switcher')).toContainText(`GitLab ${name}`);

        const record: WalkRecord = {
          profile: name,
          version: profile.version,
          screensWalked: 0,
          screensClean: 0,
          screens: [],
          notFound: [],
          repeated404s: [],
          keyActions: {},
          ms: 0,
        };
        for (const screen of screens(ids)) {
          await test.step(screen.name, async () => {
            const consoleBefore = consoleProblems.length;
            const screenStarted = Date.now();
            await openScreen(page, screen.path);
            const problems = (await errorTexts(page)).map((text) => `error text: ${text}`);
            const honest = await honestStates(page);
            await page.setViewportSize({ width: 1024, height: 700 });
            const overflow = await horizontalOverflow(page);
            if (overflow.scrollWidth > overflow.innerWidth) {
              problems.push(
                `scrolls sideways at 1024×700 (${overflow.scrollWidth} > ${overflow.innerWidth})`,
              );
            }
            await page.setViewportSize({ width: 1440, height: 900 });
            problems.push(...consoleProblems.slice(consoleBefore));
            record.screensWalked += 1;
            if (problems.length === 0) record.screensClean += 1;
            record.screens.push({ name: screen.name, problems, honest, ms: Date.now() - screenStarted });
            expect.soft(problems, `${name} ${screen.name} (${screen.path})`).toEqual([]);
          });
        }

        await test.step('key actions', async () => {
          record.keyActions.auditCount = await auditCountAction(page);
          record.keyActions.releaseNotes = await releaseNotesAction(page, ids);
          record.keyActions.merge = await mergeAction(page, ids);
          expect.soft(record.keyActions.merge, `${name}: merge`).toMatch(/^(merged|auto-merge set)$/);
          expect.soft(record.keyActions.releaseNotes, `${name}: release notes`).toBe('saved');
        });

        if (name === '18.6-ee') {
          // The proxy's rate-limit rule, on for one request (lib/gitlab/rack_attack.rb: 429, Retry-After):
          // the host waits and sends it again (electron/host/proxy/rate-limiter.ts), the screen loads.
          await test.step('rate limit: one 429 with Retry-After, then the screen loads', async () => {
            const branches = new RegExp(`^/projects/${ids.projectId}/repository/branches$`);
            const from = proxy!.seen.length;
            proxy!.setRateLimit({ requests: 1, retryAfterSeconds: 1, match: branches });
            await openScreen(page, `/repository/${ids.projectId}/branches`);
            const statuses = () =>
              proxy!.seen
                .slice(from)
                .filter((r) => branches.test(r.path))
                .map((r) => r.status);
            await expect.poll(() => statuses().join(' ')).toMatch(/^429 200\b/);
            await settle(page);
            const problems = await errorTexts(page);
            record.keyActions.rateLimit =
              problems.length === 0 ? 'retried after 429, loaded' : problems.join(' | ');
            expect.soft(problems, `${name}: branches after a 429`).toEqual([]);
          });
        }

        record.notFound = proxy.distinct404s();
        record.repeated404s = proxy.repeated404s();
        record.ms = Date.now() - started;
        await writeFile(
          path.join(artifacts, `gitlab-versions-${name}.json`),
          `${JSON.stringify(record, null, 2)}\n`,
        );
        test.info().annotations.push({
          type: 'walk',
          description: `${name}: ${record.screensClean}/${record.screensWalked} screens clean, 404s: ${record.notFound.join(', ') || 'none'}; repeated: ${record.repeated404s.map((r) => `${r.request}×${r.count}`).join(', ') || 'none'}; merge: ${record.keyActions.merge}; release notes: ${record.keyActions.releaseNotes}; audit: ${record.keyActions.auditCount}; ${record.ms} ms`,
        });
        expect(record.repeated404s, `${name}: a request answered 404 was sent again`).toEqual([]);
      } finally {
        await proxy?.close();
      }
    });
  }
});
