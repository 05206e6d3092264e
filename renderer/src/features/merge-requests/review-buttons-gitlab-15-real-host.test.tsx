/**
 * On GitLab 15.4 (before the Draft Notes API's full set, 16.0; doc/api/draft_notes.md) the line-comment
 * form offers "Start a thread" and "Insert suggestion" but no "Start a review", and the screen never asks
 * for `…/draft_notes` (FeatureId `merge-request-draft-notes`). The stand-in answers from the recorded
 * 15.4 fixture plus the merge request below (doc/api/merge_requests.md; fields as in
 * merge-request-diffs-real-host.test.tsx).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
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

const author = {
  id: 5,
  username: 'dana',
  name: 'Dana',
  state: 'active',
  avatar_url: null,
  web_url: 'https://gitlab.example.com/dana',
};

/** `GET /projects/:id/merge_requests/:iid` (doc/api/merge_requests.md "Get single MR"), with `extra`. */
function mergeRequest(extra: Record<string, unknown> = {}) {
  return {
    id: 1007,
    iid: IID,
    project_id: PROJECT_ID,
    title: 'Faster checkout',
    description: 'Speeds up the checkout.',
    state: 'opened',
    created_at: '2025-11-20T10:00:00.000Z',
    updated_at: '2025-11-27T10:00:00.000Z',
    merged_by: null,
    merged_at: null,
    closed_by: null,
    closed_at: null,
    target_branch: 'main',
    source_branch: 'faster-checkout',
    user_notes_count: 0,
    upvotes: 0,
    downvotes: 0,
    author,
    assignees: [],
    assignee: null,
    reviewers: [],
    source_project_id: PROJECT_ID,
    target_project_id: PROJECT_ID,
    labels: [],
    work_in_progress: false,
    milestone: null,
    merge_when_pipeline_succeeds: false,
    merge_status: 'can_be_merged',
    sha: HEAD_SHA,
    merge_commit_sha: null,
    squash_commit_sha: null,
    discussion_locked: null,
    should_remove_source_branch: null,
    force_remove_source_branch: true,
    reference: `!${IID}`,
    references: { short: `!${IID}`, relative: `!${IID}`, full: `shop/checkout!${IID}` },
    web_url: `https://gitlab.example.com/shop/checkout/-/merge_requests/${IID}`,
    time_stats: {
      time_estimate: 0,
      total_time_spent: 0,
      human_time_estimate: null,
      human_total_time_spent: null,
    },
    squash: false,
    task_completion_status: { count: 0, completed_count: 0 },
    has_conflicts: false,
    blocking_discussions_resolved: true,
    subscribed: false,
    changes_count: '2',
    latest_build_started_at: null,
    latest_build_finished_at: null,
    first_deployed_to_production_at: null,
    pipeline: null,
    head_pipeline: null,
    diff_refs: { base_sha: BASE_SHA, head_sha: HEAD_SHA, start_sha: BASE_SHA },
    merge_error: null,
    rebase_in_progress: false,
    diverged_commits_count: 0,
    user: { can_merge: true },
    ...extra,
  };
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
