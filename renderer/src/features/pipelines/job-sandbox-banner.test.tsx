/**
 * The job sandbox banner above pipelines, against instance answers the test machine can't produce
 * itself (it has bubblewrap): a machine without a sandbox, unsandboxed jobs allowed, a remote GitLab.
 */
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../../shared/ipc-contract.js';
import { jobSandboxQueries, type JobSandboxStatus } from '../../api/pipelines/job-sandbox.js';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { JobSandboxBanner } from './job-sandbox-banner.js';

const limits = { concurrent_jobs: 2, memory_limit_mb: 4096, cpu_limit_seconds: 3600 };
const REASON = 'bubblewrap (bwrap) is not installed: install the Debian package "bubblewrap".';

const refused: JobSandboxStatus = {
  available: false,
  executor: 'refused',
  reason: REASON,
  allow_unsandboxed_ci_jobs: false,
  ...limits,
};
const unsandboxed: JobSandboxStatus = {
  ...refused,
  executor: 'unsandboxed',
  allow_unsandboxed_ci_jobs: true,
};
const sandboxed: JobSandboxStatus = {
  available: true,
  executor: 'bubblewrap',
  reason: null,
  allow_unsandboxed_ci_jobs: false,
  ...limits,
};

/** Renders once the status query has its answer, in the same render pass as the banner. */
function Answered() {
  const query = useQuery(jobSandboxQueries.status(TEST_PROFILE.id));
  return query.isSuccess ? <span data-testid="sandbox-answered" /> : null;
}

function renderBanner(sandbox: JobSandboxStatus | null, isAdmin = true) {
  const fake = createFakeBridge((req: ApiRequest) => {
    if (req.path === '/user')
      return jsonResponse({ id: 1, username: 'root', is_admin: isAdmin || undefined });
    if (req.path === '/ci/job_sandbox' && sandbox) return jsonResponse(sandbox);
    return undefined;
  });
  renderWithProviders(
    <>
      <Answered />
      <JobSandboxBanner profileId={TEST_PROFILE.id} />
    </>,
    {
      bridge: fake.bridge,
      profile: TEST_PROFILE,
    },
  );
  return fake;
}

/** Wait until the banner asked for the sandbox status and for the user (admin link). */
async function settled(requests: ApiRequest[]) {
  await waitFor(() => {
    expect(requests.some((req) => req.path === '/ci/job_sandbox')).toBe(true);
    expect(requests.some((req) => req.path === '/user')).toBe(true);
  });
}

describe('JobSandboxBanner', () => {
  it('says jobs are refused, why, and links administrators to the Security screen', async () => {
    renderBanner(refused);
    const banner = await screen.findByTestId('job-sandbox-banner');
    expect(banner.getAttribute('data-executor')).toBe('refused');
    expect(screen.getByText('The job sandbox is not available on this machine')).toBeTruthy();
    expect(screen.getByText(REASON)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Open the Security settings' });
    expect(link.getAttribute('href')).toBe('/admin/security');
  });

  it('gives other users no link to a screen they can’t open', async () => {
    const { requests } = renderBanner(refused, false);
    await screen.findByTestId('job-sandbox-banner');
    await settled(requests);
    expect(screen.getByText(/Ask an administrator of this instance/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the Security settings' })).toBeNull();
  });

  it('warns in yellow when jobs run without a sandbox', async () => {
    renderBanner(unsandboxed);
    const banner = await screen.findByTestId('job-sandbox-banner');
    expect(banner.getAttribute('data-executor')).toBe('unsandboxed');
    expect(screen.getByText('Jobs run without a sandbox')).toBeTruthy();
    expect(screen.queryByText('The job sandbox is not available on this machine')).toBeNull();
  });

  it('shows nothing when jobs run in the sandbox', async () => {
    renderBanner(sandboxed);
    await screen.findByTestId('sandbox-answered');
    expect(screen.queryByTestId('job-sandbox-banner')).toBeNull();
  });

  it('shows nothing on an instance without the endpoint (a remote GitLab answers 404)', async () => {
    renderBanner(null);
    await screen.findByTestId('sandbox-answered');
    expect(screen.queryByTestId('job-sandbox-banner')).toBeNull();
  });
});
