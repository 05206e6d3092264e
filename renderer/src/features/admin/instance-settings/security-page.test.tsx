/**
 * Admin → Security against instance answers the test machine can't give itself: a machine without a
 * job sandbox, one that has it, and a remote GitLab (no Outpost settings, no `/ci/job_sandbox`).
 * The save flow against the real core is in security-page-real-host.test.tsx.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationSettings } from '../../../api/admin/instance-settings/types.js';
import type { JobSandboxStatus } from '../../../api/pipelines/job-sandbox.js';
import { OUTPOST_SETTINGS } from '../../../../test-utils/admin-fixtures.js';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { SecurityPage } from './security-page.js';

function renderPage(settings: ApplicationSettings, sandbox: JobSandboxStatus | null) {
  const fake = createFakeBridge((req) => {
    if (req.path === '/application/settings') return jsonResponse(settings);
    if (req.path === '/ci/job_sandbox' && sandbox) return jsonResponse(sandbox);
    return undefined;
  });
  renderWithProviders(<SecurityPage />, { bridge: fake.bridge, profile: TEST_PROFILE });
  return fake;
}

describe('SecurityPage', () => {
  it('says why jobs are refused when the machine has no sandbox', async () => {
    renderPage(OUTPOST_SETTINGS, {
      available: false,
      executor: 'refused',
      reason: 'This machine runs macOS, where Outpost has no job sandbox.',
      allow_unsandboxed_ci_jobs: false,
      concurrent_jobs: 2,
      memory_limit_mb: 4096,
      cpu_limit_seconds: 3600,
    });
    const status = await screen.findByTestId('job-sandbox-status');
    expect(status.getAttribute('data-executor')).toBe('refused');
    expect(status.textContent).toContain('The job sandbox is not available on this machine');
    expect(status.textContent).toContain('This machine runs macOS, where Outpost has no job sandbox.');
  });

  it('names the sandbox and the limits in force when jobs run sandboxed', async () => {
    renderPage(OUTPOST_SETTINGS, {
      available: true,
      executor: 'bubblewrap',
      reason: null,
      allow_unsandboxed_ci_jobs: false,
      concurrent_jobs: 3,
      memory_limit_mb: 8192,
      cpu_limit_seconds: 600,
    });
    const status = await screen.findByTestId('job-sandbox-status');
    expect(status.textContent).toContain('Jobs run in a bubblewrap sandbox');
    expect(status.textContent).toContain('At most 3 jobs run at once');
    expect(status.textContent).toContain('8,192 MiB of memory and 600 CPU seconds');
  });

  it('shows only GitLab’s own settings on a remote GitLab', async () => {
    const { requests } = renderPage(
      { id: 1, default_branch_protection: 3, allow_local_requests_from_web_hooks_and_services: true },
      null,
    );
    await screen.findByTestId('security-settings-form');
    expect(screen.queryByRole('region', { name: 'Pipeline jobs' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /without a sandbox/ })).toBeNull();
    expect(requests.some((req) => req.path === '/ci/job_sandbox')).toBe(false);
    expect(screen.getByTestId('local-requests-warning')).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: 'Initial default branch protection' }) as HTMLInputElement).value,
    ).toBe('Protected against pushes');
  });
});
