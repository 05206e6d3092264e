/**
 * Turn tag refs into what the Tag entity shows: the tagged commit (one `readCommits` batch for all of
 * them) and the release notes (one query).
 */
import { findReleasesByTags } from '../../db/releases.js';
import type { TagView } from '../../entities/tags.js';
import { readCommits } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import type { TagRef } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import type { ProjectRepository } from '../refs/project-repository.js';

/** Views of `refs`, in their order. @throws GitError */
export async function loadTagViews(
  ctx: ServiceContext,
  repo: ProjectRepository,
  refs: readonly TagRef[],
): Promise<TagView[]> {
  if (refs.length === 0) return [];
  const ids = [...new Set(refs.map((r) => r.commitId).filter((id): id is string => id !== null))];
  const commits = new Map<string, CommitInfo>((await readCommits(repo.path, ids)).map((c) => [c.id, c]));
  const releases = findReleasesByTags(
    ctx.db,
    repo.project.id,
    refs.map((r) => r.name),
  );
  return refs.map((r) => {
    const release = releases.get(r.name);
    return {
      name: r.name,
      message: r.message,
      targetId: r.targetId,
      commit: r.commitId ? (commits.get(r.commitId) ?? null) : null,
      // A release made through the Releases API without a description still shows as notes ('').
      release: release ? { tagName: release.tag_name, description: release.description ?? '' } : null,
      taggerDate: r.taggerDate,
    };
  });
}
