/**
 * The Changes tab's file tree against a real core behind the real browser host (issue 30, defects 4 and
 * 6). The core sends the diffs in path order (`a.txt`, `z/b.txt`) while the tree lists folders first
 * (`z/`, `b.txt`, `a.txt`): the diffs now follow the tree (GitLab's order, Gitlab::Diff::FileCollectionSorter).
 * Clicking a collapsed file in the tree opens and highlights its diff. The counts sit in their own
 * never-shrinking cell (`white-space: nowrap`) inside a plain scroller, not Mantine's ScrollArea whose
 * `display: table` content pushed them out of the panel; widths themselves are measured in e2e/.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../../app/router.js';
import { mergeRequestRoute } from './merge-request-paths.js';

const WAIT = { timeout: 15_000 };
let session: RealHostSession;
let projectId: number;
let iid: number;

beforeAll(async () => {
  session = await openRealHostSession();
  projectId = (
    await session.api<{ id: number }>('POST', '/projects', {
      name: 'Tree order',
      initialize_with_readme: true,
    })
  ).id;
  await session.api('POST', `/projects/${projectId}/repository/commits`, {
    branch: 'feature',
    start_branch: 'main',
    commit_message: 'Add files at the root and in a folder',
    actions: [
      { action: 'create', file_path: 'a.txt', content: 'root file\n' },
      {
        action: 'create',
        file_path: 'z/b.txt',
        content: Array.from({ length: 450 }, (_, i) => `line ${i}`).join('\n') + '\n',
      },
    ],
  });
  iid = (
    await session.api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Tree order',
    })
  ).iid;
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

function renderChanges() {
  const router = createMemoryRouter(routes, {
    initialEntries: [mergeRequestRoute(projectId, iid, 'changes')],
  });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
}

const diffPaths = () => screen.getAllByTestId('mr-file-diff').map((el) => el.getAttribute('data-path'));

describe('MR Changes file tree on the real browser host', () => {
  it('lists the diffs in the tree’s order, folders first', async () => {
    const inCore = await session.api<{ new_path: string }[]>(
      'GET',
      `/projects/${projectId}/merge_requests/${iid}/diffs`,
    );
    expect(inCore.map((d) => d.new_path)).toEqual(['a.txt', 'z/b.txt']);
    renderChanges();
    const tree = await screen.findByTestId('mr-file-tree', {}, WAIT);
    await waitFor(() => expect(diffPaths()).toEqual(['z/b.txt', 'a.txt']), WAIT);
    expect(
      within(tree)
        .getAllByTestId('mr-file-tree-item')
        .map((el) => el.textContent),
    ).toEqual([expect.stringMatching(/^b\.txt\+450/), expect.stringMatching(/^a\.txt\+1/)]);
  });

  it('opens and highlights a collapsed file picked in the tree; the counts never shrink', async () => {
    renderChanges();
    const tree = await screen.findByTestId('mr-file-tree', {}, WAIT);
    await waitFor(() => expect(diffPaths()).toEqual(['z/b.txt', 'a.txt']), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse a.txt' }));
    const block = () => screen.getAllByTestId('mr-file-diff').find((el) => el.dataset.path === 'a.txt')!;
    await waitFor(() => expect(block().dataset.open).toBe('false'));

    const item = within(tree)
      .getAllByTestId('mr-file-tree-item')
      .find((el) => el.textContent?.startsWith('a.txt'))!;
    fireEvent.click(item);
    await waitFor(() => expect(block().dataset.open).toBe('true'), WAIT);
    expect(block().closest('[data-testid="mr-file-block"]')?.getAttribute('data-picked')).toBe('true');
    expect(item.getAttribute('aria-current')).toBe('true');

    expect(tree.querySelector('.mantine-ScrollArea-root')).toBeNull();
    for (const stat of within(tree).getAllByTestId('mr-file-tree-stat')) {
      expect(stat.style.whiteSpace).toBe('nowrap');
      expect((stat.parentElement as HTMLElement).style.flex).toMatch(/^(none|0 0 auto)$/);
    }
  });
});
