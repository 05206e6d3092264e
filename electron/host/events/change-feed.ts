import type { ChangeEvent, EventsPollResult } from '../../../shared/ipc-contract.js';
import type { CoreEvents } from '../../core/core-contract.js';

/** Events kept for late pollers; older ones are dropped (a poller that missed them gets `reset`). */
const DEFAULT_CAPACITY = 2000;
/** Longest wait of one poll, in ms (the bridge schema allows up to 60 s; keep HTTP proxies happy). */
const MAX_WAIT_MS = 30_000;

/** The host's buffer of the embedded core's change events, read by `events:poll`. */
export interface ChangeFeed {
  /**
   * Events after `sinceSeq`: resolves at once when there are some, else as soon as one arrives or after
   * `timeoutMs` (capped at 30 s) with none. `sinceSeq` -1 asks only for the current `seq` (no wait).
   * A `sinceSeq` ahead of the buffer (an earlier host run) or behind its oldest event gives `reset`.
   */
  poll(sinceSeq: number, timeoutMs: number): Promise<EventsPollResult>;
  /** Newest sequence number handed out so far (0 before the first event). */
  readonly seq: number;
  /** Stops listening and answers every waiting poll. Idempotent. */
  close(): void;
}

/** Options of {@link createChangeFeed}. */
export interface ChangeFeedOptions {
  /** The embedded core's events; absent when there is no embedded core (polls answer `live: false`). */
  events?: CoreEvents | undefined;
  /** Profile the events belong to (the embedded profile). */
  profileId: string;
  /** Buffer size (default 2000). */
  capacity?: number;
  now?: () => Date;
}

/**
 * Subscribes to the core's `pipeline` and `job` events and keeps the last `capacity` of them with
 * increasing `seq`, so the renderer can long-poll over Electron IPC or the browser host's HTTP bridge
 * alike. Only ids and statuses are copied from the core's events: nothing else (and never a token)
 * reaches the renderer.
 */
export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const now = options.now ?? (() => new Date());
  const live = options.events !== undefined;
  const buffer: ChangeEvent[] = [];
  const waiters = new Set<() => void>();
  let seq = 0;
  let closed = false;

  const push = (event: Omit<ChangeEvent, 'seq' | 'profileId' | 'at'>) => {
    if (closed) return;
    seq += 1;
    buffer.push({ seq, profileId: options.profileId, ...event, at: now().toISOString() });
    if (buffer.length > capacity) buffer.splice(0, buffer.length - capacity);
    for (const wake of [...waiters]) wake();
  };

  const unsubscribe = options.events
    ? [
        options.events.on('pipeline', (e) =>
          push({ type: 'pipeline', projectId: e.projectId, pipelineId: e.pipelineId, status: e.status }),
        ),
        options.events.on('job', (e) =>
          push({
            type: 'job',
            projectId: e.projectId,
            pipelineId: e.pipelineId,
            jobId: e.jobId,
            status: e.status,
          }),
        ),
      ]
    : [];

  const answer = (sinceSeq: number): EventsPollResult | null => {
    if (sinceSeq < 0) return { seq, events: [], reset: false, live };
    if (sinceSeq > seq) return { seq, events: [], reset: true, live };
    if (sinceSeq === seq) return null;
    const oldest = buffer[0]?.seq ?? seq + 1;
    const reset = sinceSeq + 1 < oldest;
    return { seq, events: buffer.filter((e) => e.seq > sinceSeq), reset, live };
  };

  return {
    get seq() {
      return seq;
    },
    poll(sinceSeq, timeoutMs) {
      const ready = answer(sinceSeq);
      if (ready || closed || !live || timeoutMs <= 0) {
        return Promise.resolve(ready ?? { seq, events: [], reset: false, live });
      }
      return new Promise((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(finish);
          resolve(answer(sinceSeq) ?? { seq, events: [], reset: false, live });
        };
        const timer = setTimeout(finish, Math.min(timeoutMs, MAX_WAIT_MS));
        waiters.add(finish);
      });
    },
    close() {
      if (closed) return;
      closed = true;
      for (const off of unsubscribe) off();
      for (const wake of [...waiters]) wake();
    },
  };
}
