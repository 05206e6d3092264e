/**
 * Alerts decide from the instance's capabilities (issue 26), end to end through the real browser host:
 * a remote profile pointing at a stand-in GitLab 18.6 EE (a real HTTP server on loopback answering from
 * recorded, doc-cited fixtures) is detected by the host on connect; the Alerts screen then reads the
 * project's alerts through GitLab's GraphQL API (`POST /api/graphql`, `project.alertManagementAlerts`) and
 * sends no REST alert request (GitLab has none), stops polling once GitLab answers with errors, and the
 * same screen on the embedded instance shows the alert list through the core's GraphQL subset. The
 * instance switcher shows the details line and checks the instance again on demand.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { ALERT_REFRESH_MS } from '../../api/alerts/queries.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-alerts-capabilities-test-0123';
const PROJECT_ID = 42;

/** `GET /projects/:id` as doc/api/projects.md "Get a single project" shows it (the fields the layout reads). */
const PROJECT = {
  id: PROJECT_ID,
  description: 'Monitored service',
  name: 'Checkout',
  name_with_namespace: 'Shop / Checkout',
  path: 'checkout',
  path_with_namespace: 'shop/checkout',
  created_at: '2025-01-10T10:00:00.000Z',
  default_branch: 'main',
  tag_list: [],
  topics: [],
  ssh_url_to_repo: 'git@gitlab.example.com:shop/checkout.git',
  http_url_to_repo: 'https://gitlab.example.com/shop/checkout.git',
  web_url: 'https://gitlab.example.com/shop/checkout',
  visibility: 'private',
  archived: false,
  empty_repo: false,
  namespace: { id: 3, name: 'Shop', path: 'shop', kind: 'group', full_path: 'shop', parent_id: null },
  last_activity_at: '2025-11-27T10:00:00.000Z',
  open_issues_count: 0,
  star_count: 0,
  forks_count: 0,
};

/**
 * What GitLab 18.6 answers to the Alerts screens' queries, written from doc/api/graphql/reference
 * (`Project.alertManagementAlerts`, `AlertManagementAlert`, `AlertManagementAlertStatusCountsType`,
 * `AlertManagementHttpIntegration`). The stand-in answers by path, whatever the query, so this one answer
 * holds every field the screens' queries select; each query reads its own part.
 */
const GRAPHQL_ANSWER = {
  data: {
    project: {
      alertManagementAlerts: {
        nodes: [
          {
            id: 'gid://gitlab/AlertManagement::Alert/501',
            iid: '7',
            title: 'Checkout latency above 2 s',
            description: 'p95 latency of the checkout service',
            severity: 'CRITICAL',
            status: 'TRIGGERED',
            service: 'checkout',
            monitoringTool: 'Prometheus',
            hosts: ['web-01'],
            startedAt: '2025-11-27T09:00:00Z',
            endedAt: null,
            eventCount: 3,
            details: { runbook: 'https://runbooks.example.com/latency' },
            createdAt: '2025-11-27T09:00:05Z',
            updatedAt: '2025-11-27T09:30:00Z',
            environment: null,
            detailsUrl: 'https://gitlab.example.com/shop/checkout/-/alert_management/7/details',
          },
        ],
        pageInfo: { hasNextPage: false, endCursor: 'eyJpZCI6IjUwMSJ9' },
      },
      alertManagementAlertStatusCounts: {
        all: 1,
        open: 1,
        triggered: 1,
        acknowledged: 0,
        resolved: 0,
        ignored: 0,
      },
      alertManagementHttpIntegrations: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } },
    },
  },
};

let session: RealHostSession;
let gitlab: RecordedGitLab;
let remoteId: string;

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    extraAnswers: {
      [`/api/v4/projects/${PROJECT_ID}`]: { status: 200, body: PROJECT },
      '/api/graphql': { status: 200, body: GRAPHQL_ANSWER },
    },
    cors: true, // the host runs inside happy-dom here, whose fetch enforces CORS (see recorded-gitlab.ts)
  });
  session = await openRealHostSession();
  // As the Add instance dialog does: add, then check (the host waits for the capability detection).
  const added = await session.bridge.profiles.addRemote({
    name: 'Shop GitLab',
    url: gitlab.url,
    token: TOKEN,
  });
  remoteId = added.id;
  expect(await session.bridge.profiles.check(remoteId)).toMatchObject({ ok: true, version: '18.6.0-ee' });
});

