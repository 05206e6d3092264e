/**
 * One merge at a time per target branch (issue 25): merges of merge requests into the same branch of the
 * same repository run one after the other, in arrival order, inside this process.
 *
 * Why: a merge commits against the target head it read and moves the branch with an old-value check
 * (git/merges.ts `moveBranch`), so of N concurrent merges into one branch all but one found the branch
 * moved and answered 409 (19–21 of 24 in the probe). GitLab doesn't: MergeRequests::MergeService
 * (app/services/merge_requests/merge_service.rb) holds an exclusive lease per merge request
 * (`merge_requests_merge_service:<id>`) and the request's `in_locked_state`, and `repository.merge` asks
 * Gitaly's UserMergeBranch to merge into the branch as it is at that moment, so a merge request whose merge
 * is still clean merges on top of whatever was merged just before it. Here the queue gives each merge the
 * target head after the previous one finished, and the merge re-reads it (accept-merge-request.ts
 * `mergeNow`).
 *
 * The queue is in-process: the core is the only writer of its repositories besides pushes over git, which
 * the merge still detects with the old-value check (and retries).
 */
import path from 'node:path';

/** The tail of each branch's queue: settles when the last merge queued so far has finished. */
const tails = new Map<string, Promise<void>>();

/** The queue key of `branch` in the repository at `repoPath` (absolute, normalized). Pure. */
export function mergeQueueKey(repoPath: string, branch: string): string {
  return `${path.resolve(repoPath)}\n${branch}`;
}

/**
 * Run `work` once every merge queued before it for the same repository and branch has finished
 * (resolved or thrown), and hold the next ones until `work` settles.
 * @returns what `work` returns. @throws what `work` throws (the queue goes on either way).
 */
export async function inMergeQueue<T>(repoPath: string, branch: string, work: () => Promise<T>): Promise<T> {
  const key = mergeQueueKey(repoPath, branch);
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => done);
  tails.set(key, tail);
  try {
    await previous;
    return await work();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}

/** How many branches have merges running or waiting (for tests: 0 once everything settled). */
export function activeMergeQueues(): number {
  return tails.size;
}
