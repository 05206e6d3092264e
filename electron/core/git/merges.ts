/**
 * Merging without a work tree, as Gitaly's UserMergeBranch/UserSquash/UserRebaseConfirmable do:
 *
 * - `checkMergeability`: `git merge-tree --write-tree --name-only --no-messages <target> <source>`
 *   (git ≥ 2.38) computes the merge in memory; exit 0 = clean (first line is the merged tree), exit 1 =
 *   conflicts (the following lines name the conflicted paths). Nothing is written but loose objects.
 * - `createMergeCommit` / `createSquashCommit`: the merged tree (the caller's `checkMergeability` result
 *   when it has one, else merge-tree once) committed with `commit-tree` (two parents for a merge commit,
 *   the target alone for a squash), then the target branch moved with
 *   `update-ref <ref> <new> <old>` so a concurrent push is detected (`MergeError('ref_moved')`), never
 *   overwritten. Three `git` processes per merge: merge-tree, commit-tree, update-ref.
 * - `rebaseInWorktree`: a temporary `git worktree add --detach` of the bare repository at the source head,
 *   `git rebase <target>` in it, the source branch moved with the same old-value check; the worktree is
 *   always removed (and pruned), whatever happened.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { catFileContentsMany } from './cat-file-pool.js';
import type { GitIdentity } from './repository.js';
import { GitError, runGit } from './run-git.js';
import { makeGitTempDir } from './temp-area.js';

/** Why a merge, squash or rebase was refused. Nothing was changed. */
export type MergeErrorCode = 'conflict' | 'ref_moved' | 'rebase_failed';

export class MergeError extends Error {
  constructor(
    readonly code: MergeErrorCode,
    message: string,
    readonly conflicts: string[] = [],
  ) {
    super(message);
    this.name = 'MergeError';
  }
}

/** Result of an in-memory merge of `source` into `target`. */
export interface Mergeability {
  clean: boolean;
  /** The merged tree (also written when there are conflicts: it then holds conflict markers). */
  tree: string;
  /** Conflicted paths, sorted and unique (empty when clean). */
  conflicts: string[];
}

/** Parse `merge-tree --write-tree --name-only --no-messages` output. Pure; unit-tested. */
export function parseMergeTreeOutput(out: string, exitCode: number): Mergeability {
  const lines = out.split('\n').filter((l) => l.length > 0);
  const tree = lines[0] ?? '';
  const conflicts = [...new Set(lines.slice(1))].sort();
  return { clean: exitCode === 0, tree, conflicts };
}

/**
 * Merge `sourceSha` into `targetSha` in memory.
 * @throws GitError for unknown commits or unrelated histories.
 */
export async function checkMergeability(
  repoPath: string,
  targetSha: string,
  sourceSha: string,
): Promise<Mergeability> {
  const out = await runGit(
    ['merge-tree', '--write-tree', '--name-only', '--no-messages', targetSha, sourceSha],
    { gitDir: repoPath, okExitCodes: [1] },
  );
  // Exit 1 (conflicts) prints the conflicted paths after the tree; a clean merge prints the tree alone.
  const conflicted = out.split('\n').filter(Boolean).length > 1;
  return parseMergeTreeOutput(out, conflicted ? 1 : 0);
}

const FULL_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** How far `firstParentChain` looks (one cat-file request of this many names). */
const CHAIN_MAX = 32;

interface ChainCommit {
  oid: string;
  parents: string[];
}

/** The `parent` lines of a raw commit object's header. Pure. */
export function commitParents(buf: Buffer): string[] {
  const end = buf.indexOf('\n\n');
  const header = buf.subarray(0, end < 0 ? buf.length : end).toString('latin1');
  const parents: string[] = [];
  for (const line of header.split('\n')) if (line.startsWith('parent ')) parents.push(line.slice(7).trim());
  return parents;
}

/**
 * `commit`, its first parent, its first parent's first parent… (at most `CHAIN_MAX`, fewer at a root),
 * with each one's parents, read in one request to the pooled `cat-file` (`<id>~0` … `<id>~31`): no
 * `git` process. null when `commit` is not a full object id or the pool can't answer.
 */
async function firstParentChain(repoPath: string, commit: string): Promise<ChainCommit[] | null> {
  if (!FULL_ID.test(commit)) return null;
  let answers;
  try {
    answers = await catFileContentsMany(
      repoPath,
      Array.from({ length: CHAIN_MAX }, (_, i) => `${commit}~${i}`),
      1024 * 1024,
    );
  } catch {
    return null;
  }
  const chain: ChainCommit[] = [];
  for (const a of answers) {
    if (!a || 'tooLarge' in a || a.type !== 'commit' || !a.content) break;
    chain.push({ oid: a.oid, parents: commitParents(a.content) });
  }
  return chain;
}

