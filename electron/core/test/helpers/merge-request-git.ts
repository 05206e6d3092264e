/**
 * Helpers for the merge/rebase/diff tests: commit files to branches through the files API (real commits
 * in the project's bare repository), open merge requests through the API, and wait for the background
 * merge-status job.
 */
import type { TestCore } from './test-core.js';

export interface MrJson {
  id: number;
  iid: number;
  state: string;
  merge_status: string;
  has_conflicts: boolean;
  merge_error: string | null;
  merge_commit_sha: string | null;
  squash_commit_sha: string | null;
  merged_by: { id: number } | null;
  merged_at: string | null;
  merge_when_pipeline_succeeds: boolean;
  rebase_in_progress?: boolean;
  diff_refs: { base_sha: string; head_sha: string; start_sha: string } | null;
  sha: string;
  changes_count: string | null;
}

/** Create or update `filePath` on `branch` (creating the branch from `startBranch` when given). */
export async function commitFile(
  t: TestCore,
  projectId: number,
  branch: string,
  filePath: string,
  content: string,
  opts: { startBranch?: string } = {},
): Promise<void> {
  const res = await t.api('POST', `/projects/${projectId}/repository/files/${encodeURIComponent(filePath)}`, {
    json: {
      branch,
      start_branch: opts.startBranch,
      content,
      commit_message: `Write ${filePath} on ${branch}`,
    },
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`file commit failed: ${res.status} ${res.text}`);
}

export async function updateFile(
  t: TestCore,
  projectId: number,
  branch: string,
  filePath: string,
  content: string,
  startBranch?: string,
): Promise<void> {
  const res = await t.api('PUT', `/projects/${projectId}/repository/files/${encodeURIComponent(filePath)}`, {
    json: { branch, start_branch: startBranch, content, commit_message: `Update ${filePath} on ${branch}` },
  });
  if (res.status !== 200) throw new Error(`file update failed: ${res.status} ${res.text}`);
}

/** Open a merge request and wait for its merge-status job. */
export async function openMergeRequest(
  t: TestCore,
  projectId: number,
  source: string,
  target: string,
  extra: Record<string, unknown> = {},
): Promise<MrJson> {
  const res = await t.api<MrJson>('POST', `/projects/${projectId}/merge_requests`, {
    json: { source_branch: source, target_branch: target, title: `Merge ${source}`, ...extra },
  });
  if (res.status !== 201) throw new Error(`MR create failed: ${res.status} ${res.text}`);
  await t.core.idle();
  return getMergeRequest(t, projectId, res.body.iid);
}

export async function getMergeRequest(
  t: TestCore,
  projectId: number,
  iid: number,
  query = '',
): Promise<MrJson> {
  const res = await t.api<MrJson>('GET', `/projects/${projectId}/merge_requests/${iid}${query}`);
  if (res.status !== 200) throw new Error(`MR read failed: ${res.status} ${res.text}`);
  return res.body;
}
