/**
 * Admin → Projects on a GitLab profile (issue 28), through the real browser host and the recorded GitLab
 * 18.6 EE stand-in (electron/host/capabilities/fixtures/gitlab-18.6-ee.json, an administrator) with one
 * `GET /projects` answer written from doc/api/projects.md "List all projects" (administrators get
 * `repository_storage` and, with `statistics=true`, `statistics`; above 10,000 rows GitLab leaves
 * `x-total` out, doc/api/rest/index.md "Pagination"): the screen asks for statistics, says "count
 * unavailable" without a total, sorts by size through GitLab's `order_by=repository_size`, and sends 2
 * requests on first view.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { createQueryClient } from '../../../app/query-client.js';
import { routes } from '../../../app/router.js';

const WAIT = { timeout: 20_000 };
const TOKEN = 'glpat-admin-projects-gitlab-0123';
const HOST_CHECKS = new Set(['/api/v4/version', '/api/v4/metadata', '/api/v4/personal_access_tokens/self']);

/** A project as GitLab 18.6 lists it to an administrator with `statistics=true` (doc/api/projects.md). */
function project(id: number, name: string, repositorySize: number, storage: string) {
  return {
    id,
    name,
    name_with_namespace: `Shop / ${name}`,
    path: name,
    path_with_namespace: `shop/${name}`,
    description: null,
    default_branch: 'main',
    visibility: 'private',
    created_at: '2025-01-10T10:00:00.000Z',
    last_activity_at: '2025-11-27T10:00:00.000Z',
    archived: false,
    empty_repo: false,
    web_url: `https://gitlab.example.com/shop/${name}`,
    http_url_to_repo: `https://gitlab.example.com/shop/${name}.git`,
    ssh_url_to_repo: `git@gitlab.example.com:shop/${name}.git`,
    topics: [],
    tag_list: [],
    namespace: { id: 3, name: 'Shop', path: 'shop', kind: 'group', full_path: 'shop', parent_id: null },
    repository_storage: storage,
    statistics: {
      commit_count: 12,
      storage_size: repositorySize + 1024,
      repository_size: repositorySize,
      wiki_size: 0,
      lfs_objects_size: 1024,
      job_artifacts_size: 0,
      pipeline_artifacts_size: 0,
      packages_size: 0,
      snippets_size: 0,
      uploads_size: 0,
      container_registry_size: 0,
    },
  };
}

let session: RealHostSession;
let gitlab: RecordedGitLab;

beforeAll(async () => {
  session = await openRealHostSession();
  const recorded = await loadRecordedGitLab();
  gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    extraAnswers: {
      '/api/v4/projects': {
        status: 200,
        body: [project(42, 'checkout', 3 * 1024 * 1024, 'default'), project(43, 'catalog', 2048, 'gitaly-2')],
        // Above 10,000 projects GitLab sends no x-total / x-total-pages, only the neighbours.
        headers: { 'x-page': '1', 'x-per-page': '20', 'x-next-page': '2', 'x-prev-page': '' },
      },
    },
    cors: true, // the host runs inside happy-dom here (see recorded-gitlab.ts)
  });
  const added = await session.bridge.profiles.addRemote({ name: 'GitLab EE', url: gitlab.url, token: TOKEN });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true });
  await session.bridge.profiles.setActive(added.id);
});

afterAll(async () => {
  await session?.host.close();
  await gitlab?.close();
});

describe('Admin → Projects on GitLab 18.6 EE (recorded stand-in)', () => {
  it('asks for statistics, says "count unavailable", and sorts by size through order_by', async () => {
    gitlab.seen.length = 0;
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/projects'] });
    renderWithProviders(<RouterProvider router={router} />, {
      bridge: session.bridge,
      withRouter: false,
      queryClient: createQueryClient(),
    });
    await waitFor(() => expect(screen.getAllByTestId('admin-project-row')).toHaveLength(2), WAIT);
    expect(screen.getByText('Projects on GitLab EE (count unavailable)')).toBeTruthy();
    const first = screen.getAllByTestId('admin-project-row')[0]!;
    expect(within(first).getByTestId('admin-project-repository-size').textContent).toBe('3 MiB');
    expect(
      within(screen.getAllByTestId('admin-project-row')[1]!).getByTestId('admin-project-shard').textContent,
    ).toBe('gitaly-2');

    const lists = () => gitlab.seen.filter((request) => request.path === '/api/v4/projects');
    const firstQuery = new URLSearchParams(lists()[0]!.query);
    expect(firstQuery.get('statistics')).toBe('true');
    expect(firstQuery.get('order_by')).toBe('last_activity_at');
    expect(firstQuery.get('sort')).toBe('desc');
    // Measured: the admin check and one page of projects.
    expect(
      gitlab.seen
        .filter((request) => !HOST_CHECKS.has(request.path))
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/api/v4/projects', '/api/v4/user']);

    const header = screen.getByRole('columnheader', { name: /Repository/ });
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lists()).toHaveLength(2), WAIT);
    const sorted = new URLSearchParams(lists()[1]!.query);
    expect(sorted.get('order_by')).toBe('repository_size');
    expect(sorted.get('sort')).toBe('desc');
    expect(sorted.get('page')).toBe('1');
    cleanup();
  });
});
