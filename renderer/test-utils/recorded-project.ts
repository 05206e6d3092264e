/**
 * A project as a GitLab instance answers `GET /projects/:id` (doc/api/projects.md "Get a single
 * project"), with the fields Outpost's screens read, for the recorded stand-in GitLab of renderer
 * real-host tests: "Checkout" in group "Shop" on gitlab.example.com unless `patch` says otherwise.
 */
export function recordedProject(id: number, patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    description: null,
    name: 'Checkout',
    name_with_namespace: 'Shop / Checkout',
    path: 'checkout',
    path_with_namespace: 'shop/checkout',
    created_at: '2025-01-10T10:00:00.000Z',
    default_branch: 'main',
    tag_list: [],
    topics: [],
    ssh_url_to_repo: 'git@gitlab.example.com:shop/checkout.git',
    http_url_to_repo: 'https://gitlab.example.com/shop/checkout.git',
    web_url: 'https://gitlab.example.com/shop/checkout',
    readme_url: null,
    avatar_url: null,
    visibility: 'private',
    archived: false,
    empty_repo: false,
    import_status: 'none',
    namespace: { id: 3, name: 'Shop', path: 'shop', kind: 'group', full_path: 'shop', parent_id: null },
    last_activity_at: '2025-11-27T10:00:00.000Z',
    open_issues_count: 0,
    star_count: 0,
    forks_count: 0,
    ...patch,
  };
}
