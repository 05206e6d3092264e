/**
 * Pipelines end to end: the browser host on a fresh data dir, Chromium, the real core and its local
 * executor. Creates a project whose `.gitlab-ci.yml` (committed with `[skip ci]`) has a build job, a
 * test job publishing a JUnit report and a deploy job to `production`; runs a pipeline from the
 * "Run pipeline" form, watches it go from pending/running to passed without a reload (host change
 * events → `events:poll` → query invalidation), opens a job trace, the Tests tab and the
 * environments. Screenshots go to e2e/artifacts/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BROWSER_HOST_SECRET_HEADER } from '../shared/ipc-contract.js';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ animations: 'disabled', path: path.join(artifacts, name), fullPage });

const CI_YAML = `stages: [build, test, deploy]

build:
  stage: build
  script:
    - echo "Building $CI_PROJECT_NAME for $GREETING"
    - printf '\\033[32;1mcompiled OK\\033[0m and \\033[33mone warning\\033[0m\\n'
    - sleep 2

test:
  stage: test
  needs: [build]
  script:
    - echo "running unit tests"
    - echo '<?xml version="1.0"?><testsuites><testsuite name="unit" tests="3" failures="1" time="0.05"><testcase classname="math" name="adds" time="0.01"/><testcase classname="math" name="subtracts" time="0.01"/><testcase classname="math" name="divides" time="0.03"><failure message="expected 2">AssertionError expected 1 to equal 2 at divides (math.test.js:7:3)</failure></testcase></testsuite></testsuites>' > report.xml
  artifacts:
    reports:
      junit: report.xml

deploy:
  stage: deploy
  needs: [test]
  script:
    - echo "deploying to production"
  environment:
    name: production
    url: https://example.com
`;

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

test('run a pipeline from the UI and follow it live to its trace, tests and deployment', async ({
  page,
  browserHost,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  const project = await api<{ id: number; default_branch: string }>(page, browserHost, 'POST', '/projects', {
    name: 'CI demo',
    initialize_with_readme: true,
  });
  expect(project.status).toBe(201);
  const projectId = project.body.id;
  const commit = await api(
    page,
    browserHost,
    'POST',
    `/projects/${projectId}/repository/files/.gitlab-ci.yml`,
    {
      branch: project.body.default_branch,
      content: CI_YAML,
      commit_message: 'Add CI configuration [skip ci]',
    },
  );
  expect(commit.status).toBe(201);
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await test.step('open the project’s pipelines from the navbar', async () => {
    await page.getByRole('link', { name: 'Pipelines' }).first().click();
    await page.getByTestId('pipelines-pick').filter({ hasText: 'CI demo' }).click();
    await expect(page.getByRole('heading', { name: 'CI demo' })).toBeVisible();
    // The configuration commit said [skip ci]: GitLab records it as a skipped pipeline.
    await expect(page.getByTestId('pipeline-row')).toHaveCount(1);
    await expect(page.getByTestId('pipeline-row').getByTestId('status-badge')).toHaveAttribute(
      'data-status',
      'skipped',
    );
  });

  let pipelineUrl = '';
  await test.step('run a pipeline from the form with a variable', async () => {
    await page.getByRole('link', { name: 'Run pipeline' }).first().click();
    await expect(page.getByRole('heading', { name: 'Run pipeline' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Run for branch name or tag' })).toHaveValue(
      project.body.default_branch,
    );
    await page.getByRole('textbox', { name: 'Key of variable 1' }).fill('GREETING');
    await page.getByRole('textbox', { name: 'Value of variable 1' }).fill('the e2e test');
    await shot(page, 'run-pipeline.png');
    // Mark the document: a reload would lose the mark.
    await page.evaluate(() => ((globalThis as unknown as { e2eMark: boolean }).e2eMark = true));
    await page.getByRole('button', { name: 'Run pipeline' }).click();
    await expect(page.getByRole('heading', { name: /^Pipeline #\d+$/ })).toBeVisible();
    pipelineUrl = page.url();
  });

  await test.step('watch it go from pending/running to passed without a reload', async () => {
    const header = page.getByTestId('status-badge').first();
    await expect(header).toHaveAttribute('data-status', /^(created|pending|running)$/);
    await expect(page.getByTestId('job-card')).toHaveCount(3);
    await expect(page.getByTestId('job-card').filter({ hasText: 'build' })).toHaveAttribute(
      'data-status',
      'running',
      { timeout: 20_000 },
    );
    await shot(page, 'pipeline-graph.png');
    await expect(header).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
    for (const name of ['build', 'test', 'deploy']) {
      await expect(page.locator(`[data-testid="job-card"][data-job-name="${name}"]`)).toHaveAttribute(
        'data-status',
        'success',
      );
    }
    expect(await page.evaluate(() => (globalThis as unknown as { e2eMark?: boolean }).e2eMark)).toBe(true);
    expect(page.url()).toBe(pipelineUrl);
    await settle(page);
    await shot(page, 'pipeline-graph.png');
  });

  await test.step('open the Tests tab', async () => {
    await page.getByRole('tab', { name: /^Tests/ }).click();
    const report = page.getByTestId('test-report');
    await expect(report).toBeVisible();
    await expect(report.getByTestId('test-case')).toHaveCount(3);
    await expect(report.getByTestId('test-stack-trace')).toContainText('AssertionError');
    await shot(page, 'pipeline-tests.png');
    await page.getByRole('tab', { name: 'Variables' }).click();
    await expect(page.getByText('GREETING')).toBeVisible();
    await page.getByRole('tab', { name: 'Pipeline', exact: true }).click();
  });

  await test.step('open a job trace and search it', async () => {
    await page.getByRole('link', { name: 'build', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'build' })).toBeVisible();
    const trace = page.getByTestId('job-trace');
    await expect(trace).toContainText('Building ci-demo for the e2e test');
    await expect(trace).toContainText('compiled OK');
    await page.getByRole('textbox', { name: 'Search the trace' }).fill('warning');
    await expect(page.getByTestId('trace-match-count')).toHaveText('1 of 2');
    await shot(page, 'job-trace.png');
  });

  await test.step('see the list and the deployment in Environments', async () => {
    await page.getByRole('tab', { name: 'Pipelines', exact: true }).click();
    await expect(page.getByTestId('pipeline-row')).toHaveCount(2);
    await expect(page.getByTestId('pipeline-row').first().getByTestId('status-badge')).toHaveAttribute(
      'data-status',
      'success',
    );
    await expect(page.getByTestId('pipeline-success-rate')).toHaveText('100%');
    await expect(page.getByTestId('pipeline-durations-chart')).toBeVisible();
    await shot(page, 'pipelines-list.png');
    await page.getByRole('tab', { name: 'Environments' }).click();
    const row = page.getByTestId('environment-row').filter({ hasText: 'production' });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'success');
    await expect(row.getByRole('link', { name: 'deploy' })).toBeVisible();
    await shot(page, 'environments.png');
    await row.getByRole('link', { name: 'production' }).click();
    await expect(page.getByTestId('deployment-row')).toHaveCount(1);
    await expect(page.getByTestId('deployment-merge-requests')).toBeVisible();
  });

  await test.step('dark scheme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${browserHost.origin}/#/pipelines/${projectId}`);
    await expect(page.getByTestId('pipeline-row')).toHaveCount(2);
    await page
      .getByRole('link', { name: /^#\d+$/ })
      .first()
      .click();
    await expect(page.getByTestId('job-card')).toHaveCount(3);
    await shot(page, 'pipelines-dark.png');
  });
  expect(consoleProblems).toEqual([]);
});
