/**
 * Alerts, end to end: the browser host on a fresh data dir, Chromium, the real core listening on
 * 127.0.0.1. Creates a project and an HTTP endpoint, reads the URL and key from the one-time panel,
 * posts alerts to the receiver from the test with plain HTTP (what `curl` would send), sees them appear
 * in the auto-refreshing list, sees a second post with the same fingerprint counted as an event,
 * acknowledges one in the drawer, resolves it with an `end_time` payload, and sends a test alert from
 * the app. Screenshots go to e2e/artifacts/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/browser-host.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage: true });

/** Move the pointer away and wait until no notification is left on screen. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/** POST a payload to the receiver the way a monitoring tool (or curl) does. */
async function postAlert(url: string, key: string | null, payload: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(payload) });
  return { status: response.status, body: await response.text() };
}

test('receive alerts over HTTP, group, acknowledge and resolve them', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  // A project to receive alerts.
  await page.getByRole('button', { name: 'New project' }).first().click();
  const createDialog = page.getByRole('dialog', { name: 'New project' });
  await createDialog.getByRole('textbox', { name: 'Project name' }).fill('Checkout service');
  await createDialog.getByRole('button', { name: 'Create project' }).click();
  await expect(createDialog).toBeHidden();

  // Alerts: the first visit picks the project, then the list is empty.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Alerts' }).click();
  await page.getByTestId('alerts-project-pick').filter({ hasText: 'Checkout service' }).click();
  await expect(page.getByText('No alerts yet')).toBeVisible();
  await settle(page);
  await shot(page, 'alerts-empty.png');

  // Integrations: add an HTTP endpoint; the URL and key are shown once.
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByText('No HTTP endpoints yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add HTTP endpoint' }).first().click();
  const addDialog = page.getByRole('dialog', { name: 'Add HTTP endpoint' });
  await addDialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(addDialog.getByText('Enter a name')).toBeVisible();
  await addDialog.getByRole('textbox', { name: 'Name' }).fill('Prometheus production');
  await addDialog.getByRole('button', { name: 'Add endpoint' }).click();
  const reveal = page.getByRole('dialog', { name: 'Endpoint “Prometheus production” is ready' });
  await expect(reveal).toBeVisible();
  await expect(reveal.getByText('You won’t see this key again')).toBeVisible();
  const url = await reveal.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
  let key = await reveal.getByRole('textbox', { name: 'Authorization key' }).inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\/alerts\/notify\/.+\.json$/);
  expect(key.length).toBeGreaterThanOrEqual(20);
  await expect(addDialog).toBeHidden();
  await settle(page);
  await expect(reveal).toHaveCSS('opacity', '1');
  await shot(page, 'alert-key-reveal.png');
  await reveal.getByRole('button', { name: 'I’ve copied the key' }).click();
  await expect(reveal).toBeHidden();
  const integrationRows = page.getByTestId('integration-row');
  await expect(integrationRows).toHaveCount(1);
  await expect(integrationRows.first().getByTestId('integration-url')).toHaveText(url);

  // The receiver refuses a wrong key, then the list (polling) shows nothing new.
  expect((await postAlert(url, 'not-the-key', { title: 'Nope' })).status).toBe(401);
  expect((await postAlert(url, null, { title: 'Nope' })).status).toBe(401);

  // Post an alert while the list is open: it appears without a reload.
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByText('No alerts yet')).toBeVisible();
  const diskAlert = {
    title: 'Disk almost full on db-01',
    description: 'The data volume of db-01 is 93% full.',
    severity: 'HIGH',
    service: 'postgres',
    monitoring_tool: 'Prometheus',
    hosts: ['db-01.internal'],
    fingerprint: 'db-01-disk',
    start_time: new Date(Date.now() - 12 * 60_000).toISOString(),
    labels: { team: 'storage', runbook: 'https://runbooks.example.com/disk' },
  };
  const first = await postAlert(url, key, diskAlert);
  expect(first.status, first.body).toBeLessThan(300);
  const rows = page.getByTestId('alert-row');
  await expect(rows).toHaveCount(1);
  const disk = rows.filter({ hasText: 'Disk almost full on db-01' });
  await expect(disk.getByText('High')).toBeVisible();
  await expect(disk.getByText('Triggered')).toBeVisible();
  await expect(disk.getByText('postgres · Prometheus')).toBeVisible();
  await expect(disk.getByTestId('alert-events')).toHaveText('1');

  // The same fingerprint again, while open: one alert, two events.
  const second = await postAlert(url, key, { ...diskAlert, description: 'Now 95% full.' });
  expect(second.status, second.body).toBeLessThan(300);
  await expect(disk.getByTestId('alert-events')).toHaveText('2');
  await expect(rows).toHaveCount(1);

  // Other alerts, of other severities.
  for (const [title, severity, fingerprint] of [
    ['Error rate above 5% on checkout', 'critical', 'checkout-errors'],
    ['Certificate expires in 14 days', 'low', 'cert-expiry'],
    ['Nightly backup took longer than usual', 'info', 'backup-duration'],
  ] as const) {
    const posted = await postAlert(url, key, {
      title,
      severity,
      fingerprint,
      service: 'checkout',
      monitoring_tool: 'Grafana',
    });
    expect(posted.status, posted.body).toBeLessThan(300);
  }
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('status-count-triggered')).toHaveText('4');

  // Send a test alert from the app: invalid JSON is caught before anything is sent.
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await integrationRows.first().getByRole('button', { name: 'Send test alert' }).click();
  const testDialog = page.getByRole('dialog', { name: /Send a test alert/ });
  const payloadInput = testDialog.getByRole('textbox', { name: 'Sample payload (JSON)' });
  await payloadInput.fill('{"title": "Broken",}');
  await expect(testDialog.getByText(/This is not valid JSON/)).toBeVisible();
  await expect(testDialog.getByRole('button', { name: 'Send test alert' })).toBeDisabled();
  await payloadInput.fill('[1, 2]');
  await expect(
    testDialog.getByText('The payload must be a JSON object ({ … }), not an array.'),
  ).toBeVisible();
  await payloadInput.fill('{"title": "Queue backlog", "severity": "urgent", "hosts": {"name": "mq-01"}}');
  await expect(testDialog.getByText(/the alert will be critical/)).toBeVisible();
  await expect(testDialog.getByRole('button', { name: 'Send test alert' })).toBeEnabled();
  await expect(testDialog).toHaveCSS('opacity', '1');
  await shot(page, 'alert-test-payload.png');
  await testDialog.getByRole('button', { name: 'Reset to sample' }).click();
  await expect(payloadInput).toHaveValue(/High CPU usage on web-01/);
  await testDialog.getByRole('button', { name: 'Send test alert' }).click();
  await expect(testDialog).toBeHidden();
  await expect(page.getByText('Test alert sent', { exact: true })).toBeVisible();
  await settle(page);
  await shot(page, 'alert-integrations.png');

  // Deactivated, the endpoint refuses alerts; active again, it takes them.
  const prometheus = integrationRows.first();
  await prometheus.getByRole('switch', { name: 'Active: Prometheus production' }).click({ force: true });
  await expect(page.getByText('Endpoint deactivated', { exact: true })).toBeVisible();
  expect((await postAlert(url, key, { title: 'While inactive' })).status).toBe(403);
  await prometheus.getByRole('switch', { name: 'Active: Prometheus production' }).click({ force: true });
  await expect(page.getByText('Endpoint activated', { exact: true })).toBeVisible();

  // Reset the key: confirmed first, the new key shown once, the old one refused from then on.
  await prometheus.getByRole('button', { name: 'More actions for Prometheus production' }).click();
  await page.getByRole('menuitem', { name: 'Reset key' }).click();
  const confirmReset = page.getByRole('dialog', { name: 'Reset the key of “Prometheus production”?' });
  await confirmReset.getByRole('button', { name: 'Reset key' }).click();
  const newReveal = page.getByRole('dialog', { name: 'New key for “Prometheus production”' });
  await expect(newReveal.getByText(/The previous key has stopped working/)).toBeVisible();
  const newKey = await newReveal.getByRole('textbox', { name: 'Authorization key' }).inputValue();
  expect(newKey).not.toBe(key);
  await newReveal.getByRole('button', { name: 'I’ve copied the key' }).click();
  expect((await postAlert(url, key, { title: 'Old key' })).status).toBe(401);
  key = newKey;
  await settle(page);

  // Back to the list: five alerts, counted per status.
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: 'High CPU usage on web-01' })).toHaveCount(1);
  await expect(page.getByTestId('status-count-all')).toHaveText('5');
  await shot(page, 'alerts-list.png');

  // Search and severity filters.
  await page.getByRole('textbox', { name: 'Search alerts' }).fill('error rate');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Error rate above 5% on checkout');
  await page.getByRole('textbox', { name: 'Search alerts' }).fill('');
  await page.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'Low', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Certificate expires in 14 days');
  await page.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'Any severity' }).click();
  await expect(rows).toHaveCount(5);

  // The drawer: mapped fields, the raw payload, and acknowledging.
  await disk.getByRole('button', { name: 'Disk almost full on db-01' }).click();
  const drawer = page.getByRole('dialog', { name: /Disk almost full on db-01/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('alert-drawer-events')).toHaveText('2 events');
  await expect(drawer.getByText('db-01.internal', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Show payload' }).click();
  await expect(drawer.getByTestId('alert-payload')).toContainText(
    '"runbook": "https://runbooks.example.com/disk"',
  );
  await drawer.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('Alert acknowledged', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Resolve' })).toBeVisible();
  await expect(drawer.getByText('Acknowledged').first()).toBeVisible();
  await settle(page);
  await shot(page, 'alert-detail.png');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(disk.getByText('Acknowledged')).toBeVisible();
  await expect(page.getByTestId('status-count-acknowledged')).toHaveText('1');

  // An end_time payload resolves the open alert with that fingerprint.
  const resolved = await postAlert(url, key, {
    ...diskAlert,
    end_time: new Date().toISOString(),
  });
  expect(resolved.status, resolved.body).toBeLessThan(300);
  await expect(disk.getByText('Resolved')).toBeVisible();
  await expect(page.getByTestId('status-count-resolved')).toHaveText('1');
  await page.getByTestId('status-tab-resolved').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Disk almost full on db-01');

  // Dark mode.
  await page.getByTestId('status-tab-all').click();
  await expect(rows).toHaveCount(5);
  await page.getByTestId('color-scheme-toggle').click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.mouse.move(0, 0);
  await shot(page, 'alerts-dark.png');
  expect(consoleProblems).toEqual([]);
});
