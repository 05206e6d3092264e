/**
 * The mergeability job and diff versions (GitLab's MergeRequests::MergeabilityCheckService and
 * MergeRequestDiff): durable state lives on the merge request (`merge_status` unchecked → checking →
 * can_be_merged | cannot_be_merged), the work runs through `ctx.tasks`:
 *
 * 1. read the source and target heads; a missing branch → cannot_be_merged;
 * 2. `git merge-tree` (git/merges.ts): clean → can_be_merged, conflicts → cannot_be_merged;
 * 3. when the source head moved since the latest diff version (or there is none), record a new version:
 *    head/base/start SHAs, the commits base..head (newest first), the per-file diffs under the instance's
 *    size limits (application settings `diff_max_files`, `diff_max_lines`, `diff_max_patch_bytes`), and
 *    mirror its SHAs into the merge request's `diff_refs`.
 *
 * Hooks others call: `scheduleMergeStatusCheck` (after create/update/reopen, on `with_merge_status_recheck`),
 * `onBranchMoved` (after any write that moves a branch: file commits, branch deletion, merges, rebases),
 * `recoverMergeRequestJobs` (start-up: re-runs checks left in `checking` and queued rebases).
 * A check already running for a merge request is re-run once after it finishes (coalesced), never twice
 * concurrently.
 */
import { getApplicationSetting } from '../../db/application-settings.js';
import { nowIso } from '../../db/database.js';
import {
  findLatestMergeRequestDiff,
  findMergeRequestIdsByMergeStatus,
  insertMergeRequestDiff,
} from '../../db/merge-request-diffs.js';
import type { Db } from '../../db/database.js';
import {
  findMergeRequestById,
  findOpenMergeRequestsForBranch,
  updateMergeRequest,
} from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { readCommits, resolveCommit } from '../../git/commit-info.js';
import { DEFAULT_DIFF_LIMITS, diffBetween } from '../../git/diffs.js';
import type { DiffLimits } from '../../git/diffs.js';
import { checkMergeability, commitsBetween, mergeBase } from '../../git/merges.js';
import { fetchCommitAsRef, setRef } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { recordPushNote } from './system-notes.js';

/** The instance's diff limits (GitLab application settings names), defaults from DiffCollection. */
export function diffLimits(db: Db): DiffLimits {
  const n = (key: string, fallback: number): number => {
    const v = getApplicationSetting<unknown>(db, key);
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    maxFiles: n('diff_max_files', DEFAULT_DIFF_LIMITS.maxFiles),
    maxLines: n('diff_max_lines', DEFAULT_DIFF_LIMITS.maxLines),
    maxBytes: n('diff_max_bytes', DEFAULT_DIFF_LIMITS.maxBytes),
    maxPatchBytes: n('diff_max_patch_bytes', DEFAULT_DIFF_LIMITS.maxPatchBytes),
  };
}

/** Where the source and target of a merge request live on disk. */
export interface MergeRequestRepos {
  target: ProjectRow;
  source: ProjectRow;
  targetPath: string;
  sourcePath: string;
}

export function mergeRequestRepos(ctx: ServiceContext, mr: MergeRequestRow): MergeRequestRepos | null {
  const target = findProjectById(ctx.db, mr.project_id);
  const source =
    mr.source_project_id === mr.project_id ? target : findProjectById(ctx.db, mr.source_project_id);
  if (!target || !source) return null;
  return {
    target,
    source,
    targetPath: projectRepositoryPath(ctx, target),
    sourcePath: projectRepositoryPath(ctx, source),
  };
}

/** Current heads of the source and target branches (null when a branch is gone). */
export async function branchHeads(
  repos: MergeRequestRepos,
  mr: MergeRequestRow,
): Promise<{ source: string | null; target: string | null }> {
  const [source, target] = await Promise.all([
    resolveCommit(repos.sourcePath, `refs/heads/${mr.source_branch}`),
    resolveCommit(repos.targetPath, `refs/heads/${mr.target_branch}`),
  ]);
  return { source, target };
}

/** Per-database bookkeeping of running checks: id → whether another run was requested meanwhile. */
const running = new WeakMap<Db, Map<number, { again: boolean }>>();

function runningFor(db: Db): Map<number, { again: boolean }> {
  let m = running.get(db);
  if (!m) {
    m = new Map();
    running.set(db, m);
  }
  return m;
}

