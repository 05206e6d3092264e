/**
 * Single-commit presenter (doc/api/commits.md "Get a single commit"; GitLab's CommitDetail entity,
 * schema public_api/v4/commit/detail.json): the commit fields, `stats` {additions, deletions, total}
 * unless left out, `status` and `last_pipeline` (null: no pipelines yet), `project_id`. Pure.
 */
import type { RepositoryCommitDetail } from '../../../shared/api-types/repository.js';
import type { CommitDetailView } from '../services/repository/get-commit.js';
import { presentCommit } from './commits.js';

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
