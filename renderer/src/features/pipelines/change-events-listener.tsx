import { FINISHED_STATUSES } from '../../api/pipelines/change-events.js';
import { useChangeFeed } from '../../api/pipelines/use-change-feed.js';
import { usePipelineWatchStore, watchKey } from '../../stores/pipeline-watch-store.js';
import { notifyPipelineFinished } from './notify-pipeline.js';

/**
 * Runs the app's change-event loop (`useChangeFeed`: long-polls the host and invalidates the pipeline,
 * job and environment queries each event touches) and raises the notification of a watched pipeline
 * that finished. Renders nothing.
 */
export function ChangeEventsListener() {
  useChangeFeed((events) => {
    const { watched, pipelineUnwatched } = usePipelineWatchStore.getState();
    for (const event of events) {
      if (event.type !== 'pipeline' || !FINISHED_STATUSES.has(event.status)) continue;
      const watch = watched[watchKey(event.profileId, event.pipelineId)];
      if (!watch) continue;
      pipelineUnwatched(event.profileId, event.pipelineId);
      void notifyPipelineFinished(watch, event.status).catch(() => undefined);
    }
  });
  return null;
}
