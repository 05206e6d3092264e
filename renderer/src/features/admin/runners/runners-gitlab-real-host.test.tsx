/**
 * Admin → Runners on GitLab profiles (issue 28), end to end through the real browser host and stand-in
 * GitLab instances (real HTTP servers on loopback answering from recorded fixtures; runner answers in the
 * shapes of doc/api/runners.md "List all runners" / "Get runner's details" / "List runner's jobs"):
 * - GitLab 13.10: the screen pauses with `paused`, introduced in 14.8: the honest unavailable state, and
 *   GitLab is not asked for runners.
 * - GitLab 18.6: the registered runners with their state (online, offline, paused), the drawer offers
 *   Delete (a registered runner can be removed, 204), and the Jobs tab says GitLab has no REST list of
 *   every job (gitlab-org/gitlab#323316) without asking `GET /jobs`.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import {
  loadRecordedGitLab,
  type RecordedGitLab,
  type RecordedGitLabModule,
} from '../../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { RECORDED_RUNNERS, recordedRunnerDetails } from '../../../../test-utils/recorded-runners.js';
import { RunnersPage } from './runners-page.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-runners-capabilities-0123';

const RUNNERS = RECORDED_RUNNERS;
const details = recordedRunnerDetails;

const page = (body: unknown[]) => ({
  status: 200,
  body,
  headers: { 'x-page': '1', 'x-per-page': '100', 'x-total': String(body.length), 'x-total-pages': '1' },
});

let session: RealHostSession;
let recorded: RecordedGitLabModule;
const servers: RecordedGitLab[] = [];

async function connect(fixture: string, name: string, extraAnswers = {}) {
  const gitlab = await recorded.startRecordedGitLab(recorded.loadFixture(fixture), {
    token: TOKEN,
    extraAnswers,
    cors: true, // the host runs inside happy-dom here (see recorded-gitlab.ts)
  });
  servers.push(gitlab);
  const added = await session.bridge.profiles.addRemote({ name, url: gitlab.url, token: TOKEN });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true });
  await session.bridge.profiles.setActive(added.id);
  return gitlab;
}

beforeAll(async () => {
  recorded = await loadRecordedGitLab();
  session = await openRealHostSession();
});

afterAll(async () => {
  await session?.host.close();
  await Promise.all(servers.map((server) => server.close()));
});

/** The screen as the active profile sees it (the route wraps it in the admin guard; both are admins here). */
async function renderPage() {
  const profile = (await session.bridge.profiles.list()).find((candidate) => candidate.active)!;
  renderWithProviders(<RunnersPage />, { bridge: session.bridge, profile });
}

describe('Admin → Runners on GitLab (real host, recorded GitLab)', () => {
  it('on GitLab 13.10 says the screen needs 14.8 and asks no runner endpoint', async () => {
    const gitlab = await connect('gitlab-13.10-ee', 'Runners 13.10');
    await renderPage();
    const state = await screen.findByTestId('runners-unavailable', {}, WAIT);
    expect(state.textContent).toContain('Runners are not available on GitLab 13.10');
    expect(state.textContent).toContain('14.8');
    expect(gitlab.seen.some((request) => request.path.startsWith('/api/v4/runners'))).toBe(false);
    cleanup();
  });

  it('on GitLab 18.6 lists the runners with their state, offers Delete, and explains the missing job list', async () => {
    const gitlab = await connect('gitlab-18.6-ee', 'Runners 18.6', {
      '/api/v4/runners/all': page(RUNNERS),
      '/api/v4/runners/6': { status: 200, body: details(RUNNERS[0]!, ['docker', 'linux']) },
      '/api/v4/runners/8': { status: 200, body: details(RUNNERS[1]!, []) },
      '/api/v4/runners/6/jobs': page([]),
    });
    await renderPage();
    await waitFor(() => expect(screen.getAllByTestId('runner-row')).toHaveLength(2), WAIT);
    const states = screen.getAllByTestId('runner-state').map((node) => node.textContent);
    expect(states).toEqual(['Online', 'Paused · offline']);
    const first = screen.getAllByTestId('runner-row')[0]!;
    await waitFor(() => expect(within(first).getByText('docker')).toBeTruthy(), WAIT);
    expect(within(first).getByTestId('runner-version').textContent).toBe('18.6.0');

    fireEvent.click(within(first).getByTestId('runner-description'));
    const drawer = await screen.findByTestId('runner-drawer');
    expect(await within(drawer).findByRole('button', { name: 'Delete' }, WAIT)).toBeTruthy();
    expect(within(drawer).queryByTestId('runner-built-in-note')).toBeNull();
    expect(await within(drawer).findByText('This runner has not run any job yet.', {}, WAIT)).toBeTruthy();
    fireEvent.keyDown(drawer, { key: 'Escape' });

    fireEvent.click(screen.getByRole('tab', { name: 'Jobs' }));
    const unavailable = await screen.findByTestId('instance-jobs-unavailable', {}, WAIT);
    expect(unavailable.textContent).toContain('323316');
    expect(gitlab.seen.some((request) => request.path === '/api/v4/jobs')).toBe(false);
    cleanup();
  });
});
