/**
 * Single-commit presenter (doc/api/commits.md "Get a single commit"; GitLab's CommitDetail entity,
 * schema public_api/v4/commit/detail.json): the commit fields, `stats` {additions, deletions, total}
 * unless left out, `status` and `last_pipeline` (null: no pipelines yet), `project_id`. Pure.
 */
import type { RepositoryCommitDetail } from '../../../shared/api-types/repository.js';
import type { CommitInfo } from '../git/commit-info.js';
import type { CommitStats } from '../git/commit-stats.js';
import { presentCommit } from './commits.js';

/** What the single-commit presenter needs (services/repository/get-commit.ts loads it). */
export interface CommitDetailView {
  commit: CommitInfo;
  /** Null when not asked for. */
  stats: CommitStats | null;
  projectId: number;
  projectWebUrl: string;
}

/** `GET /projects/:id/repository/commits/:sha`: the commit plus stats (when read), status, last_pipeline, project_id. */
export function presentCommitDetail(v: CommitDetailView): RepositoryCommitDetail {
  return {
    ...presentCommit(v.commit, v.projectWebUrl),
    ...(v.stats ? { stats: { ...v.stats } } : {}),
    status: null,
    last_pipeline: null,
    project_id: v.projectId,
  };
}