/**
 * The merge base of two commits, or null when their histories are unrelated. When one is within
 * `CHAIN_MAX` first-parent steps of the other it is their merge base (an ancestor of both, and every
 * common ancestor is its ancestor): answered from the pooled cat-file without a `git` process (a new
 * merge request whose target has not moved, a re-check after the source moved). Otherwise
 * `git merge-base`.
 */
export async function mergeBase(repoPath: string, a: string, b: string): Promise<string | null> {
  if (FULL_ID.test(a) && FULL_ID.test(b)) {
    const [fromB, fromA] = await Promise.all([firstParentChain(repoPath, b), firstParentChain(repoPath, a)]);
    if (fromB?.some((c) => c.oid === a)) return a;
    if (fromA?.some((c) => c.oid === b)) return b;
  }
  try {
    return (await runGit(['merge-base', a, b], { gitDir: repoPath })).trim() || null;
  } catch (err) {
    if (err instanceof GitError && err.exitCode === 1) return null;
    throw err;
  }
}

/**
 * Commits reachable from `head` but not from `base`, oldest first (`git rev-list --reverse base..head`).
 * When `base` is within `CHAIN_MAX` first-parent steps of `head` and every commit between has one parent,
 * those commits are the answer (a linear branch, the usual merge request), read from the pooled
 * cat-file without a `git` process; otherwise `git rev-list`.
 */
export async function commitsBetween(repoPath: string, base: string, head: string): Promise<string[]> {
  if (FULL_ID.test(base)) {
    const chain = await firstParentChain(repoPath, head);
    const at = chain ? chain.findIndex((c) => c.oid === base) : -1;
    if (chain && at >= 0 && chain.slice(0, at).every((c) => c.parents.length === 1))
      return chain
        .slice(0, at)
        .map((c) => c.oid)
        .reverse();
  }
  const out = await runGit(['rev-list', '--reverse', `${base}..${head}`], { gitDir: repoPath });
  return out.split('\n').filter(Boolean);
}

/** How many commits `from` lacks from `to` (`rev-list --count from..to`). */
export async function countCommitsBetween(repoPath: string, from: string, to: string): Promise<number> {
  const out = await runGit(['rev-list', '--count', `${from}..${to}`], { gitDir: repoPath });
  return Number(out.trim()) || 0;
}

/** True when `ancestor` is an ancestor of (or equal to) `commit`. */
export async function isAncestor(repoPath: string, ancestor: string, commit: string): Promise<boolean> {
  try {
    await runGit(['merge-base', '--is-ancestor', ancestor, commit], { gitDir: repoPath });
    return true;
  } catch (err) {
    if (err instanceof GitError && err.exitCode === 1) return false;
    throw err;
  }
}

function identityEnv(author: GitIdentity, committer: GitIdentity): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
  };
}

/**
 * Move `refs/heads/<branch>` from `oldSha` to `newSha`.
 * @throws MergeError('ref_moved') when the branch no longer points at `oldSha`.
 */
export async function moveBranch(
  repoPath: string,
  branch: string,
  newSha: string,
  oldSha: string,
  reason: string,
): Promise<void> {
  try {
    await runGit(['update-ref', '-m', `outpost: ${reason}`, `refs/heads/${branch}`, newSha, oldSha], {
      gitDir: repoPath,
    });
  } catch (err) {
    if (err instanceof GitError)
      throw new MergeError('ref_moved', `Could not update refs/heads/${branch}: it moved meanwhile`);
    throw err;
  }
}

export interface MergeCommitInput {
  targetBranch: string;
  targetSha: string;
  sourceSha: string;
  message: string;
  author: GitIdentity;
  committer: GitIdentity;
  /**
   * The clean merged tree of exactly `targetSha` and `sourceSha`, when the caller already ran
   * `checkMergeability` on them (the merge is then not computed a second time: one `git` process less).
   */
  mergedTree?: string;
}

/**
 * Write a commit of `tree` with `parents` (in order) and `message` (`commit-tree`); moves no ref.
 * @returns the commit SHA. @throws GitError
 */
export async function commitTree(
  repoPath: string,
  input: {
    tree: string;
    parents: readonly string[];
    message: string;
    author: GitIdentity;
    committer: GitIdentity;
  },
): Promise<string> {
  const args = ['commit-tree', input.tree, ...input.parents.flatMap((p) => ['-p', p]), '-F', '-'];
  return (
    await runGit(args, {
      gitDir: repoPath,
      env: identityEnv(input.author, input.committer),
      input: input.message,
    })
  ).trim();
}

