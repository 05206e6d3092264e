/**
 * The merge request review screen against a real core behind the real browser host (HTTP bridge,
 * launch secret, real SQLite and git): a draft is made ready and back, every field of the edit form is
 * saved and the core's errors are shown, and the Commits tab of a 301-commit merge request shows the
 * total and loads more pages until the last one.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushGeneratedHistory } from '../../../test-utils/real-host.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import type { MergeRequestDetail } from '../../api/merge-requests/types.js';
import { routes } from '../../app/router.js';
import { mergeRequestRoute } from './merge-request-paths.js';

const LONG_HISTORY = 301;
const WAIT = { timeout: 15_000 };

let session: RealHostSession;
let projectId: number;
let draftIid: number;
let editIid: number;
let longIid: number;
let reviewerId: number;
let otherId: number;
let milestoneId: number;

/** One v4 call through the real bridge; throws on a non-2xx answer. */
const api = <T,>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>) =>
  session.api<T>(method, path, body);

const readMr = (iid: number) =>
  api<MergeRequestDetail>('GET', `/projects/${projectId}/merge_requests/${iid}`);

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />, {
    bridge: session.bridge,
    withRouter: false,
  });
}

/** Open a Mantine select or multi-select by its label and click the option named `option`. */
async function choose(label: string, option: string) {
  const form = screen.getByTestId('mr-edit-form');
  const input =
    within(form).queryByRole('combobox', { name: label }) ??
    within(form).getByRole('textbox', { name: label });
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }, WAIT));
}

/** {@link choose} each `[label, option]` in turn. */
async function chooseAll(choices: [label: string, option: string][]) {
  for (const [label, option] of choices) await choose(label, option);
}

/**
 * The branch `long-history`: `count` real commits on top of main (each rewrites counter.txt, titled
 * "Commit n"), pushed over the core's smart HTTP in one push with a token made for it.
 */
async function pushLongHistory(count: number) {
  const project = await api<{ http_url_to_repo: string }>('GET', `/projects/${projectId}`);
  const me = await api<{ id: number; username: string }>('GET', '/user');
  const { token } = await api<{ token: string }>('POST', `/users/${me.id}/personal_access_tokens`, {
    name: 'long-history',
    scopes: ['write_repository'],
  });
  await pushGeneratedHistory({
    repoUrl: project.http_url_to_repo,
    username: me.username,
    token,
    branch: 'long-history',
    from: 'main',
    count,
  });
}

beforeAll(async () => {
  session = await openRealHostSession();

  projectId = (
    await api<{ id: number }>('POST', '/projects', { name: 'Review', initialize_with_readme: true })
  ).id;
  reviewerId = (
    await api<{ id: number }>('POST', '/users', {
      name: 'Dana Reviewer',
      username: 'dana',
      email: 'dana@example.com',
      password: 'correct-horse-battery-staple',
      skip_confirmation: true,
    })
  ).id;
  await api('POST', `/projects/${projectId}/members`, { user_id: reviewerId, access_level: 30 });
  otherId = (
    await api<{ id: number }>('POST', '/users', {
      name: 'Sam Other',
      username: 'sam',
      email: 'sam@example.com',
      password: 'correct-horse-battery-staple',
      skip_confirmation: true,
    })
  ).id;
  await api('POST', `/projects/${projectId}/members`, { user_id: otherId, access_level: 30 });
  await api('POST', `/projects/${projectId}/labels`, { name: 'bug', color: '#d9534f' });
  await api('POST', `/projects/${projectId}/labels`, { name: 'ui', color: '#428bca' });
  milestoneId = (await api<{ id: number }>('POST', `/projects/${projectId}/milestones`, { title: 'v1.0' }))
    .id;
  await api('POST', `/projects/${projectId}/repository/branches`, { branch: 'release', ref: 'main' });

  for (const branch of ['notes', 'edit-me']) {
    await api('POST', `/projects/${projectId}/repository/files/${branch}.md`, {
      branch,
      start_branch: 'main',
      content: `${branch}\n`,
      commit_message: `Add ${branch}`,
    });
  }
  draftIid = (
    await api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
      source_branch: 'notes',
      target_branch: 'main',
      title: 'Draft: Add notes',
    })
  ).iid;
  editIid = (
    await api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
      source_branch: 'edit-me',
      target_branch: 'main',
      title: 'Edit me',
      description: 'Before',
    })
  ).iid;

  await pushLongHistory(LONG_HISTORY);
  longIid = (
    await api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
      source_branch: 'long-history',
      target_branch: 'main',
      title: 'A long history',
    })
  ).iid;
}, 120_000);

