import type { Project } from '../../shared/api-types/projects.js';

/** A wire-shaped project for component tests; override what the test is about. */
export function projectFixture(overrides: Partial<Project> = {}): Project {
  const id = overrides.id ?? 1;
  const path = overrides.path ?? `project-${id}`;
  return {
    id,
    name: `Project ${id}`,
    name_with_namespace: `Administrator / Project ${id}`,
    path,
    path_with_namespace: `root/${path}`,
    description: null,
    default_branch: 'main',
    visibility: 'private',
    created_at: '2026-11-20T10:00:00.000Z',
    last_activity_at: '2026-11-21T10:00:00.000Z',
    archived: false,
    empty_repo: false,
    web_url: `http://localhost/root/${path}`,
    http_url_to_repo: `http://localhost/root/${path}.git`,
    ssh_url_to_repo: `git@localhost:root/${path}.git`,
    readme_url: null,
    avatar_url: null,
    topics: [],
    tag_list: [],
    forks_count: 0,
    star_count: 0,
    namespace: {
      id: 1,
      name: 'Administrator',
      path: 'root',
      kind: 'user',
      full_path: 'root',
      parent_id: null,
      avatar_url: null,
      web_url: 'http://localhost/root',
    },
    import_status: 'none',
    ...overrides,
  };
}
