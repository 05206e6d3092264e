/**
 * Switching instances on the real browser host (issue 30, defects 3 and 17): on a project's route the
 * screen moves to Projects when the new instance has no such project (instead of a red "Project not
 * found"), and stays when it does; the toast says "Switched to …" only when the instance answered
 * `GET /user`, and "Switched to …, but it is unreachable" (orange) when it did not, as the header says.
 * The dead instance is a remote profile on 127.0.0.1:9, where nothing listens (connection refused).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../router.js';
import { projectIdOfRoute } from './profile-switcher.js';

const WAIT = { timeout: 20_000 };
let session: RealHostSession;
let embedded: ProfileSummary;
let dead: ProfileSummary;
let projectId: number;

beforeAll(async () => {
  session = await openRealHostSession();
  embedded = (await session.bridge.profiles.list()).find((p) => p.id === session.profileId)!;
  projectId = (await session.api<{ id: number }>('POST', '/projects', { name: 'Switch me' })).id;
  dead = await session.bridge.profiles.addRemote({
    name: 'Dead lab',
    url: 'http://127.0.0.1:9',
    token: 'glpat-dead-instance',
  });
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
  return router;
}

async function pick(name: string) {
  fireEvent.click(await screen.findByTestId('profile-switcher', {}, WAIT));
  fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(`^${name}`) }, WAIT));
}

describe('projectIdOfRoute', () => {
  it('reads the project of project routes only', () => {
    expect(projectIdOfRoute('/alerts/2')).toBe(2);
    expect(projectIdOfRoute('/projects/7/settings')).toBe(7);
    expect(projectIdOfRoute('/repository/12/tree/main')).toBe(12);
    expect(projectIdOfRoute('/merge-requests/3/4/changes')).toBe(3);
    expect(projectIdOfRoute('/pipelines/5')).toBe(5);
    expect(projectIdOfRoute('/merge-requests/mine')).toBeNull();
    expect(projectIdOfRoute('/projects')).toBeNull();
    expect(projectIdOfRoute('/admin/users')).toBeNull();
  });
});

describe('Instance switcher on the real browser host', () => {
  it('leaves a project route for Projects and says the dead instance is unreachable; back on the embedded one the project route stays', async () => {
    const router = renderAt(`/repository/${projectId}`);
    await waitFor(
      () => expect(screen.getByTestId('profile-switcher').textContent).toContain(embedded.name),
      WAIT,
    );

    await pick('Dead lab');
    expect(await screen.findByText('Switched to Dead lab, but it is unreachable', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('Switched to Dead lab')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'), WAIT);
    expect(screen.queryByText('Project not found')).toBeNull();
    expect((await session.bridge.profiles.list()).find((p) => p.active)?.id).toBe(dead.id);

    await router.navigate(`/repository/${projectId}`);
    await pick(embedded.name);
    expect(await screen.findByText(`Switched to ${embedded.name}`, {}, WAIT)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/repository/${projectId}`);
  });

  it('leaves the route of a project the new instance does not have', async () => {
    // The embedded instance is active again; project 999 exists nowhere.
    const router = renderAt('/alerts/999');
    await waitFor(
      () => expect(screen.getByTestId('profile-switcher').textContent).toContain(embedded.name),
      WAIT,
    );
    await pick('Dead lab');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'), WAIT);
    await session.bridge.profiles.setActive(embedded.id);
  });
});
