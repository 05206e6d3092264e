/**
 * Turn release rows into what the Release entity shows: authors (one query), milestones with issue
 * counts (one query), and commits (one `readCommits` batch: the release's `sha`, else the commit its tag
 * names now).
 */
import type { ProjectRow } from '../../db/projects.js';
import { findReleaseMilestones } from '../../db/release-milestones.js';
import type { ReleaseRow } from '../../db/releases.js';
import { findUsersByIds } from '../../db/users.js';
import type { ReleasePresentation, ReleaseView } from '../../entities/releases.js';
import { readCommits } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import { listTagRefs } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { projectRepository } from '../refs/project-repository.js';
import { canChangeReleases, canDownloadCode } from './release-access.js';

/** Views of `rows`, in their order. */
export async function loadReleaseViews(
  ctx: ServiceContext,
  project: ProjectRow,
  rows: readonly ReleaseRow[],
): Promise<ReleaseView[]> {
  if (rows.length === 0) return [];
  const repo = projectRepository(ctx, project);
  const missingSha = rows.filter((r) => r.sha === null).map((r) => r.tag_name);
  const tagCommits = new Map<string, string>();
  if (missingSha.length > 0) {
    try {
      for (const ref of await listTagRefs(repo.path, missingSha)) {
        if (ref.commitId) tagCommits.set(ref.name, ref.commitId);
      }
    } catch {
      // No readable repository: those releases show `commit: null`, as GitLab's for a missing tag.
    }
  }
  const shaOf = (r: ReleaseRow) => r.sha ?? tagCommits.get(r.tag_name) ?? null;
  const ids = [...new Set(rows.map(shaOf).filter((s): s is string => s !== null))];
  const commits = new Map<string, CommitInfo>();
  try {
    for (const c of await readCommits(repo.path, ids)) commits.set(c.id, c);
  } catch {
    // A commit gone from the repository (history rewritten and pruned): read the others one by one.
    for (const id of ids) {
      try {
        for (const c of await readCommits(repo.path, [id])) commits.set(c.id, c);
      } catch {
        /* left out: the release shows `commit: null` */
      }
    }
  }
  const authors = findUsersByIds(
    ctx.db,
    rows.map((r) => r.author_id).filter((id): id is number => id !== null),
  );
  const milestones = findReleaseMilestones(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const sha = shaOf(r);
    return {
      release: r,
      author: r.author_id !== null ? (authors.get(r.author_id) ?? null) : null,
      commit: sha ? (commits.get(sha) ?? null) : null,
      milestones: milestones.get(r.id) ?? [],
    };
  });
}

/** What the entity needs to know about the project and the caller. */
export function releasePresentation(ctx: ServiceContext, project: ProjectRow): ReleasePresentation {
  const repo = projectRepository(ctx, project);
  const baseUrl = ctx.externalUrl();
  return {
    baseUrl,
    projectWebUrl: repo.webUrl,
    projectFullPath: repo.webUrl.slice(baseUrl.length + 1),
    projectPath: project.path,
    canDownloadCode: canDownloadCode(ctx, project),
    canUpdate: canChangeReleases(ctx, project),
  };
}
