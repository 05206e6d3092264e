/**
 * Admin → Clusters on GitLab profiles (issue 26), end to end through the real browser host and stand-in
 * GitLab instances (real HTTP servers on loopback answering from recorded, doc-cited fixtures):
 * - GitLab 16.11 EE: `GET /admin/clusters` is paginated (lib/api/admin/instance_clusters.rb
 *   `present paginate(...)`, headers of doc/api/rest/index.md "Pagination"); every page is read.
 * - GitLab 18.6 EE: certificate-based clusters are disabled by default since 17.0
 *   (doc/user/infrastructure/clusters/index.md), and the endpoint answers 404 through
 *   `ensure_feature_enabled!`; the screen explains the GitLab agent for Kubernetes, asked once.
 */
import { screen, waitFor } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceCluster } from '../../../../test-utils/admin-fixtures.js';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import {
  loadRecordedGitLab,
  type RecordedGitLab,
  type RecordedGitLabModule,
} from '../../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { routes } from '../../../app/router.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-clusters-capabilities-0123';

/** One page of `GET /admin/clusters` with GitLab's pagination headers (doc/api/rest/index.md). */
function clusterPage(page: number, totalPages: number, items: unknown[], total: number) {
  return {
    status: 200,
    body: items,
    headers: {
      'x-page': String(page),
      'x-per-page': '2',
      'x-total': String(total),
      'x-total-pages': String(totalPages),
      'x-next-page': page < totalPages ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
    },
  };
}

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
  return { gitlab, profileId: added.id };
}

beforeAll(async () => {
  recorded = await loadRecordedGitLab();
  session = await openRealHostSession();
});

afterAll(async () => {
  await session?.host.close();
  await Promise.all(servers.map((server) => server.close()));
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
  return router;
}

describe('Admin → Clusters on GitLab (real host, recorded GitLab)', () => {
  it('reads every page of GET /admin/clusters on GitLab 16.11', async () => {
    const clusters = [1, 2, 3].map((id) =>
      instanceCluster({ id, name: `cluster-${id}`, environment_scope: `env-${id}` }),
    );
    const { gitlab, profileId } = await connect('gitlab-16.11-ee', 'Clusters 16.11', {
      '/api/v4/admin/clusters?page=1': clusterPage(1, 2, clusters.slice(0, 2), 3),
      '/api/v4/admin/clusters?page=2': clusterPage(2, 2, clusters.slice(2), 3),
    });
    await session.bridge.profiles.setActive(profileId);
    renderAt('/admin/clusters');
    await waitFor(() => expect(screen.getAllByTestId('cluster-row')).toHaveLength(3), WAIT);
    expect(screen.getByText('cluster-3')).toBeTruthy(); // the second page's row
    const asked = gitlab.seen.filter((request) => request.path === '/api/v4/admin/clusters');
    expect(asked.map((request) => new URLSearchParams(request.query).get('page'))).toEqual(['1', '2']);
    expect(new URLSearchParams(asked[0]!.query).get('per_page')).toBe('100');
    cleanup();
  });

  it('on GitLab 18.6 a 404 means certificate-based clusters are off: the agent is explained, asked once', async () => {
    const { gitlab, profileId } = await connect('gitlab-18.6-ee', 'Clusters 18.6');
    await session.bridge.profiles.setActive(profileId);
    const router = renderAt('/admin/clusters');
    const state = await screen.findByTestId('certificate-clusters-off', {}, WAIT);
    expect(state.textContent).toContain('Certificate-based clusters are turned off on GitLab 18.6');
    expect(state.textContent).toContain('GitLab agent for Kubernetes');
    expect(state.textContent).toContain('certificate_based_clusters');
    expect(screen.queryByText(/Couldn’t load clusters|404 Not Found$/)).toBeNull();
    const clusterRequests = () =>
      gitlab.seen.filter((request) => request.path === '/api/v4/admin/clusters').length;
    expect(clusterRequests()).toBe(1);

    // Leave the screen and come back: the answer is kept, GitLab is not asked again.
    await router.navigate('/admin/plan-limits');
    await waitFor(() => expect(screen.queryByTestId('certificate-clusters-off')).toBeNull(), WAIT);
    await router.navigate('/admin/clusters');
    await screen.findByTestId('certificate-clusters-off', {}, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(clusterRequests()).toBe(1);
    cleanup();
  });
});
