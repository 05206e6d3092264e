/**
 * Admin → people and the instance, end to end (issue 28): the browser host on a copy of the shared demo
 * instance (e2e/fixtures/demo-template.ts), Chromium at 1440×900, the real core, as the embedded
 * administrator. One host for the whole walk (cheap on a 2-core machine):
 *
 * - Admin → Users: block a demo user after GitLab's confirmation ("User will not be able to access git
 *   repositories": GitLab's AdminUsers block confirmation, app/helpers/users_helper.rb and
 *   app/assets/javascripts/admin/users/components/actions/block.vue); the user's own personal access
 *   token is then refused over the v4 API with 403 "Your account has been blocked." (lib/api/api_guard.rb,
 *   Gitlab::Auth::UserAccessDeniedReason) and `git ls-remote` with the same credentials fails over smart
 *   HTTP, where it worked before the block.
 * - Project Settings → Members: add a person, then see them in the Reviewers picker of the project's
 *   New merge request dialog (reviewers are project members, doc/api/merge_requests.md `reviewer_ids`).
 * - Admin → Projects: sort by repository size, biggest first (`order_by=repository_size`).
 * - Admin → Runners: pause the built-in runner, run a pipeline (`POST /projects/:id/pipeline`), its job
 *   waits as pending in the Jobs tab; resume, the job runs.
 * - Screenshots (e2e/artifacts/admin-*.png, fleet-overview.png, todo-list.png) and a check that none of
 *   the new screens scrolls sideways at 1024×700 and 1920×1080, light and dark
 *   (`document.documentElement.scrollWidth <= clientWidth`).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { BROWSER_HOST_SECRET_HEADER, type AppInfo } from '../shared/ipc-contract.js';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';

test.use({ demo: true });

const run = promisify(execFile);
const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name) });

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

/** A v4 call through the bridge (root) that must answer `status`; @returns its body. */
async function api<T>(
  request: APIRequestContext,
  host: BrowserHostInfo,
  method: string,
  apiPath: string,
  body?: unknown,
  status = method === 'POST' ? 201 : 200,
): Promise<T> {
  const reply = await bridgeApi<T>(request, host, { method, path: apiPath, body });
  expect(reply.status, `${method} ${apiPath}: ${JSON.stringify(reply.body)}`).toBe(status);
  return reply.body;
}