/** GitLab's default merge commit message. Pure. */
export function defaultMergeCommitMessage(p: {
  sourceBranch: string;
  targetBranch: string;
  title: string;
  description?: string | null;
  reference: string;
}): string {
  return `Merge branch '${p.sourceBranch}' into '${p.targetBranch}'\n\n${p.title}\n\nSee merge request ${p.reference}`;
}

async function mergedTreeOrThrow(repoPath: string, input: MergeCommitInput): Promise<string> {
  if (input.mergedTree) return input.mergedTree;
  const m = await checkMergeability(repoPath, input.targetSha, input.sourceSha);
  if (!m.clean) throw new MergeError('conflict', 'Branch cannot be merged', m.conflicts);
  return m.tree;
}

/**
 * Commit the merge of `sourceSha` into `targetSha` (parents: target, source) and move the target branch.
 * @returns the merge commit SHA.
 * @throws MergeError conflict | ref_moved.
 */
export async function createMergeCommit(repoPath: string, input: MergeCommitInput): Promise<string> {
  const tree = await mergedTreeOrThrow(repoPath, input);
  const commit = await commitTree(repoPath, {
    tree,
    parents: [input.targetSha, input.sourceSha],
    message: input.message,
    author: input.author,
    committer: input.committer,
  });
  await moveBranch(repoPath, input.targetBranch, commit, input.targetSha, 'merge');
  return commit;
}

/**
 * Squash: one commit holding the merged tree on top of the target (parent: target alone), the target
 * branch fast-forwarded to it.
 * @returns the squash commit SHA.
 * @throws MergeError conflict | ref_moved.
 */
export async function createSquashCommit(repoPath: string, input: MergeCommitInput): Promise<string> {
  const tree = await mergedTreeOrThrow(repoPath, input);
  const commit = await commitTree(repoPath, {
    tree,
    parents: [input.targetSha],
    message: input.message,
    author: input.author,
    committer: input.committer,
  });
  await moveBranch(repoPath, input.targetBranch, commit, input.targetSha, 'squash');
  return commit;
}

export interface RebaseInput {
  sourceBranch: string;
  sourceSha: string;
  targetSha: string;
  committer: GitIdentity;
  /**
   * The area under which the rebase's private work directory (holding the temporary worktree) is made:
   * `gitTempRoot(<dataDir>)` (git/temp-area.ts) for a core; default the OS temp dir.
   */
  tmpDir?: string;
}

/**
 * Rebase the source branch onto `targetSha` in a temporary worktree and move the branch.
 * @returns the new source head (equal to `sourceSha` when nothing needed rebasing).
 * @throws MergeError rebase_failed (conflict; message names the paths) | ref_moved.
 */
export async function rebaseInWorktree(repoPath: string, input: RebaseInput): Promise<string> {
  // The worktree goes inside a fresh 0700 directory made exclusively (mkdtemp; git/temp-area.ts).
  const workDir = await makeGitTempDir(input.tmpDir, 'rebase-');
  const dir = path.join(workDir, 'worktree');
  const env = {
    GIT_COMMITTER_NAME: input.committer.name,
    GIT_COMMITTER_EMAIL: input.committer.email,
    // rebase needs an author identity for its own bookkeeping; commits keep their authors.
    GIT_AUTHOR_NAME: input.committer.name,
    GIT_AUTHOR_EMAIL: input.committer.email,
  };
  try {
    await runGit(['worktree', 'add', '--detach', dir, input.sourceSha], { gitDir: repoPath });
    let head: string;
    try {
      await runGit(['-c', 'rebase.autoStash=false', 'rebase', '--no-autosquash', input.targetSha], {
        cwd: dir,
        env,
        timeoutMs: 300_000,
      });
      head = (await runGit(['rev-parse', 'HEAD'], { cwd: dir })).trim();
    } catch (err) {
      if (!(err instanceof GitError)) throw err;
      const conflicts = (
        await runGit(['diff', '--name-only', '--diff-filter=U'], { cwd: dir }).catch(() => '')
      )
        .split('\n')
        .filter(Boolean);
      await runGit(['rebase', '--abort'], { cwd: dir }).catch(() => '');
      const what = conflicts.length > 0 ? `conflict in ${conflicts.join(', ')}` : err.message;
      throw new MergeError('rebase_failed', `Rebase failed: ${what}`, conflicts);
    }
    if (head !== input.sourceSha)
      await moveBranch(repoPath, input.sourceBranch, head, input.sourceSha, 'rebase');
    return head;
  } finally {
    await runGit(['worktree', 'remove', '--force', dir], { gitDir: repoPath }).catch(() => '');
    await rm(workDir, { recursive: true, force: true });
    await runGit(['worktree', 'prune'], { gitDir: repoPath }).catch(() => '');
  }
}
