import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getBridge } from '../../api/bridge.js';
import { environmentKeys } from '../../api/environments/keys.js';
import { FINISHED_STATUSES, keysToInvalidate } from '../../api/pipelines/change-events.js';
import { pipelineKeys } from '../../api/pipelines/keys.js';
import { useLiveFeedChanged } from '../../api/live-updates-store.js';
import { usePipelineWatchStore, watchKey } from '../../stores/pipeline-watch-store.js';
import { notifyPipelineFinished } from './notify-pipeline.js';

/** Longest wait of one long poll, in ms. */
const POLL_WAIT_MS = 25_000;
/** Pause after a failed poll, in ms. */
const RETRY_MS = 3_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The app's one change-event loop: long-polls `events:poll` on the host and invalidates the pipeline,
 * job and environment queries each event touches; raises the notification of a watched pipeline that
 * finished. When the host has no live feed (no embedded instance), screens poll the API instead.
 * Renders nothing.
 */
export function ChangeEventsListener() {
  const client = useQueryClient();
  const liveFeedChanged = useLiveFeedChanged();

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    void (async () => {
      let seq = -1;
      // Set after a failed poll: events may have been missed, so the first answer refreshes everything.
      let missed = false;
      while (!signal.aborted) {
        try {
          const result = await getBridge().events.poll(seq, seq < 0 ? 0 : POLL_WAIT_MS);
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
          const { watched, pipelineUnwatched } = usePipelineWatchStore.getState();
          for (const event of result.events) {
            if (event.type !== 'pipeline' || !FINISHED_STATUSES.has(event.status)) continue;
            const watch = watched[watchKey(event.profileId, event.pipelineId)];
            if (!watch) continue;
            pipelineUnwatched(event.profileId, event.pipelineId);
            void notifyPipelineFinished(watch, event.status).catch(() => undefined);
          }
        } catch {
          liveFeedChanged(null);
          await sleep(RETRY_MS, signal);
          seq = -1;
          missed = true;
        }
      }
    })();
    return () => abort.abort();
  }, [client, liveFeedChanged]);

  return null;
}
