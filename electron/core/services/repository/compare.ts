/**
 * Comparing refs and finding merge bases (doc/api/repositories.md "Compare branches, tags or commits" and
 * "Merge base"; lib/api/repositories.rb; app/services/compare_service.rb; Gitlab::Git::Compare).
 * The caller has checked read access to the code.
 */
import type { ProjectRow } from '../../db/projects.js';
import { readCommits, resolveCommit } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import { diffBetween } from '../../git/diffs.js';
import { mergeBaseOf } from '../../git/merge-base.js';
import { commitsBetween } from '../../git/merges.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { projectRepository } from '../refs/project-repository.js';
import type { CompareView } from '../../entities/repository-compare.js';
export type { CompareView };

/**
 * Compare `from` and `to` (branch, tag or commit). `straight` diffs `from..to` directly instead of from
 * their merge base (`from...to`).
 * @throws NotFoundError('Ref') (404 `404 Ref Not Found`) when either ref names no commit.
 */
export async function compareRefs(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { from: string; to: string; straight: boolean },
): Promise<CompareView> {
  const repo = projectRepository(ctx, project);
  const [fromSha, toSha] = await Promise.all([
    resolveCommit(repo.path, input.from),
    resolveCommit(repo.path, input.to),
  ]);
  if (!fromSha || !toSha) throw new NotFoundError('Ref');
  const sameRef = fromSha === toSha;
  const base = input.straight ? fromSha : ((await mergeBaseOf(repo.path, [fromSha, toSha])) ?? fromSha);
  const [ids, diffs] = await Promise.all([
    sameRef ? Promise.resolve([]) : commitsBetween(repo.path, fromSha, toSha),
    sameRef ? Promise.resolve(null) : diffBetween(repo.path, base, toSha, null),
  ]);
  const commits = ids.length ? await readCommits(repo.path, ids) : [];
  const order = new Map(ids.map((id, i) => [id, i]));
  commits.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    commits,
    diffs: diffs?.files ?? [],
    fromSha,
    toSha,
    sameRef,
    straight: input.straight,
    projectWebUrl: repo.webUrl,
  };
}

/**
 * The merge base of `refs` (two or more branches, tags or commits).
 * @throws ValidationError 400 `Provide at least 2 refs`, 400 `Could not find ref: x` (`refs: x, y`);
 *   NotFoundError('Merge Base') when the histories are unrelated.
 */
export async function findMergeBase(
  ctx: ServiceContext,
  project: ProjectRow,
  refs: readonly string[],
): Promise<{ commit: CommitInfo; projectWebUrl: string }> {
  if (refs.length < 2) throw new ValidationError('Provide at least 2 refs');
  const repo = projectRepository(ctx, project);
  const shas = await Promise.all(refs.map((r) => resolveCommit(repo.path, r)));
  const unknown = refs.filter((_, i) => !shas[i]);
  if (unknown.length)
    throw new ValidationError(
      `Could not find ${unknown.length === 1 ? 'ref' : 'refs'}: ${unknown.join(', ')}`,
    );
  const base = await mergeBaseOf(repo.path, shas as string[]);
  const [commit] = base ? await readCommits(repo.path, [base]) : [];
  if (!commit) throw new NotFoundError('Merge Base');
  return { commit, projectWebUrl: repo.webUrl };
}
