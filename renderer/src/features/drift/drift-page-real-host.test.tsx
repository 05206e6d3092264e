/**
 * Configuration drift on the real browser host (issue 29). Three instances: the embedded core (real
 * SQLite behind the real host), a stand-in GitLab 16.11 EE whose administrator token carries admin_mode
 * (recorded answers; the drift reads are added below, each from GitLab's docs), and a stand-in GitLab
 * 18.6 CE whose user is not an administrator. The screen compares the first two, says honestly why the
 * third can't be compared without sending it a single admin request, copies a variable and a setting
 * from the stand-in to the embedded instance (checked through the API afterwards), reports the CE
 * target's items as skipped, and the saved baseline puts a drift count on the Fleet overview. A second
 * copy meets the target's plan limit: the refused variable is reported with GitLab's sentence and the
 * next change is still applied.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 20_000 };
const TOKEN = 'glpat-drift-test-0123456789';
let session: RealHostSession;
let production: RecordedGitLab;
let community: RecordedGitLab;
let blocked: RecordedGitLab;
let embeddedName: string;

/**
 * The stand-in's drift answers:
 * - doc/api/instance_level_ci_variables.md "List all instance variables" (TEST_VARIABLE_1 as in the
 *   example, with raw and description of 15.7/16.8) plus DEPLOY_REGION, which the embedded core lacks;
 * - doc/api/plan_limits.md "Get current plan limits" example (the stand-in ignores `plan_name`, so every
 *   EE plan answers the same);
 * - doc/api/settings.md "Get details on current application settings", the keys drift compares, with
 *   GitLab's defaults (signup_enabled true) and max_attachment_size raised to 100 MiB by an administrator.
 */
const DRIFT_ANSWERS = {
  '/api/v4/admin/ci/variables': {
    status: 200,
    body: [
      {
        key: 'TEST_VARIABLE_1',
        variable_type: 'env_var',
        value: 'TEST_1',
        protected: false,
        masked: false,
        raw: false,
        description: null,
      },
      {
        key: 'DEPLOY_REGION',
        variable_type: 'env_var',
        value: 'eu-west-1',
        protected: true,
        masked: false,
        raw: false,
        description: null,
      },
    ],
    headers: { 'x-page': '1', 'x-per-page': '100', 'x-total': '2', 'x-total-pages': '1', 'x-next-page': '' },
  },
  '/api/v4/application/plan_limits': {
    status: 200,
    body: {
      ci_instance_level_variables: 25,
      ci_pipeline_size: 0,
      ci_active_jobs: 0,
      ci_project_subscriptions: 2,
      ci_pipeline_schedules: 10,
      ci_needs_size_limit: 50,
      ci_registered_group_runners: 1000,
      ci_registered_project_runners: 1000,
      conan_max_file_size: 3221225472,
      generic_packages_max_file_size: 5368709120,
      helm_max_file_size: 5242880,
      maven_max_file_size: 3221225472,
      npm_max_file_size: 524288000,
      nuget_max_file_size: 524288000,
      pypi_max_file_size: 3221225472,
      terraform_module_max_file_size: 1073741824,
      storage_size_limit: 15000,
    },
  },
  '/api/v4/application/settings': {
    status: 200,
    body: {
      id: 1,
      default_projects_limit: 100000,
      signup_enabled: true,
      password_authentication_enabled_for_web: true,
      gravatar_enabled: true,
      max_attachment_size: 100,
      default_project_visibility: 'private',
      default_snippet_visibility: 'private',
      default_group_visibility: 'private',
      default_branch_protection: 2,
      require_admin_approval_after_user_signup: false,
      max_import_size: 50,
      user_default_external: false,
    },
  },
};

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  production = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-16.11-ee'), {
    token: TOKEN,
    cors: true,
    extraAnswers: DRIFT_ANSWERS,
  });
  community = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ce'), {
    token: TOKEN,
    cors: true,
    extraAnswers: DRIFT_ANSWERS,
  });
  // GitLab 18.6 EE, an administrator whose token lacks admin_mode, on an instance with Admin Mode on:
  // every admin endpoint answers 403 (doc/administration/settings/sign_in_restrictions.md, "Admin Mode").
  blocked = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      '/api/v4/application/settings': { status: 403, body: { message: '403 Forbidden' } },
      '/api/v4/admin/ci/variables': { status: 403, body: { message: '403 Forbidden' } },
    },
  });
  session = await openRealHostSession();
  embeddedName = (await session.bridge.profiles.list()).find(
    (profile) => profile.id === session.profileId,
  )!.name;
  const prod = await session.bridge.profiles.addRemote({
    name: 'Production',
    url: production.url,
    token: TOKEN,
  });
  await session.bridge.profiles.check(prod.id);
  const ce = await session.bridge.profiles.addRemote({ name: 'Community', url: community.url, token: TOKEN });
  await session.bridge.profiles.check(ce.id);
  const dr = await session.bridge.profiles.addRemote({
    name: 'Disaster recovery',
    url: blocked.url,
    token: TOKEN,
  });
  await session.bridge.profiles.check(dr.id);
}, 60_000);

