/**
 * Recorded project documents of the stand-in GitLab 18.6 EE of renderer real-host tests (pipelines, a
 * commit, merge request list items, storage moves of project "shop/checkout"), each written from the
 * GitLab doc page named beside it, shared with the node contract test that validates them against
 * GitLab's own response schemas (electron/core/test/contract/recorded-gitlab-schemas.test.ts). Pure
 * data: no DOM, no Node.
 */

export const RECORDED_PROJECT_ID = 42;
const PROJECT_ID = RECORDED_PROJECT_ID;
/** The head commit's SHA. */
export const RECORDED_SHA = '1f3c2e4d5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d';
const SHA = RECORDED_SHA;
/** The project's `web_url`. */
export const RECORDED_WEB = 'https://gitlab.example.com/shop/checkout';
const WEB = RECORDED_WEB;

/** An embedded user (user/basic.json). */
export const recordedUser = {
  id: 5,
  username: 'dana',
  name: 'Dana',
  state: 'active',
  avatar_url: null,
  web_url: 'https://gitlab.example.com/dana',
};
const user = recordedUser;

/** `GET /projects/:id/pipelines` items (doc/api/pipelines.md "List project pipelines"). */
export const recordedPipelineBasic = (id: number) => ({
  id,
  iid: id,
  project_id: PROJECT_ID,
  sha: SHA,
  ref: 'main',
  status: 'success',
  source: 'push',
  created_at: '2025-11-27T10:00:00.000Z',
  updated_at: '2025-11-27T10:05:00.000Z',
  web_url: `${WEB}/-/pipelines/${id}`,
  name: null,
});

/** `GET /projects/:id/pipelines/:pipeline_id` (doc/api/pipelines.md "Get a single pipeline"). */
export const recordedPipelineDetail = (id: number) => ({
  ...recordedPipelineBasic(id),
  before_sha: SHA,
  tag: false,
  yaml_errors: null,
  user,
  started_at: '2025-11-27T10:00:10.000Z',
  finished_at: '2025-11-27T10:05:00.000Z',
  committed_at: null,
  duration: 290,
  queued_duration: 10,
  coverage: null,
  detailed_status: {
    icon: 'status_success',
    text: 'passed',
    label: 'passed',
    group: 'success',
    tooltip: 'passed',
    has_details: true,
    details_path: `/shop/checkout/-/pipelines/${id}`,
    favicon: '',
  },
});

/** A commit as doc/api/commits.md "List repository commits" shows it. */
export const recordedCommit = {
  id: SHA,
  short_id: SHA.slice(0, 8),
  title: 'Faster checkout',
  message: 'Faster checkout',
  author_name: 'Dana',
  author_email: 'dana@example.com',
  authored_date: '2025-11-27T09:00:00.000Z',
  committer_name: 'Dana',
  committer_email: 'dana@example.com',
  committed_date: '2025-11-27T09:00:00.000Z',
  created_at: '2025-11-27T09:00:00.000Z',
  parent_ids: [],
  web_url: `${WEB}/-/commit/${SHA}`,
};

/** A merge request as doc/api/merge_requests.md "List project merge requests" shows it. */
export const recordedMergeRequestListItem = (iid: number) => ({
  id: 1000 + iid,
  iid,
  project_id: PROJECT_ID,
  title: `Change ${iid}`,
  description: '',
  state: 'opened',
  created_at: '2025-11-20T10:00:00.000Z',
  updated_at: '2025-11-27T10:00:00.000Z',
  merged_by: null,
  merged_at: null,
  closed_by: null,
  closed_at: null,
  target_branch: 'main',
  source_branch: `change-${iid}`,
  user_notes_count: 0,
  upvotes: 0,
  downvotes: 0,
  author: user,
  assignees: [],
  assignee: null,
  reviewers: [],
  source_project_id: PROJECT_ID,
  target_project_id: PROJECT_ID,
  labels: [],
  draft: false,
  work_in_progress: false,
  milestone: null,
  merge_when_pipeline_succeeds: false,
  merge_status: 'can_be_merged',
  detailed_merge_status: 'mergeable',
  sha: SHA,
  merge_commit_sha: null,
  squash_commit_sha: null,
  discussion_locked: null,
  should_remove_source_branch: null,
  force_remove_source_branch: true,
  reference: `!${iid}`,
  references: { short: `!${iid}`, relative: `!${iid}`, full: `shop/checkout!${iid}` },
  web_url: `${WEB}/-/merge_requests/${iid}`,
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
});

/** `GET /project_repository_storage_moves` items (doc/api/project_repository_storage_moves.md). */
export const recordedStorageMove = (id: number, state: string) => ({
  id,
  created_at: '2025-11-27T10:00:00.000Z',
  state,
  source_storage_name: 'default',
  destination_storage_name: 'storage2',
  project: {
    id: PROJECT_ID,
    name: 'Checkout',
    path_with_namespace: 'shop/checkout',
    created_at: '2025-01-10T10:00:00.000Z',
  },
});

/** `POST /projects/:id/pipeline` answer (doc/api/pipelines.md "Create a new pipeline"), maria/app-11 on gitlab.com. */
export const RECORDED_CREATED_PIPELINE = {
  id: 900,
  iid: 1,
  project_id: 11,
  status: 'created',
  source: 'api',
  ref: 'main',
  sha: 'a91957a858320c0e17f3a0eca7cfacbff50ea29a',
  web_url: 'https://gitlab.com/maria/app-11/-/pipelines/900',
  created_at: '2025-11-28T10:00:00.000Z',
  updated_at: '2025-11-28T10:00:00.000Z',
};
