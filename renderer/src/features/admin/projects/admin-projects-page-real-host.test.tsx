/**
 * Admin → Projects against a real core behind the real browser host (issue 28): every project with its
 * shard and repository size; sorting by repository size asks the core for `order_by=repository_size`
 * (doc/api/projects.md "List all projects", administrators only) and shows the biggest repository first
 * (sizes made by pushing real histories of different lengths over smart HTTP); archiving from a row
 * archives the project in the core (`POST /projects/:id/archive`), checked through the v4 API.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushGeneratedHistory } from '../../../../test-utils/real-host.js';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { routes } from '../../../app/router.js';

const WAIT = { timeout: 20_000 };

interface ProjectJson {
  id: number;
  name: string;
  path_with_namespace: string;
  http_url_to_repo: string;
  archived: boolean;
}

let session: RealHostSession;
const projects: Record<'tiny' | 'mid' | 'huge', ProjectJson> = {} as never;

beforeAll(async () => {
  session = await openRealHostSession();
  const me = await session.api<{ id: number; username: string }>('GET', '/user');
  const { token } = await session.api<{ token: string }>('POST', `/users/${me.id}/personal_access_tokens`, {
    name: 'admin-projects-sizes',
    scopes: ['write_repository'],
  });
  await session.api('POST', '/groups', { name: 'Platform', path: 'platform' });
  for (const [name, commits] of [
    ['tiny', 0],
    ['huge', 400],
    ['mid', 40],
  ] as const) {
    const project = await session.api<ProjectJson>('POST', '/projects', {
      name,
      initialize_with_readme: true,
    });
    projects[name] = project;
    if (commits > 0) {
      await pushGeneratedHistory({
        repoUrl: project.http_url_to_repo,
        username: me.username,
        token,
        branch: 'history',
        from: 'main',
        count: commits,
      });
    }
  }
}, 120_000);

afterAll(async () => {
  await session?.host.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
  return router;
}

const rowNames = () => screen.getAllByTestId('admin-project-name').map((node) => node.textContent);

describe('Admin → Projects on the real browser host', () => {
  it('sorts by repository size on the server, biggest first, and shows each shard and size', async () => {
    renderAt('/admin/projects');
    await waitFor(() => expect(rowNames()).toEqual(expect.arrayContaining(['tiny', 'mid', 'huge'])), WAIT);
    const total = (await session.api<unknown[]>('GET', '/projects?per_page=100')).length;
    expect(screen.getByText(new RegExp(`^${total} projects on `))).toBeTruthy();
    expect(screen.getAllByTestId('admin-project-shard')[0]!.textContent).toBe('default');

    const header = screen.getByRole('columnheader', { name: /Repository/ });
    // TanStack Table picks the first direction; click until the column sorts descending.
    for (let i = 0; i < 3 && header.getAttribute('aria-sort') !== 'descending'; i += 1) {
      fireEvent.click(within(header).getByRole('button'));
    }
    expect(header.getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => {
      const names = rowNames();
      expect(names[0]).toBe('huge');
      expect(names.indexOf('mid')).toBeLessThan(names.indexOf('tiny'));
    }, WAIT);
    // The core agrees: the same order for order_by=repository_size, and the shown size is its number.
    const bySize = await session.api<Array<{ name: string; statistics: { repository_size: number } }>>(
      'GET',
      '/projects?order_by=repository_size&sort=desc&statistics=true&per_page=100',
    );
    expect(bySize[0]!.name).toBe('huge');
    const hugeRow = screen.getAllByTestId('admin-project-row')[0]!;
    expect(within(hugeRow).getByTestId('admin-project-repository-size').textContent).toMatch(
      /\d.*(B|KiB|MiB)$/,
    );
    expect(bySize[0]!.statistics.repository_size).toBeGreaterThan(
      bySize.find((project) => project.name === 'tiny')!.statistics.repository_size,
    );
  });

  it('archives a project from its row: the core has it archived and the row says so', async () => {
    renderAt('/admin/projects');
    const path = projects.tiny.path_with_namespace;
    fireEvent.click(await screen.findByRole('button', { name: `Archive ${path}` }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: `Archive ${path}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive project' }));
    await waitFor(async () => {
      expect((await session.api<ProjectJson>('GET', `/projects/${projects.tiny.id}`)).archived).toBe(true);
    }, WAIT);
    expect(await screen.findByRole('button', { name: `Unarchive ${path}` }, WAIT)).toBeTruthy();
    const row = screen
      .getAllByTestId('admin-project-row')
      .find((candidate) => within(candidate).queryByText(path) !== null)!;
    expect(within(row).getByTestId('archived-badge')).toBeTruthy();
  });

  it('searches on the server', async () => {
    renderAt('/admin/projects');
    await waitFor(() => expect(rowNames().length).toBeGreaterThanOrEqual(3), WAIT);
    fireEvent.change(screen.getByLabelText('Search projects'), { target: { value: 'hug' } });
    await waitFor(() => expect(rowNames()).toEqual(['huge']), WAIT);
    expect(screen.getByText(/^1 matching project on /)).toBeTruthy();
  });

  it('transfers a project to a group picked by a server-side search', async () => {
    renderAt('/admin/projects');
    const path = projects.mid.path_with_namespace;
    fireEvent.click(await screen.findByRole('button', { name: `Transfer ${path}` }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: `Transfer ${path}` });
    fireEvent.change(within(dialog).getByLabelText('New namespace'), { target: { value: 'plat' } });
    fireEvent.click(await screen.findByRole('option', { name: 'platform' }, WAIT));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer project' }));
    expect(await screen.findByText('Moved to platform/mid.', {}, WAIT)).toBeTruthy();
    expect((await session.api<ProjectJson>('GET', `/projects/${projects.mid.id}`)).path_with_namespace).toBe(
      'platform/mid',
    );
    await waitFor(() => expect(screen.getByText('platform/mid')).toBeTruthy(), WAIT);
  });

  it('deletes a project only once its path is typed; the embedded core removes it at once', async () => {
    renderAt('/admin/projects');
    const path = projects.tiny.path_with_namespace;
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${path}` }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${path}?` });
    const confirm = within(dialog).getByRole('button', { name: 'Yes, delete project' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(`Type ${path} to confirm`), { target: { value: path } });
    fireEvent.click(confirm);
    expect(await screen.findByText(`Deleted ${path}.`, {}, WAIT)).toBeTruthy();
    await expect(session.api('GET', `/projects/${projects.tiny.id}`)).rejects.toThrow(/404/);
    await waitFor(() => expect(rowNames()).not.toContain('tiny'), WAIT);
  });
});
