/**
 * Admin area, end to end: the browser host on a fresh data dir, Chromium, the real core.
 * Adds instance clusters (with live validation), adds a masked CI/CD variable and sees an unmaskable
 * value refused twice (by the form's own check, then by the instance when the form's check is
 * bypassed), imports and exports a .env file, and edits a plan limit that survives a reload.
 * Screenshots go to e2e/artifacts/.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures/browser-host.js';
import { bridgeApi } from './fixtures/demo-instance.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage: true });

/**
 * Clear the screen for a screenshot: close the notifications on screen with their close buttons (rather
 * than waiting out their auto-close), move the pointer away, and wait until none is left.
 */
async function settle(page: Page) {
  for (const close of await page
    .locator('.mantine-Notification-root .mantine-Notification-closeButton')
    .all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

test('clusters, CI/CD variables and plan limits', async ({ page, browserHost, consoleProblems }) => {
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  // The Admin section is there for the embedded administrator.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Admin', { exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Clusters' }).click();
  await expect(page.getByRole('heading', { name: 'Clusters' })).toBeVisible();
  await expect(page.getByText('No clusters yet')).toBeVisible();

  // Add a cluster: the form checks the URL and the certificate while typing.
  await page.getByRole('button', { name: 'Add cluster' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add cluster' });
  await form.getByRole('textbox', { name: 'Cluster name' }).fill('production');
  const apiUrl = form.getByRole('textbox', { name: 'API URL' });
  await apiUrl.fill('kubernetes.example.com');
  await apiUrl.blur();
  await expect(
    form.getByText('Enter a full URL, such as https://kubernetes.example.com:6443.'),
  ).toBeVisible();
  await apiUrl.fill('https://kubernetes.example.com:6443');
  await expect(form.getByText(/Enter a full URL/)).toBeHidden();
  await form.getByLabel('Service token').fill('k8s-service-account-token');
  const caCert = form.getByRole('textbox', { name: 'CA certificate' });
  await caCert.fill('MIIBszCCAVmgAwIBAgIU');
  await expect(form.getByText(/Paste the certificate in PEM form/)).toBeVisible();
  const scope = form.getByRole('textbox', { name: 'Environment scope' });
  await scope.fill('production!');
  await expect(form.getByText(/The scope can contain only letters, digits, spaces/)).toBeVisible();
  await shot(page, 'admin-cluster-form.png');
  await caCert.fill('');
  await scope.fill('*');
  await form.getByRole('button', { name: 'Add cluster' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Cluster added', { exact: true })).toBeVisible();
  const rows = page.getByTestId('cluster-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('production');
  await expect(rows.first()).toContainText('https://kubernetes.example.com:6443');

  // A second cluster may not take the same environment scope.
  await page.getByRole('button', { name: 'Add cluster' }).first().click();
  await form.getByRole('textbox', { name: 'Cluster name' }).fill('review apps');
  await form.getByRole('textbox', { name: 'API URL' }).fill('https://10.0.8.1:6443');
  await form.getByLabel('Service token').fill('review-token');
  await form.getByRole('button', { name: 'Add cluster' }).click();
  await expect(form.getByText(/already uses the scope \*/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Environment scope' }).fill('review/*');
  await form.getByRole('switch', { name: /GitLab-managed/ }).click();
  await form.getByRole('button', { name: 'Add cluster' }).click();
  await expect(form).toBeHidden();
  await expect(rows).toHaveCount(2);

  // Disable a cluster inline.
  const review = rows.filter({ hasText: 'review apps' });
  // Mantine draws the switch's track over its input; the click lands on the track, as a user's would.
  await review.getByRole('switch', { name: 'Enabled: review apps' }).click({ force: true });
  await expect(page.getByText('Cluster disabled', { exact: true })).toBeVisible();
  await expect(review.getByRole('switch', { name: 'Enabled: review apps' })).not.toBeChecked();

  // Editing never shows the token.
  await rows.filter({ hasText: 'production' }).getByRole('button', { name: 'Edit production' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit cluster “production”' });
  await expect(edit.getByLabel('Service token')).toHaveValue('');
  await expect(edit.getByPlaceholder('Leave empty to keep the current token')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await settle(page);
  await shot(page, 'admin-clusters.png');

  // CI/CD variables: a masked variable.
  await nav.getByRole('link', { name: 'CI/CD variables' }).click();
  await expect(page.getByText('No instance variables yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add variable' }).first().click();
  const variableForm = page.getByRole('dialog', { name: 'Add variable' });
  await variableForm.getByRole('textbox', { name: 'Key' }).fill('DEPLOY_TOKEN');
  await variableForm.getByRole('textbox', { name: 'Value' }).fill('glpat-Ab12Cd34Ef56Gh78');
  await variableForm.getByRole('checkbox', { name: 'Protect variable' }).check();
  await variableForm.getByRole('checkbox', { name: 'Mask variable' }).check();
  await expect(variableForm.getByTestId('masking-checklist')).toBeVisible();
  await variableForm.getByRole('button', { name: 'Add variable' }).click();
  await expect(variableForm).toBeHidden();
  const variableRows = page.getByTestId('variable-row');
  await expect(variableRows).toHaveCount(1);
  const deployToken = variableRows.filter({ hasText: 'DEPLOY_TOKEN' });
  await expect(deployToken.getByText('Masked')).toBeVisible();
  await expect(deployToken.getByText('Protected')).toBeVisible();
  await expect(deployToken.getByTestId('variable-value')).not.toContainText('glpat');

  // An unmaskable value is refused by the form, which says which rules fail.
  await page.getByRole('button', { name: 'Add variable' }).first().click();
  const keyInput = variableForm.getByRole('textbox', { name: 'Key' });
  await keyInput.fill('GREETING MESSAGE');
  await expect(
    variableForm.getByText('Keys can contain only letters, digits and _ (not spaces).'),
  ).toBeVisible();
  await keyInput.fill('GREETING');
  const valueInput = variableForm.getByRole('textbox', { name: 'Value' });
  await valueInput.fill('hi there!');
  await variableForm.getByRole('checkbox', { name: 'Mask variable' }).check();
  const clientMessage =
    'A masked value can contain only letters, digits and _ + = / @ : . ~ - (not spaces or “!”).';
  await expect(variableForm.getByText(clientMessage)).toBeVisible();
  await variableForm.getByRole('button', { name: 'Add variable' }).click();
  await expect(variableForm.getByText(clientMessage)).toBeVisible();
  await shot(page, 'admin-variable-rejected.png');

  // Bypass the form's check: the request leaves with a maskable value and is rewritten on the wire
  // to the unmaskable one; the instance refuses it and the form shows the instance's message.
  const rewrite = async (route: Route) => {
    const payload = route.request().postDataJSON() as {
      args: [{ method: string; path: string; body?: Record<string, unknown> }];
    };
    const [request] = payload.args;
    if (request.method === 'POST' && request.path === '/admin/ci/variables' && request.body) {
      request.body.value = 'hi there!';
      await route.continue({ postData: JSON.stringify(payload) });
    } else {
      await route.continue();
    }
  };
  await page.route('**/bridge/api:request', rewrite);
  await valueInput.fill('hithere-123');
  await expect(variableForm.getByText(clientMessage)).toBeHidden();
  await variableForm.getByRole('button', { name: 'Add variable' }).click();
  await expect(variableForm.getByText(/^Refused by the instance: /)).toBeVisible();
  await page.unroute('**/bridge/api:request', rewrite);
  await shot(page, 'admin-variable-rejected-by-instance.png');

  // Unmasked, the value is fine.
  await variableForm.getByRole('checkbox', { name: 'Mask variable' }).uncheck();
  await valueInput.fill('hi there!');
  await variableForm.getByRole('button', { name: 'Add variable' }).click();
  await expect(variableForm).toBeHidden();
  await expect(variableRows).toHaveCount(2);

  // Import a .env file: the preview says what changes before anything is sent.
  await page.getByRole('button', { name: 'Import .env' }).first().click();
  const importDialog = page.getByRole('dialog', { name: 'Import variables from a .env file' });
  await importDialog
    .getByRole('textbox', { name: '.env content' })
    .fill(
      [
        '# staging settings',
        'GREETING=hi there!',
        'DATABASE_URL=postgres://db.internal:5432/app',
        "RELEASE_NOTES='first line\nsecond line'",
        'DEPLOY_TOKEN=rotated-token-value-42',
        'BAD-KEY=x',
      ].join('\n'),
    );
  await expect(importDialog.getByTestId('import-summary')).toContainText('2 to add');
  await expect(importDialog.getByTestId('import-summary')).toContainText('1 to change');
  await expect(importDialog.getByTestId('import-summary')).toContainText('1 unchanged');
  await expect(importDialog.getByTestId('import-summary')).toContainText('1 skipped');
  await shot(page, 'admin-variables-import.png');
  await importDialog.getByRole('button', { name: 'Apply 3 changes' }).click();
  await expect(importDialog.getByTestId('import-progress')).toHaveText('Done: 3 changes applied.');
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(variableRows).toHaveCount(4);

  // Values stay hidden until revealed per row.
  const database = variableRows.filter({ hasText: 'DATABASE_URL' });
  await expect(database.getByTestId('variable-value')).not.toContainText('postgres');
  await database.getByRole('button', { name: 'Reveal value of DATABASE_URL' }).click();
  await expect(database.getByTestId('variable-value')).toHaveText('postgres://db.internal:5432/app');

  // Export the variables as .env.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export .env' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^instance-variables-\d{4}-\d{2}-\d{2}\.env$/);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain('# protected, masked\nDEPLOY_TOKEN=rotated-token-value-42\n');
  expect(exported).toContain("RELEASE_NOTES='first line\nsecond line'");
  await settle(page);
  await shot(page, 'admin-variables.png');

  // Dark mode.
  await page.getByTestId('color-scheme-toggle').click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.mouse.move(0, 0);
  await shot(page, 'admin-variables-dark.png');
  await page.keyboard.press('ControlOrMeta+j');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  // Plan limits: edit the npm limit of the default plan in GiB, see the bytes, and reload.
  await nav.getByRole('link', { name: 'Plan limits' }).click();
  const npm = page.getByTestId('limit-npm_max_file_size');
  const npmSize = npm.getByLabel('npm maximum file size', { exact: true });
  await expect(npmSize).toHaveValue('500');
  await expect(npm.getByTestId('exact-bytes')).toHaveText('= 524,288,000 bytes');
  await npmSize.fill('1.5');
  await npm.getByLabel('npm maximum file size unit').click();
  await page.getByRole('option', { name: 'GiB', exact: true }).click();
  await expect(npm.getByTestId('exact-bytes')).toHaveText('= 1,610,612,736 bytes');
  await expect(npm.getByText('was 500 MiB')).toBeVisible();
  await shot(page, 'admin-plan-limits.png');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Plan limits saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(npmSize).toHaveValue('1.5');
  await expect(npm.getByLabel('npm maximum file size unit')).toHaveValue('GiB');
  await expect(npm.getByTestId('exact-bytes')).toHaveText('= 1,610,612,736 bytes');

  // A fractional number of bytes is refused before saving.
  const pypi = page.getByTestId('limit-pypi_max_file_size');
  await pypi.getByLabel('PyPI maximum file size', { exact: true }).fill('0.3');
  await pypi.getByLabel('PyPI maximum file size unit').click();
  await page.getByRole('option', { name: 'KiB', exact: true }).click();
  await expect(pypi.getByText('That is not a whole number of bytes (307.2 B).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save limits' })).toBeDisabled();
  // The invalid field counts as a change (and shows what it was); a second edit adds to the count.
  await expect(page.getByText('1 unsaved change. Fix the invalid size to save.')).toBeVisible();
  await expect(pypi.getByText('was 3 GiB')).toBeVisible();
  await page
    .getByTestId('limit-maven_max_file_size')
    .getByLabel('Maven maximum file size', { exact: true })
    .fill('4');
  await expect(page.getByText('2 unsaved changes. Fix the invalid size to save.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('No unsaved changes.')).toBeVisible();

  expect(consoleProblems).toEqual([]);
});

test('security settings fit 1024×700, ask before loosening and save', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pipeline jobs' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Imports and outbound requests' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Default branch protection' })).toBeVisible();
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noHorizontalScroll()).toBe(true);
  await shot(page, 'admin-security.png');

  // The unsandboxed-jobs switch asks first, by keyboard too; focus starts on Cancel.
  const unsandboxed = page.getByRole('switch', { name: /Allow jobs to run without a sandbox/ });
  await unsandboxed.focus();
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'Allow jobs to run without a sandbox?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'admin-security-confirm.png');
  await dialog.getByRole('button', { name: 'Allow unsandboxed jobs' }).click();
  await expect(dialog).toBeHidden();
  await expect(unsandboxed).toBeChecked();
  await expect(page.getByTestId('unsandboxed-warning')).toBeVisible();

  // A limit out of range is refused under its field; nothing is stored.
  const concurrent = page.getByRole('textbox', { name: 'Concurrent jobs' });
  await concurrent.fill('100');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Must be between 1 and 64.')).toBeVisible();
  expect(await noHorizontalScroll()).toBe(true);
  await concurrent.fill('4');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Security settings saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(unsandboxed).toBeChecked();
  await expect(concurrent).toHaveValue('4');
  await settle(page);
  await shot(page, 'admin-security-unsandboxed.png');

  // Dark mode.
  await page.keyboard.press('ControlOrMeta+j');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.mouse.move(0, 0);
  await shot(page, 'admin-security-dark.png');

  expect(consoleProblems).toEqual([]);
});

test('an inverted audit date range shows its error and no table; fixing a date clears both', async ({
  page,
  request,
  browserHost,
  consoleProblems,
}) => {
  // One audited change, so the log has a row to show.
  const created = await bridgeApi(request, browserHost, {
    method: 'POST',
    path: '/projects',
    body: { name: 'Audited' },
  });
  expect(created.status).toBe(201);
  await page.goto(browserHost.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit events' }).click();
  await expect(page.getByRole('heading', { name: 'Audit events' })).toBeVisible();
  await expect(page.getByTestId('audit-event-table')).toBeVisible();
  await page.getByText('Custom', { exact: true }).click();
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await from.fill('2026-02-10');
  await to.fill('2026-02-01');
  const problem = page.getByText('The start date is after the end date.').first();
  await expect(problem).toBeVisible();
  await expect(page.getByTestId('audit-range-problem')).toBeVisible();
  await expect(page.getByTestId('audit-event-table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  await page.screenshot({ animations: 'disabled', path: path.join(artifacts, 'audit-inverted-range.png') });
  await to.fill('2099-12-31');
  await expect(page.getByText('The start date is after the end date.')).toHaveCount(0);
  await expect(page.getByTestId('audit-range-problem')).toHaveCount(0);
  await expect(page.getByTestId('audit-event-table')).toBeVisible();
  expect(consoleProblems).toEqual([]);
});
