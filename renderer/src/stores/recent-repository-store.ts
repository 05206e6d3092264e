import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface RecentRepositoryState {
  /** Last project whose repository was opened, per connection profile. */
  lastProjectByProfile: Record<string, number>;
  repositoryOpened: (profileId: string, projectId: number) => void;
  repositoryForgotten: (profileId: string) => void;
}

/** localStorage key of the remembered repositories. */
export const RECENT_REPOSITORY_STORAGE_KEY = 'outpost.recent-repository';

const useRecentRepositoryStore = create<RecentRepositoryState>()(
  persist(
    (set) => ({
      lastProjectByProfile: {},
      repositoryOpened: (profileId, projectId) =>
        set((state) =>
          state.lastProjectByProfile[profileId] === projectId
            ? state
            : { lastProjectByProfile: { ...state.lastProjectByProfile, [profileId]: projectId } },
        ),
      repositoryForgotten: (profileId) =>
        set((state) => {
          const { [profileId]: _dropped, ...rest } = state.lastProjectByProfile;
          return { lastProjectByProfile: rest };
        }),
    }),
    {
      name: RECENT_REPOSITORY_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ lastProjectByProfile }) => ({ lastProjectByProfile }),
    },
  ),
);

/** The project whose repository was last opened on this profile, or null. */
export function useLastRepositoryProject(profileId: string): number | null {
  return useRecentRepositoryStore((state) => state.lastProjectByProfile[profileId] ?? null);
}

/** Event: the administrator opened a project's repository (remembered for the navbar entry). */
export function useRepositoryOpened(): RecentRepositoryState['repositoryOpened'] {
  return useRecentRepositoryStore((state) => state.repositoryOpened);
}

/** Event: the remembered project is gone (deleted, or no longer visible). */
export function useRepositoryForgotten(): RecentRepositoryState['repositoryForgotten'] {
  return useRecentRepositoryStore((state) => state.repositoryForgotten);
}
