/**
 * Admin → Overview through the real browser host (issue 28):
 * - on the embedded core: the counts are those of the core's `GET /application/statistics`
 *   (doc/api/statistics.md) and each links to its screen; the job queue, shard usage and the latest
 *   audit events show; `/admin` lands here.
 * - against the recorded GitLab 18.6 CE stand-in (electron/host/capabilities/fixtures/gitlab-18.6-ce.json,
 *   with an administrator's `GET /user` and token, and the statistics and storage moves answers below,
 *   each from its doc page): audit events are explained as a Premium feature and never asked for, the
 *   job queue and shard usage (Outpost extensions) are not asked for either, and the first view stays
 *   within 8 requests.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import {
  loadRecordedGitLab,
  type RecordedAnswer,
  type RecordedGitLab,
} from '../../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { createQueryClient } from '../../../app/query-client.js';
import { routes } from '../../../app/router.js';

const WAIT = { timeout: 20_000 };
const TOKEN = 'glpat-admin-overview-test-0123';
/** Paths the host reads when it connects and checks the instance. */
const HOST_CHECKS = new Set(['/api/v4/version', '/api/v4/metadata', '/api/v4/personal_access_tokens/self']);

let session: RealHostSession;
let embeddedId: string;
const gitlabs: RecordedGitLab[] = [];

beforeAll(async () => {
  session = await openRealHostSession();
  embeddedId = session.profileId;
  await session.api('POST', '/users', {
    username: 'olivia',
    name: 'Olivia',
    email: 'olivia@example.com',
    password: 'correct-horse-battery',
    skip_confirmation: true,
  });
  const group = await session.api<{ id: number }>('POST', '/groups', { name: 'Ops', path: 'ops' });
  await session.api('POST', '/projects', {
    name: 'deploy',
    namespace_id: group.id,
    initialize_with_readme: true,
  });
}, 60_000);

afterAll(async () => {
  await session?.host.close();
  for (const gitlab of gitlabs) await gitlab.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, {
    bridge: session.bridge,
    withRouter: false,
    queryClient: createQueryClient(),
  });
  return router;
}

describe('Admin → Overview on the embedded core', () => {
  it('lands from /admin and shows the core’s counts, each linking to its screen', async () => {
    await session.bridge.profiles.setActive(embeddedId);
    const router = renderAt('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/overview'), WAIT);
    const stats = await session.api<Record<string, string>>('GET', '/application/statistics');
    const users = await screen.findByTestId('overview-users', {}, WAIT);
    const number = (value: string) => Number(value.replace(/,/g, ''));
    expect(number(users.textContent!)).toBe(number(stats.users!));
    expect(users.getAttribute('href')).toBe('/admin/users');
    const groups = screen.getByTestId('overview-groups');
    expect(number(groups.textContent!)).toBe(number(stats.groups!));
    expect(groups.getAttribute('href')).toBe('/admin/groups');
    const projects = screen.getByTestId('overview-projects');
    expect(number(projects.textContent!)).toBe(number(stats.projects!));
    expect(number(projects.textContent!)).toBe((await session.api<unknown[]>('GET', '/projects')).length);
    expect(projects.getAttribute('href')).toBe('/admin/projects');
    const mergeRequests = screen.getByTestId('overview-merge-requests');
    expect(number(mergeRequests.textContent!)).toBe(number(stats.merge_requests!));
    expect(mergeRequests.getAttribute('href')).toBe('/merge-requests');

    // The embedded instance's extras: the job queue, shard usage and its audit events.
    expect((await screen.findByTestId('overview-jobs-pending', {}, WAIT)).getAttribute('href')).toBe(
      '/admin/runners',
    );
    await waitFor(() => expect(screen.getAllByTestId('overview-shard').length).toBeGreaterThan(0), WAIT);
    await waitFor(
      () => expect(screen.getAllByTestId('overview-audit-event').length).toBeGreaterThan(0),
      WAIT,
    );
    expect(screen.getAllByTestId('overview-audit-event').length).toBeLessThanOrEqual(5);
    expect(
      within(screen.getByTestId('overview-audit'))
        .getByRole('link', { name: 'All audit events' })
        .getAttribute('href'),
    ).toBe('/admin/audit-events');
    expect(screen.getByTestId('overview-reachability').textContent).toBe('Reachable');
    cleanup();
  });
});

