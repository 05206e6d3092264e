/**
 * Cherry-pick and revert without a work tree (as Gitaly's UserCherryPick/UserRevert): a three-way merge
 * of trees with an explicit base. git 2.39's `merge-tree --write-tree` takes no `--merge-base` (2.40+),
 * so the base is given through history: two throwaway commits holding the "ours" and "theirs" trees on
 * top of one root commit holding the base tree make that root their merge base; merge-ort then merges
 * the three trees in memory (git/merges.ts `checkMergeability`). The throwaway commits stay unreferenced
 * (garbage for `git gc`); no ref moves here.
 * - cherry-pick C onto H: base C's first parent (or the empty tree), ours H, theirs C;
 * - revert C on H: base C, ours H, theirs C's first parent (or the empty tree).
 */
import { checkMergeability } from './merges.js';
import type { Mergeability } from './merges.js';
import type { GitIdentity } from './repository.js';
import { runGit } from './run-git.js';

/** Identity of the throwaway commits (never referenced, never shown). */
const THROWAWAY_ENV = {
  GIT_AUTHOR_NAME: 'Outpost',
  GIT_AUTHOR_EMAIL: 'outpost@localhost',
  GIT_COMMITTER_NAME: 'Outpost',
  GIT_COMMITTER_EMAIL: 'outpost@localhost',
  GIT_AUTHOR_DATE: '@0 +0000',
  GIT_COMMITTER_DATE: '@0 +0000',
};

/** The tree of a commit, or the empty tree (written if missing) for null. @throws GitError */
async function treeOf(repoPath: string, commit: string | null): Promise<string> {
  if (commit === null) return (await runGit(['mktree'], { gitDir: repoPath, input: '' })).trim();
  return (await runGit(['rev-parse', `${commit}^{tree}`], { gitDir: repoPath })).trim();
}

async function throwaway(repoPath: string, tree: string, parent: string | null): Promise<string> {
  const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', 'outpost: pick'];
  return (await runGit(args, { gitDir: repoPath, env: THROWAWAY_ENV })).trim();
}

/**
 * Merge the trees of `ours` and `theirs` (commits, or null for the empty tree) with `base` as their
 * merge base, in memory.
 * @returns the merged tree and the conflicted paths (clean when none). @throws GitError
 */
export async function mergeTreesWithBase(
  repoPath: string,
  input: { base: string | null; ours: string; theirs: string | null },
): Promise<Mergeability> {
  const [baseTree, oursTree, theirsTree] = await Promise.all([
    treeOf(repoPath, input.base),
    treeOf(repoPath, input.ours),
    treeOf(repoPath, input.theirs),
  ]);
  const root = await throwaway(repoPath, baseTree, null);
  const [o, t] = await Promise.all([
    throwaway(repoPath, oursTree, root),
    throwaway(repoPath, theirsTree, root),
  ]);
  return checkMergeability(repoPath, o, t);
}

/** The tree id of a commit. @throws GitError */
export function commitTreeId(repoPath: string, commit: string): Promise<string> {
  return treeOf(repoPath, commit);
}

/**
 * Write the picked commit: `tree` on top of `parent`, with `author` (and its original date, when given,
 * as a cherry-pick keeps it) and `committer`; moves no ref.
 * @returns the commit SHA. @throws GitError
 */
export async function writePickCommit(
  repoPath: string,
  input: {
    tree: string;
    parent: string;
    message: string;
    author: GitIdentity & { date?: string };
    committer: GitIdentity;
  },
): Promise<string> {
  const env: Record<string, string> = {
    GIT_AUTHOR_NAME: input.author.name,
    GIT_AUTHOR_EMAIL: input.author.email,
    GIT_COMMITTER_NAME: input.committer.name,
    GIT_COMMITTER_EMAIL: input.committer.email,
  };
  if (input.author.date) env.GIT_AUTHOR_DATE = input.author.date;
  const args = ['commit-tree', input.tree, '-p', input.parent, '-F', '-'];
  return (await runGit(args, { gitDir: repoPath, env, input: input.message })).trim();
}
