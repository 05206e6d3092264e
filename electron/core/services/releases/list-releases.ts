/**
 * Reading releases (doc/api/releases/index.md "List Releases", "Get a Release by a tag name", "Get the
 * latest release"; lib/api/releases.rb; ReleasesFinder):
 * - the list needs only `read_release` (anyone who sees the project); it is ordered by `released_at`
 *   (default) or `created_at`, `desc` (default) or `asc`, optionally only those updated before/after a time;
 * - one release needs `download_code` (`403 Forbidden` for a Guest of a private project), then
 *   `404 Not Found` when the tag has no release.
 */
import type { ProjectRow } from '../../db/projects.js';
import { countReleases, findRelease, listReleases } from '../../db/releases.js';
import type { ReleaseListFilter, ReleaseOrderBy, ReleaseSort } from '../../db/releases.js';
import type { ReleasePresentation, ReleaseView } from '../../entities/releases.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { requireCodeRead } from '../refs/project-repository.js';
import { loadReleaseViews, releasePresentation } from './release-views.js';

export interface ReleasePage {
  total: number;
  releases: ReleaseView[];
  presentation: ReleasePresentation;
}

/** A page of the project's releases. The caller already sees the project (findReadableProject). */
export async function listProjectReleases(
  ctx: ServiceContext,
  project: ProjectRow,
  opts: {
    orderBy: ReleaseOrderBy;
    sort: ReleaseSort;
    limit: number;
    offset: number;
    filter?: ReleaseListFilter;
  },
): Promise<ReleasePage> {
  const rows = listReleases(
    ctx.db,
    project.id,
    opts.orderBy,
    opts.sort,
    opts.limit,
    opts.offset,
    opts.filter,
  );
  return {
    total: countReleases(ctx.db, project.id, opts.filter),
    releases: await loadReleaseViews(ctx, project, rows),
    presentation: releasePresentation(ctx, project),
  };
}

/**
 * The release of `tagName`.
 * @throws ForbiddenError (no `download_code`); NotFoundError `404 Not Found`.
 */
export async function findProjectRelease(
  ctx: ServiceContext,
  project: ProjectRow,
  tagName: string,
): Promise<{ release: ReleaseView; presentation: ReleasePresentation }> {
  requireCodeRead(ctx, project);
  const row = findRelease(ctx.db, project.id, tagName);
  if (!row) throw new NotFoundError('Release', '404 Not Found');
  const [release] = await loadReleaseViews(ctx, project, [row]);
  return { release: release!, presentation: releasePresentation(ctx, project) };
}

/**
 * The tag of the latest release (most recent `released_at`), for `GET …/releases/permalink/latest`.
 * @throws ForbiddenError (no `download_code`); NotFoundError `404 Not Found` when there is none.
 */
export function findLatestReleaseTag(ctx: ServiceContext, project: ProjectRow): string {
  requireCodeRead(ctx, project);
  const [latest] = listReleases(ctx.db, project.id, 'released_at', 'desc', 1, 0);
  if (!latest) throw new NotFoundError('Release', '404 Not Found');
  return latest.tag_name;
}
