/**
 * Reading tags (doc/api/tags.md "List project repository tags", "Get a single repository tag"; spec
 * "Tags"): readable anonymously on public projects; Reporter or above on private ones.
 */
import type { ProjectRow } from '../../db/projects.js';
import type { TagView } from '../../entities/tags.js';
import { findTagRef, listTagRefs } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { projectRepository, requireCodeRead } from '../refs/project-repository.js';
import { filterByRefSearch } from '../refs/ref-search.js';
import { sortTags } from './tag-order.js';
import type { SortDirection, TagOrderBy } from './tag-order.js';
import { loadTagViews } from './tag-views.js';

export interface TagPage {
  total: number;
  tags: TagView[];
  projectWebUrl: string;
}

/**
 * A page of tags ordered by `orderBy`/`sort`, filtered by `search` (`^term`, `term$`, else substring;
 * case-insensitive). One `for-each-ref` lists every tag with the dates the order needs; commits and
 * releases are read only for the page.
 * @throws ForbiddenError; GitError.
 */
export async function listTags(
  ctx: ServiceContext,
  project: ProjectRow,
  opts: { search?: string; orderBy: TagOrderBy; sort: SortDirection; limit: number; offset: number },
): Promise<TagPage> {
  requireCodeRead(ctx, project);
  const repo = projectRepository(ctx, project);
  const matching = sortTags(
    filterByRefSearch(await listTagRefs(repo.path), opts.search),
    opts.orderBy,
    opts.sort,
  );
  const page = matching.slice(opts.offset, opts.offset + opts.limit);
  return { total: matching.length, tags: await loadTagViews(ctx, repo, page), projectWebUrl: repo.webUrl };
}

/**
 * One tag by exact name.
 * @throws NotFoundError `404 Tag Not Found`; ForbiddenError; GitError.
 */
export async function findTag(
  ctx: ServiceContext,
  project: ProjectRow,
  name: string,
): Promise<{ tag: TagView; projectWebUrl: string }> {
  requireCodeRead(ctx, project);
  const repo = projectRepository(ctx, project);
  const ref = await findTagRef(repo.path, name);
  if (!ref) throw new NotFoundError('Tag');
  const [tag] = await loadTagViews(ctx, repo, [ref]);
  return { tag: tag!, projectWebUrl: repo.webUrl };
}
