/**
 * The Inbox on the real browser host (issue 29, "One inbox"): the embedded core (real SQLite and git)
 * and a stand-in GitLab 18.6 EE (recorded, doc-cited answers), plus a GitLab 13.7 whose lists answer 404 and
 * an instance that does not answer.
 * Items from both instances come in one list newest first, each with its instance and kind; each
 * instance is read within 3 requests (the stand-in's username comes from its capabilities: no extra
 * `GET /user`); the unreachable one is one calm line; no notification on the first load, one summary for
 * a new item found by the next round; "Mark as done" reaches the right instance; a row opens its merge
 * request on its instance.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { INBOX_REQUEST_BUDGET } from '../../api/inbox/plan.js';
import type { TodoItem } from '../../api/todos/types.js';
import { NAV_ITEMS } from '../../app/navigation.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 20_000 };
/** The embedded profile's name (the host's default). */
const EMBEDDED = 'Embedded instance';
const TOKEN = 'glpat-inbox-test-0123456789';
let session: RealHostSession;
let gitlab: RecordedGitLab;
/** A GitLab 13.7 (recorded 13.10 answers, `/version` 13.7.2-ee): no reviewer filter, and no list answers (404). */
let legacy: RecordedGitLab;
let projectId: number;
let productionId: string;

/**
 * A merge request as `GET /merge_requests` lists it (doc/api/merge_requests.md "List merge requests",
 * response example; fields the Inbox reads plus a few around them). The stand-in ignores the query, so
 * the same list answers both the review-request and the assigned reads: one row with both kinds.
 */
const PRODUCTION_MR = {
  id: 84,
  iid: 12,
  project_id: 3,
  title: 'Rotate the database credentials',
  description: 'Rotates them every 30 days.',
  state: 'opened',
  created_at: '2020-03-01T10:00:00.000Z',
  updated_at: '2020-03-02T10:00:00.000Z',
  target_branch: 'main',
  source_branch: 'rotate-credentials',
  author: {
    id: 7,
    username: 'ana',
    name: 'Ana Ops',
    state: 'active',
    web_url: 'https://gitlab.example.com/ana',
  },
  assignees: [{ id: 1, username: 'root', name: 'Administrator' }],
  reviewers: [{ id: 1, username: 'root', name: 'Administrator' }],
  draft: false,
  merge_status: 'can_be_merged',
  references: { short: '!12', relative: '!12', full: 'platform/infra!12' },
  web_url: 'https://gitlab.example.com/platform/infra/-/merge_requests/12',
};

/** A pending to-do as `GET /todos` lists it (doc/api/todos.md "Get a list of to-do items", response example). */
function productionTodo(createdAt: string) {
  return {
    id: 102,
    project: {
      id: 3,
      description: 'Infrastructure',
      name: 'infra',
      name_with_namespace: 'Platform / infra',
      path: 'infra',
      path_with_namespace: 'platform/infra',
    },
    author: {
      name: 'Ana Ops',
      username: 'ana',
      id: 7,
      state: 'active',
      web_url: 'https://gitlab.example.com/ana',
    },
    action_name: 'directly_addressed',
    target_type: 'MergeRequest',
    target: {
      id: 85,
      iid: 13,
      project_id: 3,
      title: 'Upgrade the runners to 18.6',
      state: 'opened',
      web_url: 'https://gitlab.example.com/platform/infra/-/merge_requests/13',
    },
    target_url: 'https://gitlab.example.com/platform/infra/-/merge_requests/13',
    body: '@root can you look at the runner upgrade?',
    state: 'pending',
    created_at: createdAt,
  };
}

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    cors: true,
  });
  session = await openRealHostSession();

  // The embedded core: two to-dos and one review request for its own user.
  const me = await session.api<{ id: number; username: string }>('GET', '/user');
  projectId = (
    await session.api<{ id: number }>('POST', '/projects', { name: 'Chores', initialize_with_readme: true })
  ).id;
  const iids: number[] = [];
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
      title: `Local ${branch}`,
      ...(branch === 'third' ? { reviewer_ids: [me.id] } : {}),
    });
    iids.push(mr.iid);
    if (branch !== 'third') await session.api('POST', `/projects/${projectId}/merge_requests/${mr.iid}/todo`);
  }
  const localTodos = await session.api<TodoItem[]>('GET', '/todos?state=pending');
  const newestLocal = Math.max(...localTodos.map((todo) => Date.parse(todo.created_at)));

  // The stand-in: its to-do is a minute newer than the core's (first in the list), its MR from 2020 (last).
  const productionTodoAnswer = productionTodo(new Date(newestLocal + 60_000).toISOString());
  gitlab.setAnswer('/api/v4/todos', {
    status: 200,
    body: [productionTodoAnswer],
    headers: { 'x-total': '1', 'x-page': '1', 'x-per-page': '50', 'x-total-pages': '1' },
  });
  gitlab.setAnswer('/api/v4/merge_requests', { status: 200, body: [PRODUCTION_MR] });
  gitlab.setAnswer('/api/v4/todos/102/mark_as_done', {
    status: 201,
    body: { ...productionTodoAnswer, state: 'done' },
  });

  const production = await session.bridge.profiles.addRemote({
    name: 'Production',
    url: gitlab.url,
    token: TOKEN,
  });
  await session.bridge.profiles.check(production.id);
  productionId = production.id;
  legacy = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-13.10-ee'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      '/api/v4/version': { status: 200, body: { version: '13.7.2-ee', revision: 'f1a2b3c4d5e' } },
    },
  });
  const legacyProfile = await session.bridge.profiles.addRemote({
    name: 'Legacy',
    url: legacy.url,
    token: TOKEN,
  });
  await session.bridge.profiles.check(legacyProfile.id);
  await session.bridge.profiles.addRemote({
    name: 'Disaster recovery',
    url: 'http://127.0.0.1:1' /* nothing listens on port 1 */,
    token: TOKEN,
  });
}, 90_000);