function isOpen(mr: MergeRequestRow): boolean {
  return mr.state === 'opened' || mr.state === 'locked';
}

/**
 * Mark the merge request unchecked and check it in the background (coalesced with a running check).
 * No-op for closed or merged requests. Never throws; `core.idle()` waits for it.
 */
export function scheduleMergeStatusCheck(ctx: ServiceContext, mr: Pick<MergeRequestRow, 'id'>): void {
  const row = findMergeRequestById(ctx.db, mr.id);
  if (!row || !isOpen(row)) return;
  const runs = runningFor(ctx.db);
  const current = runs.get(row.id);
  if (row.merge_status !== 'checking' && row.merge_status !== 'unchecked')
    updateMergeRequest(
      ctx.db,
      row.id,
      { merge_status: 'unchecked', updated_at: row.updated_at },
      row.updated_at,
    );
  if (current) {
    current.again = true;
    return;
  }
  const state = { again: false };
  runs.set(row.id, state);
  ctx.tasks.run(
    `merge status of merge request ${row.id}`,
    async () => {
      try {
        do {
          state.again = false;
          await checkMergeRequest(ctx, row.id);
        } while (state.again);
      } finally {
        runs.delete(row.id);
      }
    },
    () => {
      // A failed check leaves the request unchecked: the next read or branch move schedules it again.
      const now = findMergeRequestById(ctx.db, row.id);
      if (now && now.merge_status === 'checking')
        updateMergeRequest(
          ctx.db,
          now.id,
          { merge_status: 'unchecked', updated_at: now.updated_at },
          now.updated_at,
        );
    },
  );
}

/** Re-check every open merge request whose source or target is `branch` of `project` (a branch moved). */
export function onBranchMoved(ctx: ServiceContext, project: Pick<ProjectRow, 'id'>, branch: string): void {
  const seen = new Set<number>();
  for (const side of ['source', 'target'] as const) {
    for (const mr of findOpenMergeRequestsForBranch(ctx.db, project.id, branch, side)) {
      if (seen.has(mr.id)) continue;
      seen.add(mr.id);
      scheduleMergeStatusCheck(ctx, mr);
    }
  }
}

/** `with_merge_status_recheck=true` on lists and reads: re-check the given requests (open ones only). */
export function recheckMergeStatus(ctx: ServiceContext, rows: readonly Pick<MergeRequestRow, 'id'>[]): void {
  for (const r of rows) scheduleMergeStatusCheck(ctx, r);
}

/**
 * For a single read: schedule a check when the request is still unchecked (a lost job, a crash before
 * the check started). Cheap; no git.
 */
export function ensureMergeStatusScheduled(ctx: ServiceContext, mr: MergeRequestRow): void {
  if (isOpen(mr) && mr.merge_status === 'unchecked' && !runningFor(ctx.db).has(mr.id))
    scheduleMergeStatusCheck(ctx, mr);
}

/**
 * The check itself (see the module comment). Exported for the merge service, which checks synchronously.
 * @returns the updated row, or null when the request vanished or is no longer open.
 */
export async function checkMergeRequest(ctx: ServiceContext, id: number): Promise<MergeRequestRow | null> {
  const mr = findMergeRequestById(ctx.db, id);
  if (!mr || !isOpen(mr)) return null;
  updateMergeRequest(ctx.db, id, { merge_status: 'checking', updated_at: mr.updated_at }, mr.updated_at);
  const repos = mergeRequestRepos(ctx, mr);
  if (!repos) return null;
  const heads = await branchHeads(repos, mr);
  let status: MergeRequestRow['merge_status'] = 'cannot_be_merged';
  if (heads.source && heads.target) {
    await ensureSourceInTarget(repos, mr, heads.source);
    const m = await checkMergeability(repos.targetPath, heads.target, heads.source);
    status = m.clean ? 'can_be_merged' : 'cannot_be_merged';
    await recordDiffVersionIfMoved(ctx, mr, repos, heads.source, heads.target);
  }
  const now = findMergeRequestById(ctx.db, id);
  if (!now) return null;
  if (isOpen(now))
    updateMergeRequest(ctx.db, id, { merge_status: status, updated_at: now.updated_at }, now.updated_at);
  return findMergeRequestById(ctx.db, id) ?? null;
}

/** Head-ref writes under way, by target repository, ref and commit (see `ensureSourceInTarget`). */
const headRefWrites = new Map<string, Promise<void>>();

