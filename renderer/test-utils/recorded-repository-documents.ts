/**
 * Recorded repository documents of the stand-in GitLab of renderer real-host tests (a tag of
 * release-notes-real-host, a protected branch of protected-branches-ce-real-host), each written from the
 * GitLab doc page named beside it, shared with the node contract test that validates them against
 * GitLab's own tag.json and protected_branch.json
 * (electron/core/test/contract/recorded-gitlab-schemas.test.ts). Pure data: no DOM, no Node.
 */

/** The tag as `GET /projects/:id/repository/tags` shows it (doc/api/tags.md), without notes or with. */
export function recordedTag(
  name: string,
  release: { tag_name: string; description: string } | null,
): Record<string, unknown> {
  return {
    name,
    message: null,
    target: '2695effb5807a22ff3d138d593fd856244e155e7',
    commit: {
      id: '2695effb5807a22ff3d138d593fd856244e155e7',
      short_id: '2695effb',
      title: 'Initial commit',
      message: 'Initial commit',
      author_name: 'Dana',
      author_email: 'dana@example.com',
      authored_date: '2025-11-20T10:00:00.000+00:00',
      committer_name: 'Dana',
      committer_email: 'dana@example.com',
      committed_date: '2025-11-20T10:00:00.000+00:00',
      created_at: '2025-11-20T10:00:00.000+00:00',
      parent_ids: [],
      web_url: 'https://gitlab.example.com/shop/checkout/-/commit/2695effb5807a22ff3d138d593fd856244e155e7',
    },
    release,
    protected: false,
    created_at: null,
  };
}

/** A protected branch as doc/api/protected_branches.md "Get a single protected branch" shows it (CE). */
export function recordedProtectedBranch(push: number, merge: number): Record<string, unknown> {
  const entry = (id: number, level: number) => ({
    id,
    access_level: level,
    access_level_description: level === 30 ? 'Developers + Maintainers' : 'Maintainers',
    user_id: null,
    group_id: null,
  });
  return {
    id: 1,
    name: 'main',
    push_access_levels: [entry(11, push)],
    merge_access_levels: [entry(12, merge)],
    unprotect_access_levels: [],
    allow_force_push: false,
    code_owner_approval_required: false,
  };
}
