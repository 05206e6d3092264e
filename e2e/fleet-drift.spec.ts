/**
 * Configuration drift, end to end (issue 29): the browser host on a fresh data dir, Chromium, the real
 * core. The embedded core's own loopback URL serves as a second, "remote" instance (real HTTP with a
 * personal access token made for the test), so both sides are read through the host's proxy as any
 * GitLab would be. With a long variable value revealed, every item shown and the copy preview open, the
 * Configuration drift screen and the Fleet overview (with its Drift column, baseline saved) never scroll
 * sideways at 1024×700 and 1920×1080: `document.scrollingElement.scrollWidth <= innerWidth`.
 * Screenshots go to e2e/artifacts/fleet-drift-*.png.
 */
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { BROWSER_HOST_SECRET_HEADER, type AppInfo, type ProfileSummary } from '../shared/ipc-contract.js';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';

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

/** Page width against window width. */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    innerWidth: window.innerWidth,
  }));

test('drift and the fleet drift column fit 1024×700 and 1920 wide', async ({
  page,
  request,
  browserHost,
  consoleProblems,
}) => {
  const info = await bridge<AppInfo>(request, browserHost, 'app:info', []);
  const created = await bridgeApi<{ token: string }>(request, browserHost, {
    method: 'POST',
    path: '/users/1/personal_access_tokens',
    body: { name: 'e2e drift', scopes: ['api'] },
  });
  expect(created.status).toBe(201);
  const remote = await bridge<ProfileSummary>(request, browserHost, 'profiles:add-remote', [
    { name: 'Staging (loopback)', url: info.embeddedCoreUrl, token: created.body.token },
  ]);
  await bridge(request, browserHost, 'profiles:check', [remote.id]);
  // A long value without spaces: revealed, it must wrap, not widen the page.
  const variable = await bridgeApi(request, browserHost, {
    method: 'POST',
    path: '/admin/ci/variables',
    body: { key: 'LONG_CONNECTION_STRING', value: `postgres://deploy@db.example.com/${'x'.repeat(300)}` },
  });
  expect(variable.status).toBe(201);

  for (const [width, height] of [
    [1024, 700],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${browserHost.url}#/fleet/drift`);
    await expect(page.getByTestId('drift-instance')).toHaveCount(2);
    await page.getByRole('switch', { name: 'Only differences' }).uncheck({ force: true });
    await page.getByRole('switch', { name: 'Reveal variable values' }).check({ force: true });
    await expect(page.getByTestId('drift-revealed').first()).toBeVisible({ timeout: 20_000 });
    let size = await overflow(page);
    expect(size.scrollWidth, `drift at ${width}`).toBeLessThanOrEqual(size.innerWidth);
    await page.screenshot({ path: path.join(artifacts, `fleet-drift-${width}.png`), fullPage: true });

    await page
      .getByRole('checkbox', { name: 'Choose LONG_CONNECTION_STRING for copying' })
      .check({ force: true });
    await page.getByRole('button', { name: /Copy 1 item from/ }).click();
    await expect(page.getByTestId('copy-preview')).toBeVisible();
    size = await overflow(page);
    expect(size.scrollWidth, `copy preview at ${width}`).toBeLessThanOrEqual(size.innerWidth);
    await page.screenshot({ path: path.join(artifacts, `fleet-drift-preview-${width}.png`) });
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Save the baseline, then the Fleet overview shows each instance's drift from it.
    await page.getByRole('combobox', { name: 'Fleet baseline (the reference)' }).click();
    await page.getByRole('option', { name: 'Staging (loopback)' }).click();
    await page.goto(`${browserHost.url}#/fleet`);
    await expect(page.getByTestId('fleet-drift').first()).toHaveText('In step', { timeout: 20_000 });
    size = await overflow(page);
    expect(size.scrollWidth, `fleet at ${width}`).toBeLessThanOrEqual(size.innerWidth);
    await page.screenshot({ path: path.join(artifacts, `fleet-drift-column-${width}.png`), fullPage: true });
  }
  expect(consoleProblems).toEqual([]);
});
