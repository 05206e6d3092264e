import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ChangeEvent } from '../../../../shared/ipc-contract.js';
import { getBridge } from '../bridge.js';
import { environmentKeys } from '../environments/keys.js';
import { useLiveFeedChanged } from '../live-updates-store.js';
import { keysToInvalidate } from './change-events.js';
import { pipelineKeys } from './keys.js';

/** Longest wait of one long poll, in ms. */
export const CHANGE_FEED_POLL_WAIT_MS = 25_000;
/** Pause after a failed poll, in ms. */
export const CHANGE_FEED_RETRY_MS = 3_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The app's one change-event loop, while mounted: long-polls the host's `events:poll` (waits of up to
 * {@link CHANGE_FEED_POLL_WAIT_MS}) and invalidates the pipeline, job and environment queries each event
 * touches (`keysToInvalidate`), then hands the batch to `onEvents` (the latest one passed). The first
 * answer says whether the feed is live (the embedded instance: `useLiveEvents` turns screens' polling
 * off) or not (no embedded instance: the loop ends and screens poll the API). After a failed poll it
 * waits {@link CHANGE_FEED_RETRY_MS}, marks the feed not live, and on the next answer refreshes every
 * pipeline and environment query of the embedded instance, since events may have been missed.
 */
export function useChangeFeed(onEvents: (events: readonly ChangeEvent[]) => void): void {
  const client = useQueryClient();
  const liveFeedChanged = useLiveFeedChanged();
  const latest = useRef(onEvents);
  useEffect(() => {
    latest.current = onEvents;
  });

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    void (async () => {
      let seq = -1;
      // Set after a failed poll: events may have been missed, so the first answer refreshes everything.
      let missed = false;
      while (!signal.aborted) {
        try {
          const result = await getBridge().events.poll(seq, seq < 0 ? 0 : CHANGE_FEED_POLL_WAIT_MS);
          if (signal.aborted) return;
          if (!result.live) {
            liveFeedChanged(null);
            return;
          }
          const first = seq < 0;
          seq = result.seq;
          if (first) {
            liveFeedChanged('embedded');
            if (!missed) continue;
          }
          if (result.reset || missed) {
            missed = false;
            await Promise.all([
              client.invalidateQueries({ queryKey: pipelineKeys.all('embedded') }),
              client.invalidateQueries({ queryKey: environmentKeys.all('embedded') }),
            ]);
          }
          for (const key of keysToInvalidate(result.events)) void client.invalidateQueries({ queryKey: key });
          latest.current(result.events);
        } catch {
          liveFeedChanged(null);
          await sleep(CHANGE_FEED_RETRY_MS, signal);
          seq = -1;
          missed = true;
        }
      }
    })();
    return () => abort.abort();
  }, [client, liveFeedChanged]);
}
