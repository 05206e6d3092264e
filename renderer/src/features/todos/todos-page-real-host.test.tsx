/**
 * The To-do list against a real core behind the real browser host (issue 30, defect 1): "Add a to-do"
 * on merge requests (`POST …/merge_requests/:iid/todo`) fills `GET /todos` (doc/api/todos.md); the screen
 * lists them newest first with the pending count, links each to its merge request, and "Mark as done" /
 * "Mark all as done" change the core (checked through the v4 API). On the old code there was no screen,
 * no route and no `/todos` endpoint in the core.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import type { TodoItem } from '../../api/todos/types.js';
import { routes } from '../../app/router.js';
import { NAV_ITEMS } from '../../app/navigation.js';

const WAIT = { timeout: 15_000 };
let session: RealHostSession;
let projectId: number;
const iids: number[] = [];

beforeAll(async () => {
  session = await openRealHostSession();
  projectId = (
    await session.api<{ id: number }>('POST', '/projects', { name: 'Chores', initialize_with_readme: true })
  ).id;
  for (const branch of ['first', 'second', 'third']) {
    await session.api('POST', `/projects/${projectId}/repository/files/${branch}.md`, {
      branch,
      start_branch: 'main',
      content: `${branch}\n`,
      commit_message: `Add ${branch}`,
    });
    const mr = await session.api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
      source_branch: branch,
      target_branch: 'main',
      title: `Review ${branch}`,
    });
    iids.push(mr.iid);
    await session.api('POST', `/projects/${projectId}/merge_requests/${mr.iid}/todo`);
  }
}, 90_000);

afterAll(async () => {
  await session?.host.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
  return router;
}

const titles = () =>
  within(screen.getByTestId('todo-list'))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('To-do list on the real browser host', () => {
  it('is in the navbar and lists the to-dos newest first, each linking to its merge request', async () => {
    expect(NAV_ITEMS.find((item) => item.path === '/todos')).toMatchObject({
      label: 'To-do list',
      built: true,
    });
    const router = renderAt('/todos');
    await waitFor(() => expect(titles()).toEqual(['Review third', 'Review second', 'Review first']), WAIT);
    await waitFor(
      () => expect(screen.getByTestId('todo-pending-count').textContent).toMatch(/^3 pending to-dos on /),
      WAIT,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Review second' }));
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/merge-requests/${projectId}/${iids[1]}`),
      WAIT,
    );
  });

  it('marks one done, then all done, in the core', async () => {
    renderAt('/todos');
    await waitFor(() => expect(titles()).toHaveLength(3), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Mark “Review third” as done' }));
    await waitFor(() => expect(titles()).toEqual(['Review second', 'Review first']), WAIT);
    await waitFor(
      () => expect(screen.getByTestId('todo-pending-count').textContent).toMatch(/^2 pending to-dos/),
      WAIT,
    );
    const done = await session.api<TodoItem[]>('GET', '/todos?state=done');
    expect(done.map((t) => t.target?.iid)).toEqual([iids[2]]);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as done' }));
    expect(await screen.findByText('Nothing to do', {}, WAIT)).toBeTruthy();
    expect(await session.api<TodoItem[]>('GET', '/todos?state=pending')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Done' }));
    await waitFor(() => expect(titles()).toEqual(['Review third', 'Review second', 'Review first']), WAIT);
  });
});