/** `git ls-remote` with basic credentials in the URL; @returns whether it worked and what git said. */
async function lsRemote(repoUrl: string, username: string, token: string) {
  const url = new URL(repoUrl);
  url.username = encodeURIComponent(username);
  url.password = token;
  try {
    const { stdout } = await run('git', ['ls-remote', '--heads', url.toString()], {
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'true' },
      timeout: 20_000,
    });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

/** Close the notifications on screen with their close buttons and move the pointer away (as admin.spec.ts). */
async function settle(page: Page) {
  for (const close of await page
    .locator('.mantine-Notification-root .mantine-Notification-closeButton')
    .all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/** Go to a route of the hash router without reloading the app. */
const go = (page: Page, route: string) => page.evaluate((hash) => (window.location.hash = hash), route);

test('block a user, add a member, sort projects by size, pause a runner; the screens fit', async ({
  page,
  request,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(300_000);
  const host = browserHost;
  const info = await bridge<AppInfo>(request, host, 'app:info', []);
  const project = await api<{ id: number; http_url_to_repo: string }>(
    request,
    host,
    'GET',
    `/projects/${encodeURIComponent('outpost-demo/outpost')}`,
  );
  const [kwame] = await api<Array<{ id: number }>>(request, host, 'GET', '/users?username=kwame.mensah');
  const { token } = await api<{ token: string }>(
    request,
    host,
    'POST',
    `/users/${kwame!.id}/personal_access_tokens`,
    {
      name: 'e2e blocked user',
      scopes: ['api', 'read_repository'],
    },
  );
  // A person outside the demo group, for Settings → Members; a small project with a one-job pipeline,
  // for the size order and the runner; two to-dos for the administrator (doc/api/merge_requests.md
  // "Create a to-do item").
  await api(request, host, 'POST', '/users', {
    username: 'noor.rahman',
    name: 'Noor Rahman',
    email: 'noor.rahman@example.com',
    force_random_password: true,
    skip_confirmation: true,
  });
  const handbook = await api<{ id: number }>(request, host, 'POST', '/projects', {
    name: 'handbook',
    initialize_with_readme: true,
  });
  await api(request, host, 'POST', `/projects/${handbook.id}/repository/files/.gitlab-ci.yml`, {
    branch: 'main',
    content: 'build:\n  script:\n    - echo from-admin-people\n',
    commit_message: 'Add CI',
  });
  for (const iid of [1, 2])
    await api(request, host, 'POST', `/projects/${project.id}/merge_requests/${iid}/todo`);

  // Before the block, the user's token reads the API and the repository.
  const me = await request.get(`${info.embeddedCoreUrl}/api/v4/user`, {
    headers: { 'PRIVATE-TOKEN': token },
  });
  expect(me.status()).toBe(200);
  expect((await lsRemote(project.http_url_to_repo, 'kwame.mensah', token)).ok).toBe(true);

  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Admin → Overview.
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('overview-users')).toBeVisible();
  await expect(page.getByTestId('overview-audit-event').first()).toBeVisible();
  await shot(page, 'admin-overview.png');

  // Admin → Users: block after GitLab's confirmation.
  await nav.getByRole('link', { name: 'Users' }).click();
  await page.getByTestId('user-name').filter({ hasText: 'Kwame Mensah' }).click();
  const userDrawer = page.getByTestId('user-drawer');
  await expect(userDrawer.getByText('kwame.mensah@demo.outpost.test')).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, 'admin-users.png');
  await userDrawer.getByRole('button', { name: 'Block', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Block user kwame.mensah?' });
  await expect(confirm.getByText('User will not be able to access git repositories')).toBeVisible();
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('kwame.mensah was blocked.')).toBeVisible();
  await expect(userDrawer.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The blocked user's token: refused by the API with GitLab's reason, and by git over HTTP.
  const refused = await request.get(`${info.embeddedCoreUrl}/api/v4/user`, {
    headers: { 'PRIVATE-TOKEN': token },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: '403 Forbidden - Your account has been blocked.' });
  const git = await lsRemote(project.http_url_to_repo, 'kwame.mensah', token);
  expect(git.ok, git.output).toBe(false);

  // Admin → Groups with the demo group's drawer.
  await nav.getByRole('link', { name: 'Groups' }).click();
  await page.getByRole('button', { name: 'Outpost demo', exact: true }).click();
  await expect(page.getByTestId('group-drawer').getByText('@omar.haddad')).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, 'admin-groups.png');
  await page.keyboard.press('Escape');

  // Project Settings → Members: add Noor; the New merge request dialog offers her as a reviewer.
  await go(page, `#/projects/${project.id}/settings`);
  const members = page.getByTestId('members-panel');
  await members.getByLabel('Add member').fill('Noor');
  await page.getByRole('option', { name: 'Noor Rahman (@noor.rahman)' }).click();
  await members.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(members.getByText('@noor.rahman')).toBeVisible();
  await go(page, `#/merge-requests/${project.id}`);
  await page.getByRole('button', { name: 'New merge request' }).first().click();
  const newMr = page.getByRole('dialog', { name: 'New merge request' });
  await newMr.getByRole('combobox', { name: 'Reviewers' }).click();
  await expect(page.getByRole('option', { name: 'Noor Rahman (@noor.rahman)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await newMr.getByRole('button', { name: 'Cancel' }).click();

  // Admin → Projects sorted by repository size, biggest first: the demo's imported history on top.
  await go(page, '#/admin/projects');
  await expect(page.getByTestId('admin-project-name').filter({ hasText: 'handbook' })).toBeVisible();
  const size = page.getByRole('columnheader', { name: /Repository/ });
  for (let i = 0; i < 3 && (await size.getAttribute('aria-sort')) !== 'descending'; i += 1)
    await size.getByRole('button').click();
  await expect(size).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('admin-project-name').first()).toHaveText('Outpost');
  await expect(page.getByTestId('admin-project-name').last()).toHaveText('handbook');
  await page.mouse.move(0, 0);
  await shot(page, 'admin-projects.png');

  // Admin → Runners: paused, a new pipeline's job waits; resumed, it runs.
  await nav.getByRole('link', { name: 'Runners' }).click();
  const runnerRow = page.getByTestId('runner-row').first();
  await expect(runnerRow.getByTestId('runner-state')).toHaveText('Online');
  await page.mouse.move(0, 0);
  await shot(page, 'admin-runners.png');
  const openRunner = async () => {
    await runnerRow.getByTestId('runner-description').click();
    return page.getByTestId('runner-drawer');
  };
  await (await openRunner()).getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Runner paused', { exact: true })).toBeVisible();
  await expect(runnerRow.getByTestId('runner-state')).toHaveText('Paused');
  await page.keyboard.press('Escape');
  const pipeline = await api<{ id: number }>(request, host, 'POST', `/projects/${handbook.id}/pipeline`, {
    ref: 'main',
  });
  const [job] = await api<Array<{ id: number }>>(
    request,
    host,
    'GET',
    `/projects/${handbook.id}/pipelines/${pipeline.id}/jobs`,
  );
  await page.getByRole('tab', { name: 'Jobs' }).click();
  const jobRow = page.locator(`[data-testid="instance-job"][data-job-id="${job!.id}"]`);
  await expect(jobRow.getByTestId('status-badge')).toHaveAttribute('data-status', 'pending');
  await page.getByRole('tab', { name: 'Runners' }).click();
  await (await openRunner()).getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(page.getByText('Runner resumed', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Jobs' }).click();
  // Success as well as running, so the finished job stays listed (the list refreshes every 10 s).
  await page
    .getByTestId('instance-jobs')
    .locator('label', { hasText: /^Success$/ })
    .click();
  await expect(jobRow.getByTestId('status-badge')).toHaveAttribute('data-status', /^(running|success)$/, {
    timeout: 30_000,
  });

  // Fleet and the To-do list.
  await nav.getByRole('link', { name: 'Fleet' }).click();
  await expect(page.getByTestId('fleet-table')).toBeVisible();
  await settle(page);
  await shot(page, 'fleet-overview.png');
  await nav.getByRole('link', { name: 'To-do list' }).click();
  await expect(page.getByTestId('todo-pending-count')).toHaveText(/^[1-9]\d* pending to-dos/);
  await settle(page);
  await shot(page, 'todo-list.png');

  // No sideways scrolling at 1024×700 and 1920×1080, light and dark (Ctrl+J toggles the scheme).
  const screens: Array<[string, string]> = [
    ['#/admin/overview', 'overview-users'],
    ['#/admin/users', 'user-name'],
    ['#/admin/groups', 'groups-table'],
    ['#/admin/projects', 'admin-project-name'],
    ['#/admin/runners', 'runner-row'],
    ['#/fleet', 'fleet-table'],
    ['#/todos', 'todo-list'],
    [`#/projects/${project.id}/settings`, 'members-panel'],
  ];
  for (const [[width, height], scheme] of [
    [[1024, 700], 'light'],
    [[1024, 700], 'dark'],
    [[1920, 1080], 'dark'],
    [[1920, 1080], 'light'],
  ] as const) {
    await page.setViewportSize({ width, height });
    if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) !== scheme) {
      await page.keyboard.press('ControlOrMeta+j');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    }
    for (const [route, testId] of screens) {
      await go(page, route);
      await expect(page.getByTestId(testId).first()).toBeVisible();
      const fits = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(fits.scrollWidth, `${route} at ${width}×${height}, ${scheme}`).toBeLessThanOrEqual(
        fits.clientWidth,
      );
      if (route === '#/admin/users' && width === 1024 && scheme === 'dark') {
        await page.mouse.move(0, 0);
        await shot(page, 'admin-users-dark.png');
      }
    }
  }
  expect(consoleProblems).toEqual([]);
});
