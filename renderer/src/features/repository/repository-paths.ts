import { trimSlashes } from '../../api/repository/file-path.js';

/** The screens of a project's repository area, below `/repository/:projectId/`. */
export type RepositoryView = 'tree' | 'blob' | 'blame' | 'raw' | 'edit' | 'new';

/** One crumb of a path: its name and the full path up to it. */
export interface Crumb {
  name: string;
  path: string;
}

/** `src/app/main.ts` → crumbs for `src`, `src/app` and `src/app/main.ts`. */
export function pathCrumbs(path: string): Crumb[] {
  const segments = trimSlashes(path).split('/').filter(Boolean);
  return segments.map((name, index) => ({ name, path: segments.slice(0, index + 1).join('/') }));
}

/** Encode each segment of a repository path for a route (`a b/c#d` → `a%20b/c%23d`). */
export function encodePathSegments(path: string): string {
  return trimSlashes(path).split('/').filter(Boolean).map(encodeURIComponent).join('/');
}

function withRef(route: string, ref: string | undefined): string {
  return ref ? `${route}?ref=${encodeURIComponent(ref)}` : route;
}

/** Route of the repository area of a project (its file tree at the default branch). */
export function repositoryRoute(projectId: number): string {
  return `/repository/${projectId}/tree`;
}

/**
 * Route of a file view: `view` over `path` at `ref`, e.g.
 * `fileRoute(5, 'blob', 'src/a.ts', 'main')` → `/repository/5/blob/src/a.ts?ref=main`.
 */
export function fileRoute(projectId: number, view: RepositoryView, path: string, ref?: string): string {
  const encoded = encodePathSegments(path);
  return withRef(`/repository/${projectId}/${view}${encoded ? `/${encoded}` : ''}`, ref);
}

/** Route of a list screen of the project's repository (commits, branches, tags, protections). */
export function listRoute(
  projectId: number,
  list: 'commits' | 'branches' | 'tags' | 'protected-branches',
  ref?: string,
): string {
  return withRef(`/repository/${projectId}/${list}`, ref);
}

/**
 * Route of one commit's page (message, author, parents, diff, containing refs, merge requests):
 * `commitRoute(5, 'a1b2c3…')` → `/repository/5/commit/a1b2c3…`. Takes a full or short SHA.
 */
export function commitRoute(projectId: number, sha: string): string {
  return `/repository/${projectId}/commit/${encodeURIComponent(sha)}`;
}

/** Route of the commit history of `ref`, narrowed to `path` when given. */
export function historyRoute(projectId: number, ref?: string, path?: string): string {
  const params = new URLSearchParams();
  if (ref) params.set('ref', ref);
  if (path) params.set('path', trimSlashes(path));
  const query = params.toString();
  return `/repository/${projectId}/commits${query ? `?${query}` : ''}`;
}
