/**
 * Recorded merge request documents of the stand-in GitLab of renderer real-host tests, shared with the
 * node contract test that validates them against GitLab's own response schemas
 * (electron/core/test/contract/recorded-gitlab-schemas.test.ts). Pure data: no DOM, no Node.
 */

const author = {
  id: 5,
  username: 'dana',
  name: 'Dana',
  state: 'active',
  avatar_url: null,
  web_url: 'https://gitlab.example.com/dana',
};

/**
 * A merge request as GitLab answers `GET /projects/:id/merge_requests/:iid` (doc/api/merge_requests.md
 * "Get single MR"), "Faster checkout" (!`iid`, opened, mergeable for its viewer), with `extra` on top.
 * Valid against GitLab 18's merge_request.json (electron/core/test/contract/recorded-gitlab-schemas.test.ts).
 */
export function recordedMergeRequest(
  projectId: number,
  iid: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: 1007,
    iid: iid,
    project_id: projectId,
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
    source_project_id: projectId,
    target_project_id: projectId,
    labels: [],
    work_in_progress: false,
    milestone: null,
    merge_when_pipeline_succeeds: false,
    merge_status: 'can_be_merged',
    sha: '1f3c2e4d5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d',
    merge_commit_sha: null,
    squash_commit_sha: null,
    discussion_locked: null,
    should_remove_source_branch: null,
    force_remove_source_branch: true,
    reference: `!${iid}`,
    references: { short: `!${iid}`, relative: `!${iid}`, full: `shop/checkout!${iid}` },
    web_url: `https://gitlab.example.com/shop/checkout/-/merge_requests/${iid}`,
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
    changes_count: '1',
    latest_build_started_at: null,
    latest_build_finished_at: null,
    first_deployed_to_production_at: null,
    pipeline: null,
    head_pipeline: null,
    diff_refs: {
      base_sha: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',
      head_sha: '1f3c2e4d5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d',
      start_sha: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',
    },
    merge_error: null,
    rebase_in_progress: false,
    diverged_commits_count: 0,
    user: { can_merge: true },
    ...extra,
  };
}