/**
 * Keep the source head reachable from the target repository as `refs/merge-requests/<iid>/head` (GitLab's
 * ref): fetched from a fork's repository, a plain ref move in the same repository. Nothing is written
 * when the ref already points at `sourceSha` (read through the pooled cat-file, no process: a re-check
 * of an unmoved source starts no git for the ref), and callers asking for the same write while it runs
 * (the check and the merge request pipeline after an open or a push) wait for that one.
 * @throws GitError when the fetch or the ref update fails.
 */
export async function ensureSourceInTarget(
  repos: MergeRequestRepos,
  mr: Pick<MergeRequestRow, 'iid'>,
  sourceSha: string,
): Promise<void> {
  const ref = `refs/merge-requests/${mr.iid}/head`;
  const key = `${repos.targetPath}\0${ref}\0${sourceSha}`;
  const running = headRefWrites.get(key);
  if (running) return running;
  const write = (async () => {
    if ((await resolveCommit(repos.targetPath, ref)) === sourceSha) return;
    if (repos.sourcePath !== repos.targetPath)
      await fetchCommitAsRef(repos.targetPath, repos.sourcePath, sourceSha, ref);
    else await setRef(repos.targetPath, ref, sourceSha);
  })();
  headRefWrites.set(key, write);
  try {
    await write;
  } finally {
    headRefWrites.delete(key);
  }
}

/**
 * Record a diff version when the source head differs from the latest version's head (or there is none),
 * and mirror its SHAs into the request's diff refs.
 * @returns true when a version was recorded.
 */
export async function recordDiffVersionIfMoved(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  repos: MergeRequestRepos,
  head: string,
  start: string,
): Promise<boolean> {
  const latest = findLatestMergeRequestDiff(ctx.db, mr.id);
  if (latest && latest.head_commit_sha === head) return false;
  const repo = repos.targetPath;
  const base = (await mergeBase(repo, start, head)) ?? start;
  const shas = await commitsBetween(repo, base, head);
  const commits = await readCommits(repo, [...shas].reverse());
  const diff = await diffBetween(repo, base, head, diffLimits(ctx.db));
  const at = nowIso();
  const diffId = insertMergeRequestDiff(
    ctx.db,
    {
      merge_request_id: mr.id,
      state: diff.overflow
        ? 'overflow'
        : diff.totalFiles === 0 && commits.length === 0
          ? 'empty'
          : 'collected',
      head_commit_sha: head,
      base_commit_sha: base,
      start_commit_sha: start,
      real_size: diff.realSize,
      files_count: diff.files.length,
      commits_count: commits.length,
      created_at: at,
    },
    commits.map((c) => ({
      sha: c.id,
      message: c.message,
      author_name: c.authorName,
      author_email: c.authorEmail,
      authored_date: c.authoredDate,
      committer_name: c.committerName,
      committer_email: c.committerEmail,
      committed_date: c.committedDate,
      parent_ids: c.parentIds.join(' '),
    })),
    diff.files.map((f) => ({
      old_path: f.old_path,
      new_path: f.new_path,
      a_mode: f.a_mode,
      b_mode: f.b_mode,
      new_file: f.new_file ? 1 : 0,
      renamed_file: f.renamed_file ? 1 : 0,
      deleted_file: f.deleted_file ? 1 : 0,
      too_large: f.too_large ? 1 : 0,
      diff: f.diff,
    })),
  );
  recordPushNote(ctx, mr, latest?.id, diffId); // GitLab's `added N commits` system note
  const now = findMergeRequestById(ctx.db, mr.id);
  if (now)
    updateMergeRequest(
      ctx.db,
      mr.id,
      { head_sha: head, base_sha: base, start_sha: start, updated_at: now.updated_at },
      now.updated_at,
    );
  return true;
}

/**
 * Start-up recovery: checks left in `checking` by a crash are scheduled again (the rebase queue is
 * resumed by `recoverRebases`, see rebase.ts).
 */
export function recoverMergeStatusChecks(ctx: ServiceContext): void {
  for (const id of findMergeRequestIdsByMergeStatus(ctx.db, 'checking')) {
    const mr = findMergeRequestById(ctx.db, id);
    if (!mr) continue;
    updateMergeRequest(ctx.db, id, { merge_status: 'unchecked', updated_at: mr.updated_at }, mr.updated_at);
    scheduleMergeStatusCheck(ctx, mr);
  }
}
