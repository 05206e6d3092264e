import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { ProjectListPage } from './project-list-page.js';

const pageHeaders = (total: number, page = 1, perPage = 20) => ({
  'x-total': String(total),
  'x-total-pages': String(Math.max(1, Math.ceil(total / perPage))),
  'x-page': String(page),
  'x-per-page': String(perPage),
  'x-next-page': page * perPage < total ? String(page + 1) : '',
  'x-prev-page': page > 1 ? String(page - 1) : '',
});

describe('ProjectListPage', () => {
  it('lists projects with their namespace, visibility, default branch and import status', async () => {
    const projects = [
      projectFixture({ id: 1, name: 'Alpha', path: 'alpha', description: 'First one', visibility: 'public' }),
      projectFixture({
        id: 2,
        name: 'Beta',
        path: 'beta',
        default_branch: null,
        empty_repo: true,
        import_status: 'finished',
      }),
    ];
    const { bridge, requests } = createFakeBridge((req) =>
      req.path === '/projects' ? jsonResponse(projects, 200, pageHeaders(2)) : undefined,
    );
    renderWithProviders(<ProjectListPage />, { bridge, profile: TEST_PROFILE });

    const rows = await screen.findAllByTestId('project-row');
    expect(rows).toHaveLength(2);
    const [alpha, beta] = rows as [HTMLElement, HTMLElement];
    expect(within(alpha).getByText('Alpha')).toBeTruthy();
    expect(within(alpha).getByText('root/alpha')).toBeTruthy();
    expect(within(alpha).getByText('First one')).toBeTruthy();
    expect(within(alpha).getByText('Public')).toBeTruthy();
    expect(within(alpha).getByText('main')).toBeTruthy();
    expect(within(beta).getByText('Empty')).toBeTruthy();
    expect(within(beta).getByText('Imported')).toBeTruthy();
    // Everything fits on one small page: no pager footer.
    expect(screen.queryByTestId('project-range')).toBeNull();
    expect(screen.getByText('2 projects on Local instance')).toBeTruthy();
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/projects',
      profileId: 'embedded',
      query: { page: 1, per_page: 20, order_by: 'last_activity_at', sort: 'desc' },
    });
  });

  it('searches after typing stops and starts again at page 1', async () => {
    const { bridge, requests } = createFakeBridge((req) => {
      if (req.path !== '/projects') return undefined;
      const items = req.query?.search === 'alp' ? [projectFixture({ name: 'Alpha', path: 'alpha' })] : [];
      return jsonResponse(items, 200, pageHeaders(items.length));
    });
    renderWithProviders(<ProjectListPage />, { bridge, profile: TEST_PROFILE });
    await screen.findByText('No projects yet');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search projects' }), { target: { value: ' alp' } });
    await screen.findByText('Alpha');
    const last = requests.at(-1);
    expect(last?.query).toMatchObject({ search: 'alp', page: 1 });
    // Debounced: no request per keystroke with a partial term.
    expect(requests.filter((req) => req.query?.search === ' alp')).toHaveLength(0);
  });

  it('says when a search matches nothing, and clears it', async () => {
    const { bridge } = createFakeBridge((req) =>
      req.path === '/projects'
        ? req.query?.search
          ? jsonResponse([], 200, pageHeaders(0))
          : jsonResponse([projectFixture()], 200, pageHeaders(1))
        : undefined,
    );
    renderWithProviders(<ProjectListPage />, { bridge, profile: TEST_PROFILE });
    await screen.findAllByTestId('project-row');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search projects' }), { target: { value: 'zzz' } });
    await screen.findByText('No projects match “zzz”');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findAllByTestId('project-row');
  });

  it('shows the instance error and retries', async () => {
    let fail = true;
    const { bridge } = createFakeBridge((req) => {
      if (req.path !== '/projects') return undefined;
      return fail
        ? jsonResponse({ message: '500 Internal Server Error' }, 500)
        : jsonResponse([projectFixture({ name: 'Recovered' })], 200, pageHeaders(1));
    });
    renderWithProviders(<ProjectListPage />, { bridge, profile: TEST_PROFILE });
    await screen.findByText('Couldn’t load projects');
    expect(screen.getByText('The server ran into an internal error.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Recovered');
  });

  it('pages with the pager driven by the headers', async () => {
    const { bridge, requests } = createFakeBridge((req) => {
      if (req.path !== '/projects') return undefined;
      const page = Number(req.query?.page ?? 1);
      const items = Array.from({ length: page === 3 ? 5 : 20 }, (_, index) =>
        projectFixture({ id: (page - 1) * 20 + index + 1 }),
      );
      return jsonResponse(items, 200, pageHeaders(45, page));
    });
    renderWithProviders(<ProjectListPage />, { bridge, profile: TEST_PROFILE });
    await screen.findByText('1–20 of 45');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('41–45 of 45');
    expect(requests.at(-1)?.query).toMatchObject({ page: 3 });
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(5));
  });
});