afterAll(async () => {
  await session?.host.close();
  await production?.close();
  await community?.close();
  await blocked?.close();
});

const row = (id: string) =>
  document.querySelector(`[data-testid="drift-row"][data-row-id="${id}"]`) as HTMLElement | null;

describe('Configuration drift on the real browser host', () => {
  it('compares, copies from a stand-in GitLab to the embedded instance, and counts drift on the Fleet overview', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/fleet/drift'] });
    renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });

    // The baseline: Production (it becomes the copy source).
    const baseline = await screen.findByRole('combobox', { name: 'Fleet baseline (the reference)' }, WAIT);
    fireEvent.click(baseline);
    fireEvent.click(await screen.findByRole('option', { name: 'Production' }, WAIT));

    await waitFor(() => expect(row('ci-variables:DEPLOY_REGION')).toBeTruthy(), WAIT);
    const deploy = row('ci-variables:DEPLOY_REGION')!;
    expect(deploy.getAttribute('data-differs')).toBe('true');
    const embeddedCell = deploy.querySelector(`[data-instance="${embeddedName}"]`) as HTMLElement;
    expect(within(embeddedCell).getByText('absent')).toBeTruthy();
    // Values are compared by digest and shown only when revealed.
    expect(screen.queryByText('eu-west-1')).toBeNull();
    expect(within(deploy).getByText(/^sha256:[0-9a-f]{12}$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Reveal variable values' }));
    expect(await within(deploy).findByText('eu-west-1')).toBeTruthy();

    // The non-administrator instance: an honest state, and no admin request sent to it.
    const ceCard = document.querySelector(
      '[data-testid="drift-instance"][data-instance="Community"]',
    ) as HTMLElement;
    expect(within(ceCard).getByTestId('drift-not-comparable').textContent).toMatch(/not available/);
    expect(community.seen.some((request) => /\/(admin|application)\//.test(request.path))).toBe(false);

    // Admin Mode: one read answered 403, then nothing more was asked; the card says why.
    const drCard = document.querySelector(
      '[data-testid="drift-instance"][data-instance="Disaster recovery"]',
    ) as HTMLElement;
    expect(within(drCard).getByTestId('drift-not-comparable').textContent).toBe(
      'Admin Mode blocks this token',
    );
    expect(
      blocked.seen.filter((request) => /\/(admin|application)\//.test(request.path)).map((r) => r.path),
    ).toEqual(['/api/v4/application/settings']);

    // Choose the variable and one setting, then preview the copy.
    fireEvent.click(within(deploy).getByRole('checkbox', { name: 'Choose DEPLOY_REGION for copying' }));
    fireEvent.click(screen.getByRole('tab', { name: /Application settings/ }));
    await waitFor(() => expect(row('settings:max_attachment_size')).toBeTruthy(), WAIT);
    fireEvent.click(
      within(row('settings:max_attachment_size')!).getByRole('checkbox', {
        name: 'Choose max_attachment_size for copying',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Copy 2 items from Production/ }));
    const preview = await screen.findByTestId('copy-preview', {}, WAIT);
    const toEmbedded = preview.querySelector(`[data-target="${embeddedName}"]`) as HTMLElement;
    expect(
      within(toEmbedded.querySelector('[data-step="ci-variables:DEPLOY_REGION"]') as HTMLElement).getByText(
        'add',
      ),
    ).toBeTruthy();
    const attachment = toEmbedded.querySelector('[data-step="settings:max_attachment_size"]') as HTMLElement;
    expect(within(attachment).getByText('change')).toBeTruthy();
    expect(attachment.textContent).toContain('10 → 100');
    expect(preview.querySelector('[data-target="Community"]')?.textContent).toContain('2 skipped');
    expect(preview.querySelector('[data-target="Disaster recovery"]')?.textContent).toContain('2 skipped');

    fireEvent.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
    const summary = await screen.findByTestId('copy-summary', {}, WAIT);
    const applied = summary.querySelector(`[data-target="${embeddedName}"]`) as HTMLElement;
    expect(
      [...applied.querySelectorAll('[data-outcome]')].map((step) => [
        step.getAttribute('data-step'),
        step.getAttribute('data-outcome'),
      ]),
    ).toEqual([
      ['ci-variables:DEPLOY_REGION', 'applied'],
      ['settings:max_attachment_size', 'applied'],
    ]);
    expect(
      [...summary.querySelectorAll('[data-target="Community"] [data-outcome]')].map((step) =>
        step.getAttribute('data-outcome'),
      ),
    ).toEqual(['skipped', 'skipped']);

    // It arrived, through the API; the source received no write.
    const variable = await session.api<{ value: string; protected: boolean }>(
      'GET',
      '/admin/ci/variables/DEPLOY_REGION',
    );
    expect(variable).toMatchObject({ value: 'eu-west-1', protected: true });
    const settings = await session.api<{ max_attachment_size: number }>('GET', '/application/settings');
    expect(settings.max_attachment_size).toBe(100);
    expect(production.seen.filter((request) => request.method !== 'GET')).toEqual([]);

    // The Fleet overview counts each instance's drift from the baseline.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await router.navigate('/fleet');
    const table = await screen.findByTestId('fleet-table', {}, WAIT);
    const prodRow = table.querySelector('[data-instance="Production"]') as HTMLElement;
    await waitFor(() => expect(within(prodRow).getByText('Baseline')).toBeTruthy(), WAIT);
    const embeddedRow = table.querySelector(`[data-instance="${embeddedName}"]`) as HTMLElement;
    await waitFor(
      () => expect(within(embeddedRow).getByTestId('fleet-drift').textContent).toMatch(/^\d+ differs?$/),
      WAIT,
    );
    const ceRow = table.querySelector('[data-instance="Community"]') as HTMLElement;
    expect(within(ceRow).getByLabelText(/^Not compared:/)).toBeTruthy();
  });
  it("reports a change the target refuses with GitLab's sentence, and still applies the next one", async () => {
    cleanup();
    // The embedded instance's default plan allows one instance variable (it holds DEPLOY_REGION now):
    // GitLab's Limitable check refuses a second with 400 (doc/api/plan_limits.md, ci_instance_level_variables).
    await session.api('PUT', '/application/plan_limits', {
      plan_name: 'default',
      ci_instance_level_variables: 1,
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/fleet/drift'] });
    renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
    // Only the two administrators' instances this time.
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Community' }, WAIT));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Disaster recovery' }));
    await waitFor(() => expect(row('ci-variables:TEST_VARIABLE_1')).toBeTruthy(), WAIT);
    fireEvent.click(
      within(row('ci-variables:TEST_VARIABLE_1')!).getByRole('checkbox', {
        name: 'Choose TEST_VARIABLE_1 for copying',
      }),
    );
    fireEvent.click(screen.getByRole('tab', { name: /Application settings/ }));
    await waitFor(() => expect(row('settings:signup_enabled')).toBeTruthy(), WAIT);
    fireEvent.click(
      within(row('settings:signup_enabled')!).getByRole('checkbox', {
        name: 'Choose signup_enabled for copying',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Copy 2 items from Production/ }));
    await screen.findByTestId('copy-preview', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
    const summary = await screen.findByTestId('copy-summary', {}, WAIT);
    const variable = summary.querySelector('[data-step="ci-variables:TEST_VARIABLE_1"]') as HTMLElement;
    expect(variable.getAttribute('data-outcome')).toBe('failed');
    expect(variable.textContent).toContain('Maximum number of ci instance level variables (1) exceeded');
    expect(summary.querySelector('[data-step="settings:signup_enabled"]')?.getAttribute('data-outcome')).toBe(
      'applied',
    );
    expect(within(summary).getByText('1 applied · 1 failed · 0 skipped')).toBeTruthy();
    const settings = await session.api<{ signup_enabled: boolean }>('GET', '/application/settings');
    expect(settings.signup_enabled).toBe(true);
  });
});
