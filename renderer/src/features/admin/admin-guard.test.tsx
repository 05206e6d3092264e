import { AppShell } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/api-types/users.js';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { AppNavbar } from '../../app/layout/app-navbar.js';
import { AdminGuard } from './admin-guard.js';

function user(isAdmin: boolean | undefined): Partial<User> {
  const base: Partial<User> = { id: 2, username: 'jane', name: 'Jane Doe', state: 'active' };
  return isAdmin === undefined ? base : { ...base, is_admin: isAdmin };
}

function Navbar() {
  return (
    <AppShell navbar={{ width: 248, breakpoint: 'sm' }}>
      <AppShell.Navbar>
        <AppNavbar onNavigate={() => undefined} />
      </AppShell.Navbar>
    </AppShell>
  );
}

function bridgeFor(current: Partial<User>) {
  return createFakeBridge((req) => (req.path === '/user' ? jsonResponse(current) : undefined)).bridge;
}

describe('AdminGuard', () => {
  it('shows the screen to administrators', async () => {
    renderWithProviders(
      <AdminGuard>
        <p>admin screen</p>
      </AdminGuard>,
      { bridge: bridgeFor(user(true)), profile: TEST_PROFILE },
    );
    expect(await screen.findByText('admin screen')).toBeTruthy();
  });

  it('explains that administrator access is required, naming the account', async () => {
    // GitLab leaves `is_admin` out of `GET /user` for everyone but administrators.
    renderWithProviders(
      <AdminGuard>
        <p>admin screen</p>
      </AdminGuard>,
      { bridge: bridgeFor(user(undefined)), profile: TEST_PROFILE },
    );
    expect(await screen.findByText('Administrator access required')).toBeTruthy();
    expect(screen.getByText(/@jane is not an administrator of Local instance/)).toBeTruthy();
    expect(screen.queryByText('admin screen')).toBeNull();
  });

  it('offers a retry when the user cannot be read', async () => {
    const { bridge } = createFakeBridge((req) =>
      req.path === '/user' ? jsonResponse({ message: '401 Unauthorized' }, 401) : undefined,
    );
    renderWithProviders(
      <AdminGuard>
        <p>admin screen</p>
      </AdminGuard>,
      { bridge, profile: TEST_PROFILE },
    );
    expect(await screen.findByText('Couldn’t check administrator access')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the Admin navigation section', () => {
  it('is hidden from non-administrators', async () => {
    renderWithProviders(<Navbar />, { bridge: bridgeFor(user(false)) });
    expect(await screen.findByText('Projects')).toBeTruthy();
    // Give the user query time to settle, then check the section never appeared.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Admin')).toBeNull();
    expect(screen.queryByText('Clusters')).toBeNull();
  });

  it('is shown to administrators', async () => {
    renderWithProviders(<Navbar />, { bridge: bridgeFor(user(true)) });
    expect(await screen.findByText('Admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CI/CD variables' })).toBeTruthy();
  });
});
