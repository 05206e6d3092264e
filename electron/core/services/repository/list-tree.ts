/**
 * The repository tree (doc/api/repositories.md "List repository tree"; lib/api/repositories.rb): entries
 * of a directory at a ref, one level or recursive, directories first (as GitLab lists them), then the
 * rest, each group in git's order. 404 `Tree Not Found` for an unknown ref or a path that is not a
 * directory.
 */
import type { ProjectRow } from '../../db/projects.js';
import type { TreeEntry } from '../../git/blobs.js';
import { resolveCommit } from '../../git/commit-info.js';
import { listTree } from '../../git/tree.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { defaultRef } from './default-ref.js';

/**
 * `path` as a directory inside the repository (`''` = root; surrounding slashes dropped), or null when
 * it can't name one (`.`/`..`/empty segments). Pure; unit-tested.
 */
export function normalizeTreePath(raw: string | undefined): string | null {
  const p = (raw ?? '').replace(/^\/+|\/+$/g, '');
  if (p === '') return '';
  return p.split('/').some((s) => s === '' || s === '.' || s === '..') ? null : p;
}

/** Directories first, then files and submodules; stable otherwise. Pure. */
export function sortTreeEntries(entries: readonly TreeEntry[]): TreeEntry[] {
  return [...entries.filter((e) => e.type === 'tree'), ...entries.filter((e) => e.type !== 'tree')];
}

/**
 * Every entry under `path` at `ref` (default: the project's default branch). The caller has checked read
 * access to the code and paginates.
 * @throws NotFoundError('Tree')
 */
export async function listRepositoryTree(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { path?: string; ref?: string; recursive: boolean },
): Promise<TreeEntry[]> {
  const dir = normalizeTreePath(input.path);
  if (dir === null) throw new NotFoundError('Tree');
  const repoPath = projectRepositoryPath(ctx, project);
  const commit = await resolveCommit(repoPath, input.ref ?? defaultRef(project));
  if (!commit) throw new NotFoundError('Tree');
  const entries = await listTree(repoPath, commit, dir, input.recursive);
  if (!entries) throw new NotFoundError('Tree');
  return sortTreeEntries(entries);
}
