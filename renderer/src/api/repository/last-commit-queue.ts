/**
 * At most {@link LAST_COMMIT_CONCURRENCY} last-commit reads in flight per app (`GET …/repository/commits
 * ?path=&per_page=1`, one per tree row): a folder shown at once asks for its rows a few at a time, so
 * the screen's own reads (the tree page, the README) are not queued behind twenty row reads and the
 * instance's per-user rate limit is spent evenly. A tiny FIFO semaphore; no timers.
 */
export const LAST_COMMIT_CONCURRENCY = 3;

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `task` when fewer than {@link LAST_COMMIT_CONCURRENCY} others run; resolves with its result. */
export async function withLastCommitSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= LAST_COMMIT_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}
