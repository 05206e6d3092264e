import { create } from 'zustand';

/** A pipeline the administrator asked to be told about when it finishes. */
export interface WatchedPipeline {
  profileId: string;
  projectId: number;
  pipelineId: number;
  /** "Project name", for the notification. */
  projectName: string;
  ref: string;
}

interface PipelineWatchState {
  /** Keyed by {@link watchKey}. Not persisted: a watch lasts while the app runs. */
  watched: Record<string, WatchedPipeline>;
  pipelineWatched: (pipeline: WatchedPipeline) => void;
  pipelineUnwatched: (profileId: string, pipelineId: number) => void;
}

/** Key of a watched pipeline. */
export const watchKey = (profileId: string, pipelineId: number) => `${profileId}:${pipelineId}`;

export const usePipelineWatchStore = create<PipelineWatchState>()((set) => ({
  watched: {},
  pipelineWatched: (pipeline) =>
    set((state) => ({
      watched: { ...state.watched, [watchKey(pipeline.profileId, pipeline.pipelineId)]: pipeline },
    })),
  pipelineUnwatched: (profileId, pipelineId) =>
    set((state) => {
      const { [watchKey(profileId, pipelineId)]: _dropped, ...rest } = state.watched;
      return { watched: rest };
    }),
}));

/** True while `pipelineId` is watched. */
export function useIsPipelineWatched(profileId: string, pipelineId: number): boolean {
  return usePipelineWatchStore((state) => watchKey(profileId, pipelineId) in state.watched);
}
