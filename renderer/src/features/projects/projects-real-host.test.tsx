/**
 * The Projects screen against a real core behind the real browser host, over HTTP: the same
 * `POST /bridge/<channel>` calls, launch secret and Origin checks the app uses in a browser.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutpostBridge } from '../../../../shared/ipc-contract.js';
import { openPageAt, startRealHost, type RealHost } from '../../../test-utils/real-host.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { createHttpBridge } from '../../api/http-bridge.js';
import { takeLaunchSecret } from '../../api/launch-secret.js';
import { routes } from '../../app/router.js';

let host: RealHost;
let secret: string;

const bridge = (): OutpostBridge => createHttpBridge({ secret });

function renderApp(path = '/projects') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />, { bridge: bridge(), withRouter: false });
}

beforeAll(async () => {
  host = await startRealHost();
  openPageAt(host.urlWithSecret);
  const taken = takeLaunchSecret(window);
  if (!taken) throw new Error('The launch URL carried no secret.');
  secret = taken;
});

afterAll(async () => {
  await host?.close();
});

describe('Projects screen on the real browser host', () => {
  it('moved the launch secret out of the address bar', () => {
    expect(window.location.href).toBe(`${host.url}/`);
  });

  it('shows the shell with the embedded instance and the signed-in administrator', async () => {
    renderApp();
    // The first-run gate asks the host before the shell renders: allow a loaded machine time for both.
    expect(await screen.findByText('No projects yet', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('profile-switcher').textContent).toMatch(/\S/);
    const user = await screen.findByTestId('current-user');
    expect(user.getAttribute('aria-label')).toMatch(/^Signed in as /);
  });

  it('creates a project through the modal and lists it with its default branch', async () => {
    renderApp();
    await screen.findByText('No projects yet', {}, { timeout: 10_000 });
    fireEvent.click(screen.getAllByRole('button', { name: 'New project' })[0] as HTMLElement);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Project name' }), {
      target: { value: 'Real Host Demo' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Made by a test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));

    const row = await screen.findByTestId('project-row', {}, { timeout: 10_000 });
    expect(within(row).getByText('Real Host Demo')).toBeTruthy();
    expect(within(row).getByText(/\/real-host-demo$/)).toBeTruthy();
    expect(within(row).getByText('Made by a test')).toBeTruthy();
    expect(within(row).getByTestId('default-branch').textContent).toMatch(/\S/);
    expect(screen.getByText(/^1 project on /)).toBeTruthy();
  });

  it("shows the core's validation error under the path field", async () => {
    renderApp();
    await screen.findByTestId('project-row', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'New project' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Project name' }), {
      target: { value: 'Real Host Demo' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    const form = screen.getByTestId('create-project-form');
    await waitFor(() => expect(within(form).getAllByText(/taken/i).length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
  });
});
