/**
 * Suggested changes on the Changes tab, through the real browser host and the embedded core
 * (doc/user/project/merge_requests/reviews/suggestions.md; doc/api/suggestions.md):
 * - a DiffNote with a ```suggestion block draws the line it replaces struck through and the new line,
 *   with "Apply suggestion" and "Add to batch"; applying writes the commit (the file on the source
 *   branch changes) and the block then says "Applied";
 * - two suggestions added to the batch are applied as one commit with "Apply 2 suggestions";
 * - the line-comment form's "Insert suggestion" puts a ```suggestion block with the line's content in
 *   the comment box.
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

type Refs = { base_sha: string; start_sha: string; head_sha: string };

beforeAll(async () => {
  session = await openRealHostSession();
  const project = await session.api<{ id: number }>('POST', '/projects', {
    name: 'Suggested',
    initialize_with_readme: true,
  });
  projectId = project.id;
  await session.api('POST', `/projects/${projectId}/repository/commits`, {
    branch: 'review',
    start_branch: 'main',
    commit_message: 'Add app',
    actions: [
      { action: 'create', file_path: 'app.ts', content: 'const a = 1;\nconst b = 2;\nconst c = 3;\n' },
    ],
  });
  const mr = await session.api<{ iid: number }>('POST', `/projects/${projectId}/merge_requests`, {
    source_branch: 'review',
    target_branch: 'main',
    title: 'Suggest',
  });
  iid = mr.iid;
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

async function suggest(line: number, text: string) {
  const mr = await session.api<{ diff_refs: Refs }>('GET', `/projects/${projectId}/merge_requests/${iid}`);
  await session.api('POST', `/projects/${projectId}/merge_requests/${iid}/discussions`, {
    body: `Please:\n\`\`\`suggestion\n${text}\n\`\`\``,
    position: {
      ...mr.diff_refs,
      position_type: 'text',
      new_path: 'app.ts',
      old_path: 'app.ts',
      new_line: line,
    },
  });
}

const fileOnReview = async () => {
  const f = await session.api<{ content: string }>(
    'GET',
    `/projects/${projectId}/repository/files/app.ts?ref=review`,
  );
  return Buffer.from(f.content, 'base64').toString('utf8');
};

function renderChanges() {
  const router = createMemoryRouter(routes, {
    initialEntries: [mergeRequestRoute(projectId, iid, 'changes')],
  });
  renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
}

describe('Suggestions on the Changes tab (real host, embedded core)', () => {
  it('draws a suggestion as a change (old line struck, new line) and applies it', async () => {
    await suggest(1, 'const a = 10;');
    renderChanges();
    const block = await screen.findByTestId('mr-suggestion', {}, WAIT);
    expect(within(block).getByTestId('mr-suggestion-old').textContent).toContain('const a = 1;');
    expect(within(block).getByTestId('mr-suggestion-old').querySelector('del')).not.toBeNull();
    expect(within(block).getByTestId('mr-suggestion-new').textContent).toContain('const a = 10;');
    fireEvent.click(within(block).getByRole('button', { name: 'Apply suggestion' }));
    await waitFor(
      () => expect(within(screen.getByTestId('mr-suggestion')).getByText('Applied')).toBeTruthy(),
      WAIT,
    );
    expect(await fileOnReview()).toBe('const a = 10;\nconst b = 2;\nconst c = 3;\n');
  }, 60_000);

  it('"Add to batch" twice, then "Apply 2 suggestions": one commit', async () => {
    await suggest(2, 'const b = 20;');
    await suggest(3, 'const c = 30;');
    const before = await session.api<{ id: string }>(
      'GET',
      `/projects/${projectId}/repository/commits/review`,
    );
    renderChanges();
    await waitFor(
      () => expect(screen.getAllByRole('button', { name: 'Add to batch' })).toHaveLength(2),
      WAIT,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Add to batch' })[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to batch' }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Apply 2 suggestions' }))[0]!);
    await waitFor(() => expect(screen.getAllByText('Applied')).toHaveLength(3), WAIT);
    expect(await fileOnReview()).toBe('const a = 10;\nconst b = 20;\nconst c = 30;\n');
    const head = await session.api<{ parent_ids: string[] }>(
      'GET',
      `/projects/${projectId}/repository/commits/review`,
    );
    expect(head.parent_ids).toEqual([before.id]);
  }, 60_000);

  it('"Insert suggestion" fills the comment box with the line in a suggestion block', async () => {
    renderChanges();
    const plus = await screen.findAllByTestId('mr-add-line-comment', {}, WAIT);
    fireEvent.click(plus[plus.length - 1]!);
    fireEvent.click(await screen.findByTestId('mr-insert-suggestion', {}, WAIT));
    const box = within(screen.getByTestId('mr-line-comment-form')).getByRole('textbox');
    expect((box as HTMLTextAreaElement).value).toBe('```suggestion\nconst c = 30;\n```\n');
  }, 60_000);
});
