/**
 * Reading diff versions and changes of a merge request (doc/api/merge_requests.md "Get MR diff versions",
 * "Get single MR changes"; spec rule 2): versions come from `merge_request_diffs` (recorded by the
 * merge-status job, merge-status.ts); `changes` serves the latest version's stored files (collected under
 * the instance's size limits, `overflow` when cut) unless `access_raw_diffs` asks for git's full diff
 * between the same SHAs without limits.
 */
import {
  findLatestMergeRequestDiff,
  findMergeRequestDiff,
  listDiffCommits,
  listDiffFiles,
  listMergeRequestDiffs,
} from '../../db/merge-request-diffs.js';
import type {
  MergeRequestDiffCommitRow,
  MergeRequestDiffFileRow,
  MergeRequestDiffRow,
} from '../../db/merge-request-diffs.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { diffBetween } from '../../git/diffs.js';
import type { DiffFile } from '../../git/diffs.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { checkMergeRequest, diffLimits, mergeRequestRepos } from './merge-status.js';

export function listVersions(ctx: ServiceContext, mr: MergeRequestRow): MergeRequestDiffRow[] {
  return listMergeRequestDiffs(ctx.db, mr.id);
}

/** @throws NotFoundError `404 Not found` for a version of another merge request or none. */
export function getVersion(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  versionId: number,
): { version: MergeRequestDiffRow; commits: MergeRequestDiffCommitRow[]; files: MergeRequestDiffFileRow[] } {
  const version = Number.isSafeInteger(versionId)
    ? findMergeRequestDiff(ctx.db, mr.id, versionId)
    : undefined;
  if (!version) throw new NotFoundError('Not found', '404 Not found');
  return { version, commits: listDiffCommits(ctx.db, version.id), files: listDiffFiles(ctx.db, version.id) };
}

/**
 * The changes of the latest version (recorded first when the request has none yet, e.g. right after
 * creation). Merged and closed requests keep their last version.
 */
export async function getChanges(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  opts: { accessRawDiffs?: boolean } = {},
): Promise<{ files: (DiffFile | MergeRequestDiffFileRow)[]; overflow: boolean }> {
  let latest = findLatestMergeRequestDiff(ctx.db, mr.id);
  if (!latest && (mr.state === 'opened' || mr.state === 'locked')) {
    await checkMergeRequest(ctx, mr.id);
    latest = findLatestMergeRequestDiff(ctx.db, mr.id);
  }
  const base = latest?.base_commit_sha ?? mr.base_sha;
  const head = latest?.head_commit_sha ?? mr.head_sha;
  if (opts.accessRawDiffs || !latest) {
    const repos = mergeRequestRepos(ctx, mr);
    if (!repos || !base || !head) return { files: [], overflow: false };
    const diff = await diffBetween(
      repos.targetPath,
      base,
      head,
      opts.accessRawDiffs ? null : diffLimits(ctx.db),
    );
    return { files: diff.files, overflow: diff.overflow };
  }
  return { files: listDiffFiles(ctx.db, latest.id), overflow: latest.state === 'overflow' };
}
