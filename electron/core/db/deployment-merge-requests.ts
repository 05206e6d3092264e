/**
 * `deployment_merge_requests`: which merge requests a successful deployment shipped (filled when a
 * deployment succeeds; read by `GET …/deployments/:id/merge_requests` and the merge request list filters
 * `environment`, `deployed_before`, `deployed_after`).
 */
import type { Db } from './database.js';

/**
 * Ids of the merged merge requests of project `projectId` targeting `targetBranch` whose merge commit
 * or squash commit is one of `shas` (40-hex commit ids), ascending. Queried in chunks of 500 ids.
 */
export function findMergedMergeRequestIdsByCommits(
  db: Db,
  projectId: number,
  targetBranch: string,
  shas: readonly string[],
): number[] {
  const ids = new Set<number>();
  for (let i = 0; i < shas.length; i += 500) {
    const chunk = shas.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(',');
    const rows = db
      .prepare(
        `SELECT id FROM merge_requests
         WHERE project_id = ? AND target_branch = ? AND state = 'merged'
           AND (merge_commit_sha IN (${marks}) OR squash_commit_sha IN (${marks}))`,
      )
      .all(projectId, targetBranch, ...chunk, ...chunk) as { id: number }[];
    for (const r of rows) ids.add(r.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Links `mergeRequestIds` to deployment `deploymentId` (existing links are kept). @returns links added. */
export function insertDeploymentMergeRequests(
  db: Db,
  deploymentId: number,
  mergeRequestIds: readonly number[],
): number {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO deployment_merge_requests (deployment_id, merge_request_id) VALUES (?, ?)',
  );
  let added = 0;
  db.transaction(() => {
    for (const id of mergeRequestIds) added += insert.run(deploymentId, id).changes;
  })();
  return added;
}