describe('Admin → Overview on GitLab 18.6 CE (recorded stand-in)', () => {
  it('explains audit events as Premium without asking for them, within 8 requests', async () => {
    const recorded = await loadRecordedGitLab();
    const extraAnswers: Record<string, RecordedAnswer> = {
      // doc/api/users.md "Get the current user": administrators also get `is_admin: true`.
      '/api/v4/user': {
        status: 200,
        body: { id: 7, username: 'maria', name: 'Maria', state: 'active', is_admin: true },
      },
      // doc/api/personal_access_tokens.md "Get single personal access token" (self).
      '/api/v4/personal_access_tokens/self': {
        status: 200,
        body: {
          id: 12,
          name: 'Outpost admin',
          revoked: false,
          created_at: '2025-11-01T09:00:00.000Z',
          scopes: ['api', 'admin_mode'],
          user_id: 7,
          active: true,
          expires_at: '2099-01-01',
        },
      },
      // doc/api/statistics.md "Get current application statistics": strings with thousands separators.
      '/api/v4/application/statistics': {
        status: 200,
        body: {
          forks: '10',
          issues: '76',
          merge_requests: '1,027',
          notes: '954',
          snippets: '50',
          ssh_keys: '10',
          milestones: '40',
          users: '2,050',
          groups: '10',
          projects: '20',
          active_users: '1,950',
        },
      },
      // doc/api/project_repository_storage_moves.md "Retrieve all project repository storage moves".
      '/api/v4/project_repository_storage_moves': {
        status: 200,
        body: [],
        headers: { 'x-page': '1', 'x-per-page': '20', 'x-total': '0', 'x-total-pages': '1' },
      },
    };
    const gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ce'), {
      token: TOKEN,
      extraAnswers,
      cors: true, // the host runs inside happy-dom here (see recorded-gitlab.ts)
    });
    gitlabs.push(gitlab);
    const added = await session.bridge.profiles.addRemote({
      name: 'GitLab CE',
      url: gitlab.url,
      token: TOKEN,
    });
    expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true, version: '18.6.1' });
    await session.bridge.profiles.setActive(added.id);
    gitlab.seen.length = 0;

    renderAt('/admin/overview');
    const users = await screen.findByTestId('overview-users', {}, WAIT);
    expect(users.textContent).toBe('2,050');
    expect(screen.getByTestId('overview-merge-requests').textContent).toBe('1,027');
    expect(screen.getByTestId('overview-edition').textContent).toBe('Community Edition (CE)');
    expect(screen.getByTestId('overview-version').textContent).toBe('18.6.1');
    const audit = screen.getByTestId('overview-audit-unavailable');
    expect(audit.textContent).toContain('Audit events are not available on GitLab 18.6');
    expect(audit.textContent).toContain('Premium');
    expect(screen.getByTestId('overview-jobs-unavailable').textContent).toContain(
      'no instance-wide REST job list',
    );
    expect(screen.queryByTestId('overview-shards')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('overview-moves-running').textContent).toBe('0'), WAIT);

    await new Promise((resolve) => setTimeout(resolve, 2_000)); // late requests, polls
    const paths = gitlab.seen
      .filter((request) => !HOST_CHECKS.has(request.path))
      .map((request) => request.path);
    expect(paths.filter((path) => path.startsWith('/api/v4/audit_events'))).toEqual([]);
    expect(paths.filter((path) => path === '/api/v4/jobs' || path.startsWith('/api/v4/admin/'))).toEqual([]);
    // Measured: the admin check, the statistics and the newest storage moves, each once (budget 8).
    expect([...paths].sort()).toEqual([
      '/api/v4/application/statistics',
      '/api/v4/project_repository_storage_moves',
      '/api/v4/user',
    ]);
    expect(paths.length).toBeLessThanOrEqual(8);
    cleanup();
  });
});
