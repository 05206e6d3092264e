/**
 * Cherry-picking and reverting a commit onto a branch (doc/api/commits.md "Cherry-pick a commit" and
 * "Revert a commit"; lib/api/commits.rb; app/services/commits/change_service.rb). Checks in GitLab's
 * order: push access to the branch (403 `403 Forbidden - You are not allowed to push into this branch`,
 * repository not read-only), the commit (404 `404 Commit Not Found`), the branch (404
 * `404 Branch Not Found`); then the change is computed in memory (git/pick.ts) and committed on top of the
 * branch with a compare-and-swap move. A conflict or an empty result is a {@link PickError} and changes
 * nothing; `dryRun` stops before writing the commit. A cherry-pick keeps the commit's author and author
 * date; a revert
 * is authored by the caller. Pushes' side effects follow: pipelines, merge request refresh.
 */
import { findMergeRequestIidByCommit } from '../../db/commit-merge-requests.js';
import { nowIso } from '../../db/database.js';
import { updateProject } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { readCommits, resolveCommit } from '../../git/commit-info.js';
import { MergeError, moveBranch } from '../../git/merges.js';
import { commitTreeId, mergeTreesWithBase, writePickCommit } from '../../git/pick.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { onBranchMoved } from '../merge-requests/merge-status.js';
import { createPipelinesForRefUpdate } from '../pipelines/create-pipeline.js';
import { requireBranchPush } from '../repository-files/require-branch-push.js';
import { projectRepository } from '../refs/project-repository.js';

export type PickKind = 'cherry_pick' | 'revert';

/**
 * GitLab's `Commit#revert_description` (app/models/commit.rb): `This reverts merge request !<iid>` when the
 * commit is the merge commit (a commit with several parents) or the squash commit of one of the project's
 * merge requests, else `This reverts commit <sha>`.
 */
function revertDescription(ctx: ServiceContext, project: ProjectRow, sha: string, isMerge: boolean): string {
  const column = isMerge ? 'merge_commit_sha' : 'squash_commit_sha';
  const iid = findMergeRequestIidByCommit(ctx.db, project.id, column, sha);
  return iid === undefined ? `This reverts commit ${sha}` : `This reverts merge request !${iid}`;
}

/** A refused cherry-pick or revert: 400 `{"message", "error_code"}` (`conflict` or `empty`). */
export class PickError extends Error {
  constructor(
    message: string,
    readonly errorCode: 'conflict' | 'empty',
  ) {
    super(message);
    this.name = 'PickError';
  }
}

/** GitLab's refusal text (Commits::ChangeService). Pure. */
export function pickErrorMessage(kind: PickKind): string {
  const verb = kind === 'revert' ? 'revert' : 'cherry-pick';
  const done = kind === 'revert' ? 'reverted' : 'cherry-picked';
  return (
    `Sorry, we cannot ${verb} this commit automatically. This commit may already have been ${done}, ` +
    'or a more recent commit may have updated some of its content.'
  );
}

/**
 * Cherry-pick or revert `sha` onto `branch`.
 * @returns the new commit's SHA, or null for a successful dry run.
 * @throws ForbiddenError; NotFoundError('Commit' | 'Branch'); PickError; MergeError('ref_moved') is
 *   turned into PickError conflict (the branch moved meanwhile).
 */
export async function pickCommit(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { kind: PickKind; sha: string; branch: string; dryRun: boolean; message?: string },
): Promise<string | null> {
  const user = requireBranchPush(ctx, project, input.branch);
  const repo = projectRepository(ctx, project);
  const id = await resolveCommit(repo.path, input.sha);
  const [commit] = id ? await readCommits(repo.path, [id]) : [];
  if (!commit) throw new NotFoundError('Commit');
  const head = await resolveCommit(repo.path, `refs/heads/${input.branch}`);
  if (!head) throw new NotFoundError('Branch');

  const parent = commit.parentIds[0] ?? null;
  const merged =
    input.kind === 'cherry_pick'
      ? await mergeTreesWithBase(repo.path, { base: parent, ours: head, theirs: commit.id })
      : await mergeTreesWithBase(repo.path, { base: commit.id, ours: head, theirs: parent });
  if (!merged.clean) throw new PickError(pickErrorMessage(input.kind), 'conflict');
  if (merged.tree === (await commitTreeId(repo.path, head)))
    throw new PickError(pickErrorMessage(input.kind), 'empty');
  if (input.dryRun) return null;

  const title = commit.message.split('\n')[0]!.trim();
  const message =
    input.message ??
    (input.kind === 'cherry_pick'
      ? `${commit.message.trimEnd()}\n\n(cherry picked from commit ${commit.id})`
      : `Revert "${title}"\n\n${revertDescription(ctx, project, commit.id, commit.parentIds.length > 1)}`);
  const me = { name: user.name, email: user.email };
  const newId = await writePickCommit(repo.path, {
    tree: merged.tree,
    parent: head,
    message,
    author:
      input.kind === 'cherry_pick'
        ? { name: commit.authorName, email: commit.authorEmail, date: commit.authoredDate }
        : me,
    committer: me,
  });
  try {
    await moveBranch(
      repo.path,
      input.branch,
      newId,
      head,
      input.kind === 'revert' ? 'revert' : 'cherry-pick',
    );
  } catch (err) {
    if (err instanceof MergeError) throw new PickError(pickErrorMessage(input.kind), 'conflict');
    throw err;
  }
  updateProject(ctx.db, project.id, { last_activity_at: nowIso() }, nowIso());
  createPipelinesForRefUpdate(ctx, project, input.branch, newId, { before: head });
  onBranchMoved(ctx, project, input.branch);
  return newId;
}
