import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { FileTreePage } from './file-tree-page.js';
import { RepositoryLayout } from './repository-layout.js';

const commit = {
  id: '0123456789abcdef0123456789abcdef01234567',
  short_id: '01234567',
  title: 'Initial commit',
  message: 'Initial commit\n',
  parent_ids: [],
  author_name: 'Ada Lovelace',
  author_email: 'ada@example.com',
  authored_date: '2026-11-20T10:00:00Z',
  committer_name: 'Ada Lovelace',
  committer_email: 'ada@example.com',
  committed_date: '2026-11-20T10:00:00Z',
};

const entry = (name: string, type: 'tree' | 'blob', dir = '') => ({
  id: `${name}-id`,
  name,
  type,
  path: dir ? `${dir}/${name}` : name,
  mode: type === 'tree' ? '040000' : '100644',
});

const pageHeaders = { 'x-page': '1', 'x-per-page': '100', 'x-next-page': '' };

function repositoryBridge() {
  return createFakeBridge((req) => {
    if (req.path === '/projects/5')
      return jsonResponse(projectFixture({ id: 5, name: 'Demo', path: 'demo' }));
    if (req.path === '/projects/5/repository/tree') {
      const items =
        req.query?.path === 'src'
          ? [entry('main.ts', 'blob', 'src')]
          : [entry('b.txt', 'blob'), entry('src', 'tree'), entry('a.md', 'blob'), entry('docs', 'tree')];
      return jsonResponse(items, 200, pageHeaders);
    }
    if (req.path === '/projects/5/repository/commits/main') return jsonResponse(commit);
    if (req.path === '/projects/5/repository/branches')
      return jsonResponse(
        [{ name: 'main', default: true, protected: false, merged: false, commit }],
        200,
        pageHeaders,
      );
    if (req.path === '/projects/5/repository/tags') return jsonResponse([], 200, pageHeaders);
    return undefined;
  });
}

function renderTree(route: string) {
  const { bridge, requests } = repositoryBridge();
  const result = renderWithProviders(
    <Routes>
      <Route path="repository/:projectId" element={<RepositoryLayout />}>
        <Route path="tree/*" element={<FileTreePage />} />
      </Route>
    </Routes>,
    { bridge, profile: TEST_PROFILE, route },
  );
  return { ...result, requests };
}

describe('FileTreePage', () => {
  it('lists folders first, shows the last commit, and asks for the folder at the default branch', async () => {
    const { requests } = renderTree('/repository/5/tree');
    const rows = await screen.findAllByTestId('tree-row');
    expect(rows.map((row) => row.textContent)).toEqual(['docs', 'src', 'a.md', 'b.txt']);
    expect(await screen.findByText('Initial commit')).toBeTruthy();
    expect(within(screen.getByTestId('last-commit')).getByText('01234567')).toBeTruthy();
    expect(requests.find((req) => req.path === '/projects/5/repository/tree')).toMatchObject({
      query: { ref: 'main', per_page: 100, page: 1 },
    });
  });

  it('filters the folder after `t` and clears the filter in another folder', async () => {
    renderTree('/repository/5/tree');
    await screen.findAllByTestId('tree-row');
    const filter = screen.getByRole('textbox', { name: 'Filter files' });
    fireEvent.keyDown(document.documentElement, { key: 't', code: 'KeyT' });
    await waitFor(() => expect(document.activeElement).toBe(filter));
    fireEvent.change(filter, { target: { value: 'S' } });
    expect(screen.getAllByTestId('tree-row').map((row) => row.textContent)).toEqual(['docs', 'src']);

    fireEvent.click(screen.getByRole('link', { name: 'src' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('tree-row').map((row) => row.textContent)).toEqual(['main.ts']),
    );
    expect((screen.getByRole('textbox', { name: 'Filter files' }) as HTMLInputElement).value).toBe('');
    expect(within(screen.getByTestId('path-breadcrumbs')).getByText('src')).toBeTruthy();
  });
});
