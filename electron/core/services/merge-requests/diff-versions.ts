/**
 * Reading diff versions and changes of a merge request (doc/api/merge_requests.md "Get MR diff versions",
 * "Get single MR changes"; spec rule 2): versions come from `merge_request_diffs` (recorded by the
 * merge-status job, merge-status.ts); `changes` serves the latest version's stored files (collected under
 * the instance's size limits, `overflow` when cut) unless `access_raw_diffs` asks for git's full diff
 * between the same SHAs without limits. `listDiffsPage` serves one page of the latest version's stored files
 * (`GET …/diffs`, 15.7) and `rawDiffs` the whole plain-text diff (`GET …/raw_diffs`, gitlab-org/gitlab!178813).
 */
import {
  findLatestMergeRequestDiff,
  findMergeRequestDiff,
  listDiffCommits,
  listDiffFiles,
  listDiffFilesPage,
  listMergeRequestDiffs,
} from '../../db/merge-request-diffs.js';
import type {
  MergeRequestDiffCommitRow,
  MergeRequestDiffFileRow,
  MergeRequestDiffRow,
} from '../../db/merge-request-diffs.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { diffBetween, rawDiffBetween } from '../../git/diffs.js';
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
 * The latest version, recorded first when an open request has none yet (e.g. right after creation).
 */
async function latestVersion(
  ctx: ServiceContext,
  mr: MergeRequestRow,
): Promise<MergeRequestDiffRow | undefined> {
  let latest = findLatestMergeRequestDiff(ctx.db, mr.id);
  if (!latest && (mr.state === 'opened' || mr.state === 'locked')) {
    await checkMergeRequest(ctx, mr.id);
    latest = findLatestMergeRequestDiff(ctx.db, mr.id);
  }
  return latest;
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
  const latest = await latestVersion(ctx, mr);
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

/**
 * One page of the latest version's files, in their stored order (lib/api/merge_requests.rb
 * `GET :id/merge_requests/:merge_request_iid/diffs`: `paginate(merge_request.merge_request_diff
 * .paginated_diffs(page, per_page))`), and how many files the version holds (`X-Total`). The files are
 * the ones collected under the instance's diff limits (doc/api/merge_requests.md "List merge request
 * diffs": "Merge requests that exceed the diff limits return limited results"); a file over the per-file
 * limit keeps `too_large` and an empty `diff`. A request without a version yet (none recorded, e.g. a
 * closed request whose branches are gone) has no files.
 */
export async function listDiffsPage(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  page: { limit: number; offset: number },
): Promise<{ files: MergeRequestDiffFileRow[]; total: number }> {
  const latest = await latestVersion(ctx, mr);
  if (!latest) return { files: [], total: 0 };
  return listDiffFilesPage(ctx.db, latest.id, page.limit, page.offset);
}

/**
 * The plain-text diff between the latest version's base and head (`git diff --full-index`, every file,
 * no limits), as `GET …/raw_diffs` sends it (lib/api/merge_requests.rb: `send_git_diff(repository,
 * merge_request.diff_refs)`; gitlab-org/gitlab!178813). Empty when the request has no diff refs.
 */
export async function rawDiffs(ctx: ServiceContext, mr: MergeRequestRow): Promise<string> {
  const latest = await latestVersion(ctx, mr);
  const base = latest?.base_commit_sha ?? mr.base_sha;
  const head = latest?.head_commit_sha ?? mr.head_sha;
  const repos = mergeRequestRepos(ctx, mr);
  if (!repos || !base || !head) return '';
  return rawDiffBetween(repos.targetPath, base, head);
}