afterAll(async () => {
  await session?.host.close();
});

describe('Merge request review screen on the real browser host', () => {
  it('marks a draft as ready (title prefix and banner go) and back as a draft', async () => {
    renderAt(mergeRequestRoute(projectId, draftIid));
    const title = await screen.findByTestId('mr-title', {}, WAIT);
    expect(title.textContent).toContain('Draft: Add notes');
    await waitFor(() => expect(screen.getByTestId('mr-merge-blocked').textContent).toMatch(/draft/i), WAIT);

    const draftCheck = screen.getByTestId('mr-check-draft');
    expect(draftCheck.getAttribute('data-status')).toBe('failed');
    expect(draftCheck.textContent).toMatch(/Mark as ready/);
    expect(screen.getByTestId('mr-check-pipeline').textContent).toMatch(/No pipeline/);

    fireEvent.click(screen.getByRole('button', { name: 'Mark as ready' }));
    await waitFor(() => expect(screen.getByTestId('mr-title').textContent).toMatch(/^Add notes/), WAIT);
    expect(screen.queryByText('Draft', { selector: '.mantine-Badge-label' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as ready' })).toBeNull();
    await waitFor(
      () => expect(screen.queryByTestId('mr-merge-blocked')?.textContent ?? '').not.toMatch(/draft/i),
      WAIT,
    );
    expect(screen.getByTestId('mr-check-draft').getAttribute('data-status')).toBe('passed');
    const ready = await readMr(draftIid);
    expect(ready.title).toBe('Add notes');
    expect(ready.draft ?? ready.work_in_progress).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as draft' }));
    await waitFor(
      () => expect(screen.getByTestId('mr-title').textContent).toMatch(/^Draft: Add notes/),
      WAIT,
    );
    expect(await screen.findByRole('button', { name: 'Mark as ready' })).toBeTruthy();
    expect((await readMr(draftIid)).title).toBe('Draft: Add notes');
  });

  it('edits title, description, labels, assignees, reviewers, milestone and target branch', async () => {
    renderAt(mergeRequestRoute(projectId, editIid));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, WAIT));
    const form = await screen.findByTestId('mr-edit-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Edited title' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'After **edit**' },
    });
    await chooseAll([
      ['Labels', 'bug'],
      ['Labels', 'ui'],
      ['Assignees', 'Dana Reviewer (@dana)'],
      ['Reviewers', 'Dana Reviewer (@dana)'],
      ['Milestone', 'v1.0'],
      ['Target branch', 'release'],
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByTestId('mr-edit-form')).toBeNull(), WAIT);
    await waitFor(() => expect(screen.getByTestId('mr-title').textContent).toMatch(/^Edited title/), WAIT);
    const saved = await readMr(editIid);
    expect(saved.title).toBe('Edited title');
    expect(saved.description).toBe('After **edit**');
    expect(saved.labels.map((label) => (typeof label === 'string' ? label : label.name)).sort()).toEqual([
      'bug',
      'ui',
    ]);
    expect(saved.assignees.map((user) => user.id)).toEqual([reviewerId]);
    expect(saved.reviewers.map((user) => user.id)).toEqual([reviewerId]);
    expect(saved.milestone?.id).toBe(milestoneId);
    expect(saved.target_branch).toBe('release');
    expect(screen.getAllByText('release').length).toBeGreaterThan(0);

    // Clearing: no labels, no milestone, back to main, another assignee.
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const again = await screen.findByTestId('mr-edit-form');
    expect(within(again).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Edited title');
    // A chosen option chosen again is removed.
    await chooseAll([
      ['Labels', 'bug'],
      ['Labels', 'ui'],
      ['Assignees', 'Dana Reviewer (@dana)'],
      ['Milestone', 'v1.0'],
      ['Assignees', 'Sam Other (@sam)'],
      ['Target branch', 'main'],
    ]);
    fireEvent.click(within(again).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByTestId('mr-edit-form')).toBeNull(), WAIT);
    const cleared = await readMr(editIid);
    expect(cleared.assignees.map((user) => user.id)).toEqual([otherId]);
    expect(cleared.target_branch).toBe('main');
    expect(cleared.reviewers.map((user) => user.id)).toEqual([reviewerId]);
    expect(cleared.labels).toEqual([]);
    expect(cleared.milestone).toBeNull();
    expect(cleared.title).toBe('Edited title');
  });

  it("shows the core's errors and keeps the form open with nothing saved", async () => {
    await api('POST', `/projects/${projectId}/repository/branches`, { branch: 'doomed', ref: 'main' });
    renderAt(mergeRequestRoute(projectId, editIid));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, WAIT));
    const form = await screen.findByTestId('mr-edit-form');
    const title = within(form).getByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(await within(form).findByText("Title can't be blank", {}, WAIT)).toBeTruthy();
    // Typing clears the stale error.
    fireEvent.change(title, { target: { value: 'Edited title' } });
    expect(within(form).queryByText("Title can't be blank")).toBeNull();

    await choose('Target branch', 'doomed');
    await api('DELETE', `/projects/${projectId}/repository/branches/doomed`);
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const alert = await within(form).findByTestId('mr-edit-error', {}, WAIT);
    expect(alert.textContent).toContain('Target branch "doomed" does not exist');
    expect(screen.getByTestId('mr-edit-form')).toBeTruthy();

    const unchanged = await readMr(editIid);
    expect(unchanged.title).toBe('Edited title');
    expect(unchanged.target_branch).toBe('main');
  });

  it('shows the total of a 301-commit merge request and loads more until the last commit', async () => {
    renderAt(mergeRequestRoute(projectId, longIid, 'commits'));
    const count = await screen.findByTestId('mr-commits-count', {}, WAIT);
    expect(count.textContent).toBe('301 commits');
    // Newest first: the row at index i is "Commit 301 − i" (jsdom has no layout, so which rows the
    // virtualiser keeps is not asserted).
    const first = screen.getAllByTestId('mr-commit-row')[0]!;
    const index = Number(first.dataset.index);
    expect(first.textContent).toContain(`Commit ${LONG_HISTORY - index}Test`);
    expect(within(first).getByTestId('mr-commit-link').getAttribute('href')).toMatch(
      new RegExp(`^/repository/${projectId}/commit/[0-9a-f]{40}$`),
    );
    expect(screen.getByTestId('mr-commits-loaded').textContent).toBe('Showing 100 of 301');

    fireEvent.click(screen.getByTestId('mr-commits-more'));
    await waitFor(
      () => expect(screen.getByTestId('mr-commits-loaded').textContent).toBe('Showing 200 of 301'),
      WAIT,
    );
    fireEvent.click(await screen.findByTestId('mr-commits-more', {}, WAIT));
    await waitFor(
      () => expect(screen.getByTestId('mr-commits-loaded').textContent).toBe('Showing 300 of 301'),
      WAIT,
    );
    fireEvent.click(await screen.findByTestId('mr-commits-more', {}, WAIT));
    await waitFor(() => expect(screen.queryByTestId('mr-commits-loaded')).toBeNull(), WAIT);
    expect(screen.queryByTestId('mr-commits-more')).toBeNull();
    // Four pages through the real host: a budget for a loaded machine, not a speed check.
  }, 120_000);
});