afterAll(async () => {
  await session?.host.close();
  await gitlab?.close();
  await legacy?.close();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
  return router;
}

const rows = () =>
  within(screen.getByTestId('inbox-list'))
    .getAllByTestId('inbox-row')
    .map((row) => [row.getAttribute('data-instance'), within(row).getByTestId('inbox-title').textContent]);

describe('Inbox on the real browser host', () => {
  it('lists both instances newest first within budget, marks done on the right instance, and opens an MR there', async () => {
    expect(NAV_ITEMS.find((item) => item.path === '/inbox')).toMatchObject({ label: 'Inbox', built: true });
    const userReadsBefore = gitlab.seen.filter((request) => request.path === '/api/v4/user').length;
    const seenBefore = gitlab.seen.length;
    const router = renderAt('/inbox');

    await waitFor(
      () =>
        expect(rows()).toEqual([
          ['Production', 'Upgrade the runners to 18.6'],
          [EMBEDDED, 'Local third'],
          [EMBEDDED, 'Local second'],
          [EMBEDDED, 'Local first'],
          ['Production', 'Rotate the database credentials'],
        ]),
      WAIT,
    );
    await waitFor(() => {
      const [first, localReview, , , last] = within(screen.getByTestId('inbox-list')).getAllByTestId(
        'inbox-row',
      ) as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
      expect(within(first).getByText('To-do')).toBeTruthy();
      expect(within(localReview).getByText('Review requested')).toBeTruthy();
      expect(within(last).getByText('Review requested')).toBeTruthy();
      expect(within(last).getByText('Assigned')).toBeTruthy();
    }, WAIT);
    const last = within(screen.getByTestId('inbox-list')).getAllByTestId('inbox-row').at(-1) as HTMLElement;
    expect(last.textContent).toContain('platform/infra!12 · Ana Ops');

    // The unreachable instance is one calm line, not an error wall.
    await waitFor(() => {
      const line = screen
        .getAllByTestId('inbox-instance-line')
        .find((candidate) => candidate.getAttribute('data-instance') === 'Disaster recovery');
      expect(line?.textContent).toMatch(/Not reachable right now/);
    }, WAIT);
    const calm = screen
      .getAllByTestId('inbox-instance-line')
      .filter((line) => /Not reachable/.test(line.textContent ?? ''));
    expect(calm).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();

    // One round against the stand-in: 3 requests, the username from its capabilities (no GET /user).
    const round = gitlab.seen.slice(seenBefore);
    expect(round.length).toBeLessThanOrEqual(INBOX_REQUEST_BUDGET);
    expect(gitlab.seen.filter((request) => request.path === '/api/v4/user').length).toBe(userReadsBefore);
    expect(round.map((request) => request.path).sort()).toEqual([
      '/api/v4/merge_requests',
      '/api/v4/merge_requests',
      '/api/v4/todos',
    ]);
    const queries = round.map((request) => new URLSearchParams(request.query));
    expect(queries.some((q) => q.get('reviewer_username') === 'root' && q.get('scope') === 'all')).toBe(true);
    expect(queries.some((q) => q.get('scope') === 'assigned_to_me' && q.get('state') === 'opened')).toBe(
      true,
    );
    expect(queries.some((q) => q.get('state') === 'pending')).toBe(true);

    // GitLab 13.7: review requests are not asked for (the filter arrived in 13.8), and lists it refused
    // with 404 are named once and not asked again, not even by Refresh (below).
    await waitFor(() => {
      const line = screen
        .getAllByTestId('inbox-instance-line')
        .find((candidate) => candidate.getAttribute('data-instance') === 'Legacy');
      expect(line?.textContent).toMatch(/GET \/todos answered 404; not asked again\./);
      expect(line?.textContent).toMatch(/GitLab 13\.7\.2-ee has no reviewer filter/);
    }, WAIT);
    const legacyLists = () =>
      legacy.seen.filter((request) => /^\/api\/v4\/(todos|merge_requests)/.test(request.path));
    expect(
      legacyLists()
        .map((request) => request.path)
        .sort(),
    ).toEqual(['/api/v4/merge_requests', '/api/v4/todos']);
    expect(legacyLists().some((request) => request.query.includes('reviewer_username'))).toBe(false);

    // The first load raised no notification; a new item found by the next round raises one summary.
    expect(screen.queryByText(/in your Inbox/)).toBeNull();
    await session.api('POST', `/projects/${projectId}/repository/files/fourth.md`, {
      branch: 'fourth',
      start_branch: 'main',
      content: 'fourth\n',
      commit_message: 'Add fourth',
    });
    const fourth = await session.api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
      source_branch: 'fourth',
      target_branch: 'main',
      title: 'Local fourth',
    });
    await session.api('POST', `/projects/${projectId}/merge_requests/${fourth.iid}/todo`);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // Second: the stand-in's to-do is dated a minute after the core's first to-dos.
    await waitFor(() => expect(rows()[1]).toEqual([EMBEDDED, 'Local fourth']), WAIT);
    await waitFor(() => expect(screen.getByText('New in your Inbox: To-do')).toBeTruthy(), WAIT);
    expect(screen.getAllByText(/in your Inbox/)).toHaveLength(1);
    expect(screen.getByText(`Local fourth · ${EMBEDDED}`)).toBeTruthy();
    expect(legacyLists()).toHaveLength(2);

    // Mark as done on Production reaches the stand-in, not the core.
    gitlab.setAnswer('/api/v4/todos', { status: 200, body: [], headers: { 'x-total': '0' } });
    fireEvent.click(
      screen.getByRole('button', { name: 'Mark “Upgrade the runners to 18.6” as done on Production' }),
    );
    await waitFor(
      () =>
        expect(
          gitlab.seen.some(
            (request) => request.method === 'POST' && request.path === '/api/v4/todos/102/mark_as_done',
          ),
        ).toBe(true),
      WAIT,
    );
    await waitFor(() => expect(rows()[0]).toEqual([EMBEDDED, 'Local fourth']), WAIT);
    expect((await session.api<TodoItem[]>('GET', '/todos?state=pending')).length).toBe(3);

    // Mark as done on Local reaches the core.
    fireEvent.click(screen.getByRole('button', { name: 'Mark “Local second” as done on Embedded instance' }));
    await waitFor(async () => {
      const pending = await session.api<TodoItem[]>('GET', '/todos?state=pending');
      expect(pending.map((todo) => todo.target?.title)).toEqual(['Local fourth', 'Local first']);
    }, WAIT);
    await waitFor(() => expect(rows().map(([, title]) => title)).not.toContain('Local second'), WAIT);
    expect(gitlab.seen.filter((request) => request.method === 'POST')).toHaveLength(1);

    // A Production row opens its merge request on Production.
    fireEvent.click(within(screen.getByTestId('inbox-list')).getByText('Rotate the database credentials'));
    await waitFor(async () => {
      const active = (await session.bridge.profiles.list()).find((profile) => profile.active);
      expect(active?.id).toBe(productionId);
    }, WAIT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/merge-requests/3/12'), WAIT);
  }, 60_000);
});
