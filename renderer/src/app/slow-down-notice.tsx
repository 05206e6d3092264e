import { Alert } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { SlowDownEvent } from '../../../shared/ipc-contract.js';
import { getBridge } from '../api/bridge.js';

/** Longest wait of one long poll of `events:slow-downs`, in ms. */
export const SLOW_DOWN_POLL_WAIT_MS = 25_000;
/** Pause after a failed poll, in ms. */
const RETRY_MS = 3_000;

/** A pause as the renderer keeps it: the host's event, when it came and when it ends on this page's clock (ms). */
interface ShownPause {
  event: SlowDownEvent;
  received: number;
  until: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The running pauses per profile, while mounted: long-polls the host's `events:slow-downs` (the first
 * call with -1 gets the pauses already running), keeping the latest pause of each profile with its end
 * on this page's clock (`waitMs` is the time left when the host answered). After a failed poll it waits
 * 3 s and starts over from -1.
 */
function useSlowDowns(): ReadonlyMap<string, ShownPause> {
  const [pauses, setPauses] = useState<ReadonlyMap<string, ShownPause>>(() => new Map());
  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    void (async () => {
      let seq = -1;
      while (!signal.aborted) {
        try {
          const result = await getBridge().events.slowDowns(seq, seq < 0 ? 0 : SLOW_DOWN_POLL_WAIT_MS);
          if (signal.aborted) return;
          seq = result.seq;
          if (result.notices.length === 0) continue;
          const received = Date.now();
          setPauses((previous) => {
            const next = new Map(previous);
            for (const event of result.notices) {
              next.set(event.profileId, { event, received, until: received + event.waitMs });
            }
            return next;
          });
        } catch {
          await sleep(RETRY_MS, signal);
          seq = -1;
        }
      }
    })();
    return () => abort.abort();
  }, []);
  return pauses;
}

/** The notice's sentence for `ms` left, as the host words it (electron/host/proxy/rate-limiter.ts). */
function slowDownSentence(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const when = seconds < 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return `GitLab asked Outpost to slow down; retrying in ${when}.`;
}

/**
 * One calm notice while the host's rate limiter holds the active instance's requests because GitLab
 * answered 429 (issue 27): "GitLab asked Outpost to slow down; retrying in 20 s.", counting down each
 * second, gone when the pause ends. Never an error: requests are queued, not failed. Pauses of other
 * instances are kept but not shown (they show when that instance becomes active, if still running).
 */
export function SlowDownNotice({ profileId }: { profileId: string | null }) {
  const pauses = useSlowDowns();
  const pause = profileId === null ? undefined : pauses.get(profileId);
  // The clock of the countdown: ticks each second while a pause runs (never older than the pause's arrival).
  const [tick, setTick] = useState(0);
  const until = pause?.until ?? 0;

  useEffect(() => {
    if (until === 0) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setTick(at);
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  if (!pause) return null;
  const now = Math.max(tick, pause.received);
  if (now >= pause.until) return null;
  return (
    <Alert
      role="status"
      aria-live="polite"
      variant="light"
      color="blue"
      radius="md"
      mb="md"
      icon={<IconHourglassLow size={18} />}
      data-testid="slow-down-notice"
    >
      {slowDownSentence(pause.until - now)}
    </Alert>
  );
}
