/**
 * Admin Mode (issue 26): an Admin screen refused with 403 for an administrator whose token lacks
 * `admin_mode` explains the scope and how to add it, instead of claiming the account is not an
 * administrator; a real non-administrator still gets "Administrator access required".
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstanceCapabilities } from '../../../shared/instance-capabilities.js';
import type { ProfileSummary } from '../../../shared/ipc-contract.js';
import { createFakeBridge, jsonResponse } from '../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../test-utils/render.js';
import { PlanLimitsPage } from '../features/admin/plan-limits/plan-limits-page.js';
import { ApiError } from '../api/api-error.js';
import { adminModeExplains403, refusedByAdminMode } from './admin-mode-required.js';

const capabilities = (overrides: Partial<InstanceCapabilities>): InstanceCapabilities => ({
  kind: 'gitlab',
  detectedAt: '2026-11-28T10:00:00.000Z',
  version: '18.6.0-ee',
  revision: 'ceb07b24cb0',
  edition: 'ee',
  editionSource: 'metadata',
  gitlabCom: false,
  kas: null,
  user: { username: 'root', isAdmin: true },
  token: { scopes: ['api'], expiresAt: null, name: 'Outpost', known: true, unknownReason: null },
  adminMode: 'token-lacks-admin_mode',
  notes: [],
  ...overrides,
});

const profile = (caps: InstanceCapabilities): ProfileSummary => ({
  id: 'remote-gitlab',
  name: 'Company GitLab',
  kind: 'remote',
  url: 'https://gitlab.example.com',
  hasToken: true,
  active: true,
  capabilities: caps,
});

/** GitLab with Admin Mode on: GET /user says administrator, every admin endpoint answers 403. */
function renderPlanLimits(caps: InstanceCapabilities) {
  const active = profile(caps);
  const fake = createFakeBridge(
    (req) =>
      req.path === '/user'
        ? jsonResponse({ id: 1, username: caps.user?.username, is_admin: caps.user?.isAdmin || undefined })
        : jsonResponse({ message: '403 Forbidden' }, 403),
    [active],
  );
  renderWithProviders(<PlanLimitsPage />, { bridge: fake.bridge, profile: active });
}

describe('Admin Mode on an Admin screen', () => {
  it('explains the missing admin_mode scope and how to add it', async () => {
    renderPlanLimits(capabilities({}));
    const card = await screen.findByTestId('admin-mode-required');
    expect(card.textContent).toContain('@root is an administrator of Company GitLab');
    expect(card.textContent).toContain('admin_mode scope');
    expect(card.textContent).toContain('Edit instance > Token');
    expect(screen.queryByTestId('admin-access-required')).toBeNull();
  });

  it('still says "administrator access required" when the token has admin_mode (the 403 is something else)', async () => {
    renderPlanLimits(
      capabilities({
        adminMode: 'token-has-admin_mode',
        token: {
          scopes: ['api', 'admin_mode'],
          expiresAt: null,
          name: 't',
          known: true,
          unknownReason: null,
        },
      }),
    );
    expect(await screen.findByTestId('admin-access-required')).toBeTruthy();
  });

  it('decides from the capabilities only', () => {
    expect(adminModeExplains403(capabilities({}))).toBe(true);
    expect(adminModeExplains403(capabilities({ adminMode: 'unknown' }))).toBe(true);
    expect(adminModeExplains403(capabilities({ adminMode: 'not-applicable', version: '15.4.0' }))).toBe(
      false,
    );
    expect(
      adminModeExplains403(
        capabilities({ user: { username: 'dev', isAdmin: false }, adminMode: 'not-admin' }),
      ),
    ).toBe(false);
    expect(adminModeExplains403(null)).toBe(false);
  });

  it('treats a 403 Admin Mode explains as already explained, and nothing else', () => {
    const forbidden = new ApiError(403, { message: '403 Forbidden' });
    expect(refusedByAdminMode(forbidden, capabilities({}))).toBe(true);
    expect(refusedByAdminMode(new ApiError(404, { message: '404 Not Found' }), capabilities({}))).toBe(false);
    expect(
      refusedByAdminMode(forbidden, capabilities({ adminMode: 'not-applicable', version: '15.4.0' })),
    ).toBe(false);
    expect(refusedByAdminMode(new Error('network'), capabilities({}))).toBe(false);
  });
});
