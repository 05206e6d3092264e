import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface RecentPipelinesState {
  /** Last project whose pipelines were opened, per connection profile. */
  lastProjectByProfile: Record<string, number>;
  pipelinesOpened: (profileId: string, projectId: number) => void;
  pipelinesForgotten: (profileId: string) => void;
}

/** localStorage key of the remembered repositories. */
export const RECENT_PIPELINES_STORAGE_KEY = 'outpost.recent-pipelines';

const useRecentPipelinesStore = create<RecentPipelinesState>()(
  persist(
    (set) => ({
      lastProjectByProfile: {},
      pipelinesOpened: (profileId, projectId) =>
        set((state) =>
          state.lastProjectByProfile[profileId] === projectId
            ? state
            : { lastProjectByProfile: { ...state.lastProjectByProfile, [profileId]: projectId } },
        ),
      pipelinesForgotten: (profileId) =>
        set((state) => {
          const { [profileId]: _dropped, ...rest } = state.lastProjectByProfile;
          return { lastProjectByProfile: rest };
        }),
    }),
    {
      name: RECENT_PIPELINES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ lastProjectByProfile }) => ({ lastProjectByProfile }),
    },
  ),
);

/** The project whose pipelines were last opened on this profile, or null. */
export function useLastPipelinesProject(profileId: string): number | null {
  return useRecentPipelinesStore((state) => state.lastProjectByProfile[profileId] ?? null);
}

/** Event: the administrator opened a project’s pipelines (remembered for the navbar entry). */
export function usePipelinesOpened(): RecentPipelinesState['pipelinesOpened'] {
  return useRecentPipelinesStore((state) => state.pipelinesOpened);
}

/** Event: the remembered project is gone (deleted, or no longer visible). */
export function usePipelinesForgotten(): RecentPipelinesState['pipelinesForgotten'] {
  return useRecentPipelinesStore((state) => state.pipelinesForgotten);
}
