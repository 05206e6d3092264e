/**
 * Compare presenter (doc/api/repositories.md "Compare branches, tags or commits"; GitLab's
 * Entities::Compare and Entities::Diff): `commit` (the newest compared commit, null when none),
 * `commits` (oldest first), `diffs`, `compare_timeout`, `compare_same_ref`, `web_url`. Pure.
 */
import type { Compare } from '../../../shared/api-types/repository.js';
import type { CommitInfo } from '../git/commit-info.js';
import type { DiffFile } from '../git/diffs.js';
import { presentCommit } from './commits.js';

/** What the compare presenter needs (services/repository/compare.ts loads it). */
export interface CompareView {
  /** Commits reachable from `to` but not from `from`, oldest first; empty when both are the same commit. */
  commits: CommitInfo[];
  /** Unlimited diffs: from the merge base to `to`, or from `from` to `to` when straight. */
  diffs: DiffFile[];
  fromSha: string;
  toSha: string;
  sameRef: boolean;
  straight: boolean;
  projectWebUrl: string;
}

/** `GET /projects/:id/repository/compare`. */
export function presentCompare(v: CompareView): Compare {
  const commits = v.commits.map((c) => presentCommit(c, v.projectWebUrl));
  return {
    commit: commits.at(-1) ?? null,
    commits,
    diffs: v.diffs.map((d) => ({
      diff: d.diff,
      new_path: d.new_path,
      old_path: d.old_path,
      a_mode: d.a_mode,
      b_mode: d.b_mode,
      new_file: d.new_file,
      renamed_file: d.renamed_file,
      deleted_file: d.deleted_file,
      generated_file: false,
    })),
    compare_timeout: false,
    compare_same_ref: v.sameRef,
    web_url: `${v.projectWebUrl}/-/compare/${v.fromSha}${v.straight ? '..' : '...'}${v.toSha}`,
  };
}
