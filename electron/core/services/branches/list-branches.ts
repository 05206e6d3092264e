/**
 * Reading branches (doc/api/branches.md "List repository branches", "Get single repository branch";
 * spec "Branches"): readable anonymously on public projects; Reporter or above on private ones.
 */
import type { ProjectRow } from '../../db/projects.js';
import type { BranchView } from '../../entities/branches.js';
import { listBranchRefs } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { projectRepository, requireCodeRead } from '../refs/project-repository.js';
import { filterByRefSearch } from '../refs/ref-search.js';
import { loadBranchViews } from './branch-views.js';

export interface BranchPage {
  total: number;
  branches: BranchView[];
  /** The project's web URL, for the presenter. */
  projectWebUrl: string;
}

/**
 * A page of branches sorted by name, filtered by `search` (`^term` prefix, `term$` suffix, else a
 * case-insensitive substring with an exact match first). One `for-each-ref` lists all branches; commits
 * and flags are read only for the page.
 * @throws ForbiddenError (a Guest of a private project); GitError.
 */
export async function listBranches(
  ctx: ServiceContext,
  project: ProjectRow,
  opts: { search?: string; limit: number; offset: number },
): Promise<BranchPage> {
  requireCodeRead(ctx, project);
  const repo = projectRepository(ctx, project);
  const all = await listBranchRefs(repo.path);
  const matching = filterByRefSearch(all, opts.search, { exactFirst: true });
  const page = matching.slice(opts.offset, opts.offset + opts.limit);
  const head = project.default_branch ? (all.find((r) => r.name === project.default_branch) ?? null) : null;
  return {
    total: matching.length,
    branches: await loadBranchViews(ctx, repo, page, head),
    projectWebUrl: repo.webUrl,
  };
}

/**
 * One branch by exact name.
 * @throws NotFoundError `404 Branch Not Found`; ForbiddenError; GitError.
 */
export async function findBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  name: string,
): Promise<{ branch: BranchView; projectWebUrl: string }> {
  requireCodeRead(ctx, project);
  const repo = projectRepository(ctx, project);
  // The branch and the default branch in one listing.
  const wanted = project.default_branch ? [name, project.default_branch] : [name];
  const found = await listBranchRefs(repo.path, wanted);
  const ref = found.find((r) => r.name === name);
  if (!ref) throw new NotFoundError('Branch');
  const head = found.find((r) => r.name === project.default_branch) ?? null;
  const [branch] = await loadBranchViews(ctx, repo, [ref], head);
  return { branch: branch!, projectWebUrl: repo.webUrl };
}
