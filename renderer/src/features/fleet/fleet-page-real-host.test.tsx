/**
 * The fleet overview on the real browser host (issue 29): three instances — the embedded core, a
 * stand-in GitLab 18.6 EE whose token lacks `admin_mode` (recorded, doc-cited answers), and an instance
 * that does not answer — in one table. The unreachable one sorts first, the Admin Mode problem is named,
 * each remote round stays within its request budget, and a row's name switches to that instance.
 */
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { HEALTH_REQUEST_BUDGET } from '../../api/fleet/instance-health.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-fleet-overview-test-01234';
let session: RealHostSession;
let gitlab: RecordedGitLab;

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    cors: true,
  });
  session = await openRealHostSession();
  const prod = await session.bridge.profiles.addRemote({ name: 'Production', url: gitlab.url, token: TOKEN });
  await session.bridge.profiles.check(prod.id);
  await session.bridge.profiles.addRemote({
    name: 'Disaster recovery',
    url: 'http://127.0.0.1:1' /* nothing listens on port 1 */,
    token: TOKEN,
  });
}, 60_000);

afterAll(async () => {
  await session?.host.close();
  await gitlab?.close();
});

describe('Fleet on the real browser host', () => {
  it('puts problems first, names them, keeps each round within budget, and opens an instance', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/fleet'] });
    renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
    const table = await screen.findByTestId('fleet-table', {}, WAIT);
    await waitFor(() => expect(within(table).getAllByText('Reachable')).toHaveLength(2), WAIT);
    await within(table).findAllByText('Unreachable', {}, WAIT);

    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-instance'));
    expect(names[0]).toBe('Disaster recovery');
    expect(names[1]).toBe('Production');
    const production = table.querySelector('[data-instance="Production"]') as HTMLElement;
    expect(within(production).getByText('Admin Mode blocks this token')).toBeTruthy();
    expect(within(production).getByText(/GitLab 18\.6 EE/)).toBeTruthy();

    // One round against the stand-in: the timed /version, then only what its capabilities allow.
    const round = gitlab.seen.filter(
      (request) => !/personal_access_tokens|\/user$|\/metadata|\/license/.test(request.path),
    );
    expect(round.length).toBeLessThanOrEqual(HEALTH_REQUEST_BUDGET);
    expect(round.some((request) => request.path === '/api/v4/version')).toBe(true);
    expect(round.some((request) => request.path.startsWith('/api/v4/jobs'))).toBe(false);

    fireEvent.click(within(production).getByRole('button', { name: 'Production' }));
    await waitFor(async () => {
      const active = (await session.bridge.profiles.list()).find((profile) => profile.active);
      expect(active?.name).toBe('Production');
    }, WAIT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'), WAIT);
  });
});
