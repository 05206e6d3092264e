/**
 * The project-area pattern (useProjectArea + projectAreaFallback) in the alerts, pipelines and
 * repository layouts, against a real core behind the real browser host: a loaded project is
 * remembered as the area's last project, an address naming no project shows "Project not found" with
 * the area's picker and forgets it, and the area's index jumps to the remembered project.
 */
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutpostBridge } from '../../../../shared/ipc-contract.js';
import { openPageAt, startRealHost, type RealHost } from '../../../test-utils/real-host.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { createHttpBridge } from '../../api/http-bridge.js';
import { takeLaunchSecret } from '../../api/launch-secret.js';
import { routes } from '../../app/router.js';
import { useLastProjectStore, type ProjectArea } from '../../stores/last-project-store.js';

const WAIT = { timeout: 15_000 };

let host: RealHost;
let bridge: OutpostBridge;
let profileId: string;
let projectId: number;

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge, withRouter: false });
  return router;
}

const remembered = (area: ProjectArea) => useLastProjectStore.getState().byArea[area][profileId];

beforeAll(async () => {
  host = await startRealHost();
  openPageAt(host.urlWithSecret);
  const secret = takeLaunchSecret(window);
  if (!secret) throw new Error('The launch URL carried no secret.');
  bridge = createHttpBridge({ secret });
  const profiles = await bridge.profiles.list();
  profileId = (profiles.find((profile) => profile.active) ?? profiles[0])!.id;
  const created = await bridge.api.request({
    method: 'POST',
    path: '/projects',
    body: { name: 'Area Demo', initialize_with_readme: true },
    profileId,
  });
  if (created.status !== 201) throw new Error(`POST /projects: ${created.status}`);
  projectId = (created.body as { id: number }).id;
});

afterAll(async () => {
  await host?.close();
});

describe.each([
  { area: 'alerts' as const, base: '/alerts', title: 'Alerts' },
  { area: 'pipelines' as const, base: '/pipelines', title: 'Pipelines' },
  { area: 'repository' as const, base: '/repository', title: 'Repository' },
])('$area layout on the real browser host', ({ area, base, title }) => {
  it('remembers a loaded project and the index opens it', async () => {
    const router = renderAt(`${base}/${projectId}`);
    expect((await screen.findAllByText('Switch project', {}, WAIT)).length).toBeGreaterThan(0);
    expect(await screen.findByText('area-demo', { exact: false }, WAIT)).toBeTruthy();
    expect(remembered(area)).toBe(projectId);
    await router.navigate(base);
    await waitFor(
      () => expect(router.state.location.pathname).toMatch(new RegExp(`^${base}/${projectId}`)),
      WAIT,
    );
  });

  it('shows Project not found with the picker for a missing project, and forgets it', async () => {
    expect(remembered(area)).toBe(projectId);
    renderAt(`${base}/424242`);
    expect(await screen.findByText('Project not found', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    const pick = screen.getByRole('link', { name: 'Pick another project' });
    expect(pick.getAttribute('href')).toBe(`${base}?pick=1`);
    expect(remembered(area)).toBeUndefined();
  });
});

describe.each([
  { base: '/alerts', title: 'Alerts', rowTestId: 'alerts-project-pick', sentence: 'monitoring tools sent' },
  {
    base: '/pipelines',
    title: 'Pipelines',
    rowTestId: 'pipelines-pick',
    sentence: 'see and run its pipelines',
  },
  { base: '/repository', title: 'Repository', rowTestId: 'repository-pick', sentence: 'branches and tags' },
  {
    base: '/merge-requests',
    title: 'Merge requests',
    rowTestId: 'mr-project-pick',
    sentence: 'review its merge requests',
  },
])('$base index (ProjectAreaIndexPage) with ?pick=1', ({ base, title, rowTestId, sentence }) => {
  it('shows the area’s picker: its title and sentence, and the project as a row into the area', async () => {
    renderAt(`${base}?pick=1`);
    expect(await screen.findByRole('heading', { name: title }, WAIT)).toBeTruthy();
    expect(screen.getByText(sentence, { exact: false })).toBeTruthy();
    const rows = await screen.findAllByTestId(rowTestId, {}, WAIT);
    const row = rows.find((candidate) => candidate.textContent?.includes('Area Demo'));
    expect(row?.getAttribute('href')).toMatch(new RegExp(`^${base}/${projectId}(/tree)?$`));
  });
});
