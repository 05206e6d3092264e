/**
 * On GitLab 15.4 (before the Draft Notes API's full set, 16.0; doc/api/draft_notes.md) the line-comment
 * form offers "Start a thread" and "Insert suggestion" but no "Start a review", and the screen never asks
 * for `…/draft_notes` (FeatureId `merge-request-draft-notes`). The stand-in answers from the recorded
 * 15.4 fixture plus the merge request below (doc/api/merge_requests.md; the shared, schema-validated
 * test-utils/recorded-merge-request.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { recordedMergeRequest } from '../../../test-utils/recorded-merge-request.js';
import { recordedProject } from '../../../test-utils/recorded-project.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { routes } from '../../app/router.js';
import { mergeRequestRoute } from './merge-request-paths.js';

const WAIT = { timeout: 20_000 };
const TOKEN = 'glpat-review-buttons-test-000000123';
const PROJECT_ID = 42;
const IID = 7;
const MR_PATH = `/api/v4/projects/${PROJECT_ID}/merge_requests/${IID}`;
const HEAD_SHA = '1f3c2e4d5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d';
const BASE_SHA = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567';

/** `GET /projects/:id` (doc/api/projects.md), the fields the layout reads. */
const PROJECT = recordedProject(PROJECT_ID);

/**
 * `GET /projects/:id/merge_requests/:iid` (doc/api/merge_requests.md "Get single MR"), with `extra`: the
 * recorded merge request (test-utils/recorded-merge-request.ts, head HEAD_SHA on base BASE_SHA), two files.
 */
function mergeRequest(extra: Record<string, unknown> = {}) {
  return recordedMergeRequest(PROJECT_ID, IID, { changes_count: '2', ...extra });
}

/** `GET …/versions` (doc/api/merge_requests.md "Get merge request diff versions"). */
const versions = (state: string, realSize: string) => [
  {
    id: 110,
    head_commit_sha: HEAD_SHA,
    base_commit_sha: BASE_SHA,
    start_commit_sha: BASE_SHA,
    created_at: '2025-11-27T10:00:00.000Z',
    merge_request_id: 1007,
    state,
    real_size: realSize,
  },
];

/** A file of `…/changes` (13.x–15.x Entities::Diff). */
const change = (path: string, diff: string) => ({
  old_path: path,
  new_path: path,
  a_mode: '100644',
  b_mode: '100644',
  diff,
  new_file: false,
  renamed_file: false,
  deleted_file: false,
});

let session: RealHostSession;
let gitlab15: RecordedGitLab;

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab15 = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-15.4-ce'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      [`/api/v4/projects/${PROJECT_ID}`]: { status: 200, body: PROJECT },
      [`${MR_PATH}/discussions`]: { status: 200, body: [] },
      [MR_PATH]: { status: 200, body: mergeRequest({ changes_count: '1' }) },
      [`${MR_PATH}/versions`]: { status: 200, body: versions('collected', '1') },
      [`${MR_PATH}/changes`]: {
        status: 200,
        body: {
          ...mergeRequest({ changes_count: '1' }),
          changes: [change('app/checkout.rb', '@@ -1 +1 @@\n-slow\n+fast\n')],
        },
      },
    },
  });
  session = await openRealHostSession();
  const added = await session.bridge.profiles.addRemote({
    name: 'Old GitLab',
    url: gitlab15.url,
    token: TOKEN,
  });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true, version: '15.4.6' });
  await session.bridge.profiles.setActive(added.id);
}, 60_000);

afterAll(async () => {
  await session?.host.close();
  await gitlab15?.close();
});

describe('Review buttons on an instance without draft notes (GitLab 15.4, real host)', () => {
  it('offers Start a thread and Insert suggestion, not Start a review; never reads draft_notes', async () => {
    const router = createMemoryRouter(routes, {
      initialEntries: [mergeRequestRoute(PROJECT_ID, IID, 'changes')],
    });
    renderWithProviders(<RouterProvider router={router} />, { bridge: session.bridge, withRouter: false });
    const plus = await screen.findAllByTestId('mr-add-line-comment', {}, WAIT);
    fireEvent.click(plus[plus.length - 1]!);
    const form = await screen.findByTestId('mr-line-comment-form', {}, WAIT);
    expect(within(form).getByRole('button', { name: 'Start a thread' })).toBeTruthy();
    expect(within(form).getByTestId('mr-insert-suggestion')).toBeTruthy();
    expect(within(form).queryByTestId('mr-add-to-review')).toBeNull();
    expect(screen.queryByTestId('mr-review-bar')).toBeNull();
    expect(gitlab15.seen.some((r) => r.path.includes('/draft_notes'))).toBe(false);
  }, 60_000);
});
