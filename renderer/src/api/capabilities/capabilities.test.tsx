/**
 * The renderer side of capabilities (issue 26): the switcher's details line, and Outpost-only extras that
 * are never requested from a GitLab profile (shard usage, storage-move byte progress, the job sandbox
 * status) while the same screens keep what GitLab does serve. The GitLab profile carries capabilities in
 * the shape the host's detection stores (electron/host/capabilities, tested against recorded answers);
 * the full path through the real host is in features/alerts/alerts-capabilities-real-host.test.tsx.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstanceCapabilities } from '../../../../shared/instance-capabilities.js';
import type { ApiRequest, ProfileSummary } from '../../../../shared/ipc-contract.js';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { FeatureUnavailable } from '../../components/feature-unavailable.js';
import { JobSandboxStatus } from '../../features/admin/instance-settings/job-sandbox-status.js';
import { StorageMovesPage } from '../../features/admin/storage-moves/storage-moves-page.js';
import { JobSandboxBanner } from '../../features/pipelines/job-sandbox-banner.js';
import { capabilitiesOf, instanceDetailsLine } from './capabilities.js';

/** GitLab 18.6 EE, administrator, token without admin_mode (as detected from the 18.6 EE fixture). */
const GITLAB_18_6_EE: InstanceCapabilities = {
  kind: 'gitlab',
  detectedAt: '2026-11-28T10:00:00.000Z',
  version: '18.6.0-ee',
  revision: 'ceb07b24cb0',
  edition: 'ee',
  editionSource: 'metadata',
  gitlabCom: false,
  kas: { enabled: true, externalUrl: 'grpc://gitlab.example.com:8150', version: '18.6.0' },
  user: { username: 'root', isAdmin: true },
  token: { scopes: ['api'], expiresAt: '2026-12-10', name: 'Outpost', known: true, unknownReason: null },
  adminMode: 'token-lacks-admin_mode',
  notes: [],
};

const GITLAB_PROFILE: ProfileSummary = {
  id: 'remote-gitlab',
  name: 'Company GitLab',
  kind: 'remote',
  url: 'https://gitlab.example.com',
  hasToken: true,
  active: true,
  capabilities: GITLAB_18_6_EE,
};

const OUTPOST_ONLY_PATHS = [/^\/admin\/repository_storages/, /\/progress$/, /^\/ci\/job_sandbox/];
const outpostOnlyRequests = (requests: ApiRequest[]) =>
  requests.filter((req) => OUTPOST_ONLY_PATHS.some((pattern) => pattern.test(req.path)));

describe('capabilitiesOf and instanceDetailsLine', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('the embedded profile has every capability; a remote one what the host detected', () => {
    expect(capabilitiesOf(TEST_PROFILE)?.kind).toBe('outpost-embedded');
    expect(instanceDetailsLine(TEST_PROFILE, now)).toBe('Outpost embedded · every capability');
    expect(instanceDetailsLine(GITLAB_PROFILE, now)).toBe(
      'GitLab 18.6 EE · administrator · Admin Mode: token lacks admin_mode · token expires in 12 days',
    );
  });
  it('says when the instance is not known yet, or why it could not be checked', () => {
    const { capabilities: _dropped, ...unknown } = GITLAB_PROFILE;
    expect(capabilitiesOf(unknown)).toBeNull();
    expect(instanceDetailsLine(unknown, now)).toBe('Checking the instance…');
    expect(instanceDetailsLine({ ...unknown, capabilitiesError: 'x answered 401.' }, now)).toBe(
      'Could not check the instance: x answered 401.',
    );
  });
});

