import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  createMemoryRouter,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest, DemoStatus } from '../../../../shared/ipc-contract.js';
import { FirstRunGate } from '../../app/first-run-gate.js';
import { createFakeBridge, jsonResponse } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { WelcomePage } from './welcome-page.js';

/** The app behind the gate, reduced to the route it is on. */
function AppStandIn() {
  const location = useLocation();
  return <p data-testid="app">app at {location.pathname}</p>;
}

function renderGate(bridge: ReturnType<typeof createFakeBridge>['bridge'], route = '/') {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <FirstRunGate>
            <AppStandIn />
          </FirstRunGate>
        }
      />
    </Routes>,
    { bridge, route },
  );
}

const firstRun = { onboarding: { firstRun: true, choice: null, defaultDemoRepository: '/src/outpost' } };

describe('FirstRunGate', () => {
  it('opens the app directly once the first run is over', async () => {
    const { bridge } = createFakeBridge(() => undefined);
    renderGate(bridge, '/pipelines');
    expect((await screen.findByTestId('app')).textContent).toBe('app at /pipelines');
    expect(screen.queryByTestId('welcome-screen')).toBeNull();
  });

  it('shows the welcome screen on the first run; the embedded choice is recorded and Skip opens Projects', async () => {
    const fake = createFakeBridge(() => undefined, undefined, firstRun);
    const finish = vi.spyOn(fake.bridge.onboarding, 'finish');
    renderGate(fake.bridge);

    const embedded = await screen.findByRole('button', { name: /Use the embedded instance/ });
    expect(document.activeElement).toBe(embedded);
    expect(screen.queryByTestId('app')).toBeNull();
    fireEvent.click(embedded);

    expect(await screen.findByText('Your embedded instance is ready')).toBeTruthy();
    expect(finish).toHaveBeenCalledWith('embedded');
    // The choice is recorded, but the next steps stay on screen until the administrator leaves.
    expect(screen.queryByTestId('app')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Skip — go to Outpost' }));
    expect((await screen.findByTestId('app')).textContent).toBe('app at /projects');
    expect((await fake.bridge.onboarding.status()).firstRun).toBe(false);
  });

  it("lands on the screen the welcome screen opens, not on the shell's index redirect", async () => {
    const fake = createFakeBridge(() => undefined, undefined, firstRun);
    const project = { id: 7, pathWithNamespace: 'outpost-demo/outpost' };
    vi.spyOn(fake.bridge.demo, 'status').mockResolvedValue({
      state: 'done',
      step: 'Demo data is ready',
      completed: 9,
      total: 9,
      project,
    });
    // The app's shape: a data router whose index route redirects to /projects.
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <FirstRunGate>
              <Outlet />
            </FirstRunGate>
          ),
          children: [
            { index: true, element: <Navigate to="/projects" replace /> },
            { path: '*', element: <AppStandIn /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />, { bridge: fake.bridge, withRouter: false });

    fireEvent.click(await screen.findByRole('button', { name: /Use the embedded instance/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Load demo data/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open the demo project' }));
    expect((await screen.findByTestId('app')).textContent).toBe('app at /repository/7');
    expect(router.state.location.pathname).toBe('/repository/7');
  });

  it('notifies in the app when a demo build left running on the welcome screen ends', async () => {
    const fake = createFakeBridge(() => undefined, undefined, firstRun);
    const running: DemoStatus = {
      state: 'running',
      step: 'Running pipelines',
      completed: 5,
      total: 9,
      project: { id: 7, pathWithNamespace: 'outpost-demo/outpost' },
    };
    const status = vi.spyOn(fake.bridge.demo, 'status').mockResolvedValue(running);
    renderGate(fake.bridge);
    fireEvent.click(await screen.findByRole('button', { name: /Use the embedded instance/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Load demo data/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue in the background' }));
    expect((await screen.findByTestId('app')).textContent).toBe('app at /projects');
    expect(screen.queryByText('Demo data is ready')).toBeNull();

    status.mockResolvedValue({ ...running, state: 'done', step: 'Demo data is ready', completed: 9 });
    expect(await screen.findByText('Demo data is ready', {}, { timeout: 4000 })).toBeTruthy();
    expect(
      screen.getByText('outpost-demo/outpost and everything around it are ready to explore.'),
    ).toBeTruthy();
  });

  it('opens the app when the host cannot tell whether this is a first run', async () => {
    const { bridge } = createFakeBridge(() => undefined);
    vi.spyOn(bridge.onboarding, 'status').mockRejectedValue(new Error('old host'));
    renderGate(bridge);
    expect(await screen.findByTestId('app')).toBeTruthy();
  });
});

describe('WelcomePage', () => {
  it('Esc goes back one step', async () => {
    const { bridge } = createFakeBridge(() => undefined, undefined, firstRun);
    renderWithProviders(<WelcomePage onLeave={() => undefined} />, { bridge });
    fireEvent.click(await screen.findByRole('button', { name: /Connect to a GitLab instance/ }));
    const url = await screen.findByRole('textbox', { name: 'URL' });
    expect(document.activeElement).toBe(url);
    fireEvent.keyDown(url, { key: 'Escape', code: 'Escape' });
    expect(await screen.findByText('Welcome to Outpost')).toBeTruthy();
  });

  it('explains a rejected token, then connects with the right one and records the remote choice', async () => {
    const fake = createFakeBridge(() => undefined, undefined, firstRun);
    const check = vi
      .spyOn(fake.bridge.profiles, 'check')
      .mockResolvedValueOnce({
        ok: false,
        error: 'The token was rejected (401): it is wrong, expired or revoked.',
      })
      .mockResolvedValueOnce({ ok: true, version: '17.5.0', username: 'root' });
    const finish = vi.spyOn(fake.bridge.onboarding, 'finish');
    const onLeave = vi.fn();
    renderWithProviders(<WelcomePage onLeave={onLeave} initialStep="remote" />, { bridge: fake.bridge });

    const url = await screen.findByRole('textbox', { name: 'URL' });
    const token = screen.getByLabelText(/Personal access token/);
    fireEvent.change(url, { target: { value: 'https://gitlab.example.com/' } });
    fireEvent.change(token, { target: { value: 'glpat-wrong' } });
    fireEvent.submit(screen.getByTestId('remote-form'));

    const error = await screen.findByTestId('remote-error');
    expect(error.textContent).toContain('The token was rejected (401)');
    // The pasted token stays for a correction (issue 30, defect 13); it is only in this dialog's memory.
    expect((token as HTMLInputElement).value).toBe('glpat-wrong');
    expect(fake.profiles().map((profile) => profile.id)).toEqual(['embedded']);
    expect(finish).not.toHaveBeenCalled();

    fireEvent.change(token, { target: { value: 'glpat-right' } });
    fireEvent.submit(screen.getByTestId('remote-form'));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('/projects'));
    expect(check).toHaveBeenCalledTimes(2);
    expect(finish).toHaveBeenCalledWith('remote');
    expect(fake.profiles().find((profile) => profile.active)).toMatchObject({
      id: 'remote-1',
      name: 'gitlab.example.com',
      url: 'https://gitlab.example.com',
    });
  });

  it('checks the URL and token before calling the host', async () => {
    const fake = createFakeBridge(() => undefined, undefined, firstRun);
    const addRemote = vi.spyOn(fake.bridge.profiles, 'addRemote');
    renderWithProviders(<WelcomePage onLeave={() => undefined} initialStep="remote" />, {
      bridge: fake.bridge,
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL' }), {
      target: { value: 'gitlab.example.com' },
    });
    fireEvent.submit(screen.getByTestId('remote-form'));
    expect(await screen.findByText(/full address/)).toBeTruthy();
    expect(screen.getByText(/Paste a personal access token/)).toBeTruthy();
    expect(addRemote).not.toHaveBeenCalled();
  });

  it('imports a local repository and follows the import until it finished', async () => {
    const imported = projectFixture({ id: 5, path: 'tools', import_status: 'scheduled' });
    const seen: ApiRequest[] = [];
    const fake = createFakeBridge((req) => {
      seen.push(req);
      if (req.method === 'POST' && req.path === '/projects') return jsonResponse(imported, 201);
      if (req.method === 'GET' && req.path === '/projects/5')
        return jsonResponse({ ...imported, import_status: 'finished' });
      return undefined;
    });
    const onLeave = vi.fn();
    renderWithProviders(<WelcomePage onLeave={onLeave} initialStep="embedded-import" />, {
      bridge: fake.bridge,
    });

    fireEvent.change(await screen.findByRole('textbox', { name: 'Repository' }), {
      target: { value: '/srv/git/tools.git' },
    });
    expect((screen.getByRole('textbox', { name: 'Project name' }) as HTMLInputElement).value).toBe('tools');
    fireEvent.submit(screen.getByTestId('welcome-import-form'));

    expect(await screen.findByText('Repository imported', {}, { timeout: 5000 })).toBeTruthy();
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/projects',
      body: { name: 'tools', path: 'tools', import_url: 'file:///srv/git/tools.git' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open project' }));
    expect(onLeave).toHaveBeenCalledWith('/repository/5');
  });

  it('hands a running import to the background follower when the administrator moves on', async () => {
    const imported = projectFixture({ id: 6, path: 'big', import_status: 'started' });
    let polls = 0;
    const fake = createFakeBridge(
      (req) => {
        if (req.method === 'POST' && req.path === '/projects') return jsonResponse(imported, 201);
        if (req.method === 'GET' && req.path === '/projects/6') {
          polls += 1;
          return jsonResponse({ ...imported, import_status: polls < 2 ? 'started' : 'finished' });
        }
        return undefined;
      },
      undefined,
      firstRun,
    );
    renderGate(fake.bridge);
    fireEvent.click(await screen.findByRole('button', { name: /Use the embedded instance/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Import a repository/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Repository' }), {
      target: { value: '/srv/git/big' },
    });
    fireEvent.submit(screen.getByTestId('welcome-import-form'));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue in the background' }));

    expect((await screen.findByTestId('app')).textContent).toBe('app at /projects');
    expect(await screen.findByText('Repository imported', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('root/big is ready (default branch main).')).toBeTruthy();
  });

  it('refuses a relative path without calling the instance', async () => {
    const fake = createFakeBridge(() => undefined);
    renderWithProviders(<WelcomePage onLeave={() => undefined} initialStep="embedded-import" />, {
      bridge: fake.bridge,
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Repository' }), {
      target: { value: 'src/app' },
    });
    fireEvent.submit(screen.getByTestId('welcome-import-form'));
    expect(await screen.findByText(/Use an absolute path/)).toBeTruthy();
    expect(fake.requests).toEqual([]);
  });

  it('loads demo data: shows a failure with a retry, then progress, then opens the demo project', async () => {
    const fake = createFakeBridge(() => undefined, undefined, firstRun);
    const failed: DemoStatus = {
      state: 'failed',
      step: null,
      completed: 0,
      total: 0,
      project: null,
      error: 'Demo data is not available in this build yet.',
    };
    const running: DemoStatus = {
      state: 'running',
      step: 'Running pipelines',
      completed: 3,
      total: 4,
      project: { id: 7, pathWithNamespace: 'demo/outpost' },
    };
    const done: DemoStatus = { ...running, state: 'done', step: 'Done', completed: 4 };
    const load = vi
      .spyOn(fake.bridge.demo, 'load')
      .mockResolvedValueOnce(failed)
      .mockResolvedValueOnce(running);
    vi.spyOn(fake.bridge.demo, 'status')
      .mockResolvedValueOnce({ state: 'idle', step: null, completed: 0, total: 0, project: null })
      .mockResolvedValueOnce(running)
      .mockResolvedValue(done);
    const onLeave = vi.fn();
    renderWithProviders(<WelcomePage onLeave={onLeave} initialStep="embedded-demo" />, {
      bridge: fake.bridge,
    });

    const repository = await screen.findByRole('textbox', { name: 'Repository' });
    expect((repository as HTMLInputElement).value).toBe('/src/outpost');
    fireEvent.submit(screen.getByTestId('demo-form'));

    const progress = await screen.findByTestId('demo-progress');
    expect(within(progress).getByText('Demo data is not available in this build yet.')).toBeTruthy();
    fireEvent.click(within(progress).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Running pipelines')).toBeTruthy();
    expect(screen.getByText('3 of 4 steps')).toBeTruthy();
    expect(await screen.findByText('The demo instance is ready', {}, { timeout: 5000 })).toBeTruthy();
    expect(load).toHaveBeenNthCalledWith(2, { repositoryPath: '/src/outpost' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the demo project' }));
    expect(onLeave).toHaveBeenCalledWith('/repository/7');
  });

  it('shows why the host refused to start a demo build', async () => {
    const fake = createFakeBridge(() => undefined);
    vi.spyOn(fake.bridge.demo, 'load').mockRejectedValue(new Error('/tmp/x is not a git repository.'));
    renderWithProviders(<WelcomePage onLeave={() => undefined} initialStep="embedded-demo" />, {
      bridge: fake.bridge,
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Repository' }), {
      target: { value: '/tmp/x' },
    });
    fireEvent.submit(screen.getByTestId('demo-form'));
    expect(await screen.findByText('/tmp/x is not a git repository.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
