/**
 * "Start a review" on the Changes tab, through the real browser host and the embedded core (draft notes,
 * doc/api/draft_notes.md; doc/user/project/merge_requests/reviews/index.md): a line comment kept as a
 * pending comment, a second one "Add to review", the review bar's count, then "Submit review" with a
 * summary publishes both threads and the summary, and the bar goes away.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../../app/router.js';
import { mergeRequestRoute } from './merge-request-paths.js';

const WAIT = { timeout: 20_000 };
let session: RealHostSession;
let projectId: number;
let iid: number;

beforeAll(async () => {
  session = await openRealHostSession();
  const project = await session.api<{ id: number }>('POST', '/projects', {
    name: 'Reviewed',
    initialize_with_readme: true,
  });
  projectId = project.id;
  await session.api('POST', `/projects/${projectId}/repository/commits`, {
    branch: 'review',
    start_branch: 'main',
    commit_message: 'Add app',
    actions: [{ action: 'create', file_path: 'app.ts', content: 'const a = 1;\nconst b = 2;\n' }],
  });
  iid = (
    await session.api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
      source_branch: 'review',
      target_branch: 'main',
      title: 'Review',
    })
  ).iid;
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

async function commentInReview(lineIndex: number, text: string, button: string) {
  const plus = await screen.findAllByTestId('mr-add-line-comment', {}, WAIT);
  fireEvent.click(plus[lineIndex]!);
  const form = await screen.findByTestId('mr-line-comment-form', {}, WAIT);
  fireEvent.change(within(form).getByRole('textbox'), { target: { value: text } });
  const add = await within(form).findByRole('button', { name: button }, WAIT);
  fireEvent.click(add);
  await waitFor(() => expect(screen.queryByTestId('mr-line-comment-form')).toBeNull(), WAIT);
}

describe('Reviews with pending comments (real host, embedded core)', () => {
  it('Start a review, Add to review, then Submit review with a summary', async () => {
    const router = createMemoryRouter(routes, {
      initialEntries: [mergeRequestRoute(projectId, iid, 'changes')],
    });
    renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });

    await commentInReview(0, 'First pending', 'Start a review');
    await waitFor(
      () => expect(screen.getByTestId('mr-review-pending').textContent).toBe('1 pending comment'),
      WAIT,
    );
    await commentInReview(1, 'Second pending', 'Add to review');
    await waitFor(
      () => expect(screen.getByTestId('mr-review-pending').textContent).toBe('2 pending comments'),
      WAIT,
    );
    // Nothing is published yet.
    const before = await session.api<{ notes: { body: string }[] }[]>(
      'GET',
      `/projects/${projectId}/merge_requests/${iid}/discussions`,
    );
    expect(before.flatMap((d) => d.notes.map((n) => n.body))).not.toContain('First pending');

    fireEvent.click(
      within(screen.getByTestId('mr-review-bar')).getByRole('button', { name: 'Submit review' }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Summary comment' }), {
      target: { value: 'Looks good' },
    });
    fireEvent.click(screen.getByTestId('mr-review-submit'));
    await waitFor(() => expect(screen.queryByTestId('mr-review-bar')).toBeNull(), WAIT);
    const after = await session.api<{ notes: { body: string; type: string | null }[] }[]>(
      'GET',
      `/projects/${projectId}/merge_requests/${iid}/discussions`,
    );
    const bodies = after.flatMap((d) => d.notes.map((n) => n.body));
    expect(bodies).toEqual(expect.arrayContaining(['First pending', 'Second pending', 'Looks good']));
    expect(after.find((d) => d.notes[0]!.body === 'First pending')!.notes[0]!.type).toBe('DiffNote');
  }, 90_000);
});
