import type { SlowDownEvent, SlowDownsPollResult } from '../../../shared/ipc-contract.js';
import { slowDownMessage, type SlowDownNotice } from '../proxy/rate-limiter.js';

/** Longest wait of one poll, in ms (as the change feed: keeps HTTP proxies happy). */
const MAX_WAIT_MS = 30_000;
/**
 * A pause that ends at most this many ms after the one already announced is the same pause (several
 * requests in flight each get the 429 and each extend the pause by the time between their answers).
 */
const SAME_PAUSE_MS = 1_000;

/** The host's "GitLab asked Outpost to slow down" notices, one per pause per profile, read by `events:slow-downs`. */
export interface SlowDownFeed {
  /**
   * Records that the rate limiter paused `profileId` (`InstanceRateLimiter`'s `onSlowDown`). A new
   * event is handed out only when the profile had no pause running, or the new one ends more than 1 s
   * after the announced one; otherwise nothing is sent, so the renderer shows one notice per pause.
   */
  report(profileId: string, notice: SlowDownNotice): void;
  /**
   * The pauses announced after `sinceSeq` that are still running, with the time left at answer time:
   * resolves at once when there are some, else as soon as one is announced or after `timeoutMs`
   * (capped at 30 s) with none. `sinceSeq` -1 (or one ahead of this host run) answers at once with every
   * pause running now, so a page opened in the middle of a pause shows it too.
   */
  poll(sinceSeq: number, timeoutMs: number): Promise<SlowDownsPollResult>;
  /** Answers every waiting poll; later reports are ignored. Idempotent. */
  close(): void;
}

/** Latest announced pause of one profile: its event and when it ends (ms since the epoch). */
interface Pause {
  event: SlowDownEvent;
  until: number;
}

/**
 * Keeps the latest pause per profile (there is nothing to replay: a notice that ended needs no showing)
 * and long-polls like the change feed (electron/host/events/change-feed.ts), so both shells carry it the
 * same way. Only the status, the wait and the sentence reach the renderer: never a URL or a token.
 */
export function createSlowDownFeed(options: { now?: () => number } = {}): SlowDownFeed {
  const now = options.now ?? Date.now;
  const pauses = new Map<string, Pause>();
  const waiters = new Set<() => void>();
  let seq = 0;
  let closed = false;

  const running = (sinceSeq: number): SlowDownEvent[] => {
    const at = now();
    const list: SlowDownEvent[] = [];
    for (const { event, until } of pauses.values()) {
      if (event.seq <= sinceSeq || until <= at) continue;
      const waitMs = until - at;
      list.push({ ...event, waitMs, message: slowDownMessage(waitMs) });
    }
    return list.sort((a, b) => a.seq - b.seq);
  };

  const answer = (sinceSeq: number): SlowDownsPollResult => ({
    seq,
    notices: running(sinceSeq < 0 || sinceSeq > seq ? 0 : sinceSeq),
  });

  return {
    report(profileId, notice) {
      if (closed) return;
      const at = now();
      const until = at + notice.waitMs;
      const current = pauses.get(profileId);
      if (current && current.until > at && until <= current.until + SAME_PAUSE_MS) {
        current.until = Math.max(current.until, until);
        return;
      }
      seq += 1;
      const event: SlowDownEvent = {
        seq,
        profileId,
        status: notice.status,
        waitMs: notice.waitMs,
        message: notice.message,
        at: new Date(at).toISOString(),
      };
      pauses.set(profileId, { event, until });
      for (const wake of [...waiters]) wake();
    },
    poll(sinceSeq, timeoutMs) {
      const ready = answer(sinceSeq);
      if (ready.notices.length > 0 || sinceSeq < 0 || sinceSeq > seq || closed || timeoutMs <= 0) {
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(finish);
          resolve(answer(sinceSeq));
        };
        const timer = setTimeout(finish, Math.min(timeoutMs, MAX_WAIT_MS));
        waiters.add(finish);
      });
    },
    close() {
      if (closed) return;
      closed = true;
      for (const wake of [...waiters]) wake();
    },
  };
}