afterAll(async () => {
  await session?.host.close();
  await gitlab?.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
  return router;
}

/** REST alert requests (Outpost's extension paths, which GitLab does not have). */
const restAlertRequests = () => gitlab.seen.filter((request) => request.path.includes('alert_management'));
const graphqlRequests = () => gitlab.seen.filter((request) => request.path === '/api/graphql');

describe('Alerts on a GitLab profile (real host, recorded GitLab 18.6 EE)', () => {
  it('the host learned the instance on connect and keeps it in the profile', async () => {
    const remote = (await session.bridge.profiles.list()).find((profile) => profile.id === remoteId);
    expect(remote?.capabilities).toMatchObject({
      kind: 'gitlab',
      version: '18.6.0-ee',
      edition: 'ee',
      adminMode: 'token-lacks-admin_mode',
    });
    expect(JSON.stringify(remote)).not.toContain(TOKEN);
  });

  it('shows the alerts GitLab serves over GraphQL, and sends no REST alert request', async () => {
    await session.bridge.profiles.setActive(remoteId);
    renderAt(`/alerts/${PROJECT_ID}`);
    expect(await screen.findByText('Checkout latency above 2 s', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('alerts-unavailable')).toBeNull();
    expect(screen.getByText('Checkout')).toBeTruthy(); // the project itself was read from GitLab's REST API
    expect(await screen.findByTestId('status-count-triggered', {}, WAIT)).toHaveProperty('textContent', '1');
    expect(screen.getByRole('tab', { name: 'Integrations' })).toBeTruthy();
    // GitLab's alertManagementAlerts has no severity filter: the screen doesn't offer one there.
    expect(screen.queryByRole('combobox', { name: 'Severity' })).toBeNull();

    const graphql = graphqlRequests();
    expect(graphql.length).toBeGreaterThan(0);
    // The host sent the profile's token (the stand-in records it beside method and path).
    expect(
      graphql.every(
        (request) => request.method === 'POST' && (request as { token?: string }).token === TOKEN,
      ),
    ).toBe(true);
    expect(restAlertRequests()).toEqual([]);
    // Still none after a poll interval: the list polls GraphQL only.
    await new Promise((resolve) => setTimeout(resolve, ALERT_REFRESH_MS + 500));
    expect(restAlertRequests()).toEqual([]);
    expect(graphqlRequests().length).toBeGreaterThan(graphql.length);
  });

  it('stops polling once GitLab answers with errors', async () => {
    // What GitLab answers a query it refuses (graphql-ruby: HTTP 200 with `errors` and no data).
    gitlab.setAnswer('/api/graphql', {
      status: 200,
      body: { errors: [{ message: 'Internal server error' }] },
    });
    try {
      await session.bridge.profiles.setActive(remoteId);
      renderAt(`/alerts/${PROJECT_ID}`);
      expect(await screen.findByText('Couldn’t load alerts', {}, WAIT)).toBeTruthy();
      // One more try may be in flight (a retry button, a second query); then nothing more.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const asked = graphqlRequests().length;
      await new Promise((resolve) => setTimeout(resolve, ALERT_REFRESH_MS + 500));
      expect(graphqlRequests().length).toBe(asked);
      expect(restAlertRequests()).toEqual([]);
    } finally {
      gitlab.setAnswer('/api/graphql', { status: 200, body: GRAPHQL_ANSWER });
    }
  });

  it('a Reporter is told alerts need the Developer role, and no alert query is sent', async () => {
    // doc/api/projects.md: `permissions` of GET /projects/:id; Reporter is access level 20.
    gitlab.setAnswer(`/api/v4/projects/${PROJECT_ID}`, {
      status: 200,
      body: { ...PROJECT, permissions: { project_access: { access_level: 20 }, group_access: null } },
    });
    // A member who is not an administrator (`is_admin` false; lib/api/users.rb): the host learns it again.
    const fixture = (await loadRecordedGitLab()).loadFixture('gitlab-18.6-ee') as {
      answers: Record<string, { status: number; body: Record<string, unknown> }>;
    };
    const adminUser = fixture.answers['/api/v4/user']!;
    gitlab.setAnswer('/api/v4/user', {
      status: 200,
      body: { ...adminUser.body, username: 'reporter', is_admin: false },
    });
    try {
      await session.bridge.profiles.check(remoteId);
      await session.bridge.profiles.setActive(remoteId);
      const before = graphqlRequests().length;
      renderAt(`/alerts/${PROJECT_ID}`);
      const state = await screen.findByTestId('alerts-role-required', {}, WAIT);
      expect(state.textContent).toContain('Developer role');
      expect(graphqlRequests().length).toBe(before);
    } finally {
      gitlab.setAnswer(`/api/v4/projects/${PROJECT_ID}`, { status: 200, body: PROJECT });
      gitlab.setAnswer('/api/v4/user', adminUser);
      await session.bridge.profiles.check(remoteId);
    }
  });

  it('the switcher shows what Outpost knows of the instance, with the Admin Mode explanation', async () => {
    await session.bridge.profiles.setActive(remoteId);
    renderAt(`/alerts/${PROJECT_ID}`);
    fireEvent.click(await screen.findByTestId('profile-switcher', {}, WAIT));
    const line = await screen.findByTestId('instance-details-line', {}, WAIT);
    expect(line.textContent).toMatch(
      /^GitLab 18\.6 EE · administrator · Admin Mode: token lacks admin_mode · token (expires|expired) /,
    );
    expect(screen.getByTestId('instance-details').textContent).toContain('admin_mode scope');

    // On demand: the host asks the instance again (GET /version first), and the details stay.
    const asked = gitlab.seen.filter((request) => request.path === '/api/v4/version').length;
    fireEvent.click(screen.getByRole('menuitem', { name: 'Check this instance again' }));
    await waitFor(
      () =>
        expect(gitlab.seen.filter((request) => request.path === '/api/v4/version').length).toBeGreaterThan(
          asked,
        ),
      WAIT,
    );
    await waitFor(
      () => expect(screen.getByRole('menuitem', { name: 'Check this instance again' })).toBeTruthy(),
      WAIT,
    );
  });

  it('on the embedded instance the same screen shows the alert list', async () => {
    await session.bridge.profiles.setActive('embedded');
    const project = await session.api<{ id: number }>('POST', '/projects', { name: 'Embedded Alerts' });
    renderAt(`/alerts/${project.id}`);
    expect(await screen.findByRole('tab', { name: 'Integrations' }, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('alerts-unavailable')).toBeNull(), WAIT);
  });
});
