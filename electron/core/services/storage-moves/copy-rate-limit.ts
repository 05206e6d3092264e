/**
 * A copy rate limit for storage moves: hooks that keep each move's copy at or under a number of bytes
 * per second, so moving a shard doesn't take a desktop's whole disk. Off by default (moves copy as fast
 * as the disk allows); `CoreOptions.storageMoveBytesPerSecond` turns it on, which the embedded instance
 * takes from `OUTPOST_STORAGE_MOVE_MIB_PER_SECOND` (electron/host/embedded-core.ts). Tests of the screens use it to keep a move `started` long enough
 * to watch it (e2e/storage-moves.spec.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { StorageMoveHooks } from './runtime.js';

/** What the pacing needs from the outside world (tests give fakes; defaults are the real clock and timers). */
export interface CopyRateClock {
  /** Milliseconds on a monotonic clock. Default `performance.now()`. */
  now?: () => number;
  /** Waits `ms` milliseconds; rejects (or returns early) when `signal` aborts. Default node's timers. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Storage-move hooks pacing every move to at most `bytesPerSecond` (each move on its own; moves
 * running side by side each get the rate). After each copied file the move waits until its bytes so
 * far are no ahead of the rate since its copy began: the rate holds over the whole copy, a single
 * large file (a packfile) is copied at disk speed and then paid for.
 * A wait gives up as soon as the core shuts down (the copy then stops as an aborted move does).
 * @throws RangeError when `bytesPerSecond` is not a positive finite number.
 */
export function copyRateLimitHooks(bytesPerSecond: number, clock: CopyRateClock = {}): StorageMoveHooks {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0)
    throw new RangeError(
      `A storage move copy rate must be a positive number of bytes per second, got ${bytesPerSecond}`,
    );
  const now = clock.now ?? (() => performance.now());
  const wait = clock.wait ?? ((ms: number, signal: AbortSignal) => sleep(ms, undefined, { signal }));
  const startedAt = new Map<number, number>();
  return {
    beforeCopy: async (move) => {
      startedAt.set(move.id, now());
    },
    afterCopyFile: async (move, file, signal) => {
      const start = startedAt.get(move.id);
      if (start === undefined) return;
      const due = start + (file.bytesCopied / bytesPerSecond) * 1000;
      const ahead = due - now();
      if (ahead > 0) await wait(ahead, signal).catch(() => undefined);
      if (file.bytesCopied >= file.bytesTotal) startedAt.delete(move.id);
    },
    beforeCleanup: async (move) => {
      startedAt.delete(move.id);
    },
  };
}