describe('Outpost-only extras on a GitLab profile', () => {
  const move = {
    id: 3,
    created_at: '2026-11-20T10:00:00.000Z',
    state: 'started',
    source_storage_name: 'default',
    destination_storage_name: 'second',
    error_message: null,
    project: { id: 7, name: 'Checkout', path_with_namespace: 'root/checkout' },
  };

  it('Storage moves: lists GitLab’s moves, never asks for shard usage or byte progress, says why', async () => {
    const fake = createFakeBridge(
      (req) => {
        if (req.path === '/project_repository_storage_moves')
          return jsonResponse([move], 200, { 'x-total': '1', 'x-page': '1', 'x-total-pages': '1' });
        if (req.path === '/application/settings')
          return jsonResponse({ repository_storages_weighted: { default: 100, second: 0 } });
        return undefined;
      },
      [GITLAB_PROFILE],
    );
    renderWithProviders(<StorageMovesPage />, { bridge: fake.bridge, profile: GITLAB_PROFILE });
    const panel = await screen.findByTestId('shard-usage-unavailable');
    expect(panel.textContent).toContain('Shard usage is not available on GitLab 18.6');
    expect((await screen.findAllByText('root/checkout', { exact: false })).length).toBeGreaterThan(0);
    // The running move is followed (its list is polled), but never its Outpost-only progress.
    await waitFor(
      () =>
        expect(
          fake.requests.filter((req) => req.path === '/project_repository_storage_moves').length,
        ).toBeGreaterThan(1),
      { timeout: 5_000 },
    );
    expect(outpostOnlyRequests(fake.requests)).toEqual([]);
    expect(screen.queryByText(/Couldn’t read shard usage/)).toBeNull();
  });

  it('Job sandbox: no banner and no request on GitLab; the Security panel says why', async () => {
    const fake = createFakeBridge(
      (req) => (req.path === '/user' ? jsonResponse({ id: 1, username: 'root', is_admin: true }) : undefined),
      [GITLAB_PROFILE],
    );
    renderWithProviders(
      <>
        <JobSandboxBanner profileId={GITLAB_PROFILE.id} />
        <JobSandboxStatus profileId={GITLAB_PROFILE.id} />
      </>,
      { bridge: fake.bridge, profile: GITLAB_PROFILE },
    );
    const panel = await screen.findByTestId('job-sandbox-status');
    expect(panel.textContent).toContain('Job sandbox status is not available on GitLab 18.6');
    expect(panel.textContent).toContain('runners');
    expect(screen.queryByTestId('job-sandbox-banner')).toBeNull();
    expect(outpostOnlyRequests(fake.requests)).toEqual([]);
  });

  it('the same components still ask the embedded instance', async () => {
    const fake = createFakeBridge((req) =>
      req.path === '/ci/job_sandbox'
        ? jsonResponse({
            available: true,
            executor: 'bubblewrap',
            reason: null,
            allow_unsandboxed_ci_jobs: false,
            concurrent_jobs: 2,
            memory_limit_mb: 2048,
            cpu_limit_seconds: 600,
          })
        : undefined,
    );
    renderWithProviders(<JobSandboxStatus profileId={TEST_PROFILE.id} />, {
      bridge: fake.bridge,
      profile: TEST_PROFILE,
    });
    expect((await screen.findByTestId('job-sandbox-status')).textContent).toContain('At most 2 jobs run');
    expect(fake.requests.map((req) => req.path)).toContain('/ci/job_sandbox');
  });
});

describe('FeatureUnavailable before the instance is known', () => {
  it('after a failed detection, shows the reason and checks again on request', async () => {
    const { capabilities: _dropped, ...unchecked } = GITLAB_PROFILE;
    const profile = { ...unchecked, capabilitiesError: 'gitlab.example.com refused the token (401).' };
    const fake = createFakeBridge(() => undefined, [profile]);
    let checks = 0;
    const check = fake.bridge.profiles.check;
    fake.bridge.profiles.check = async (id) => {
      checks += 1;
      return check(id);
    };
    renderWithProviders(
      <FeatureUnavailable
        availability={{
          status: 'unknown',
          explanation: 'Outpost has not yet learned what this instance offers.',
        }}
      />,
      { bridge: fake.bridge, profile },
    );
    const card = await screen.findByTestId('feature-unavailable');
    expect(card.textContent).toContain('Outpost could not learn what this instance offers');
    expect(card.textContent).toContain('refused the token (401)');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(checks).toBe(1));
    expect(fake.requests).toEqual([]);
  });
});
