import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface AlertsProjectState {
  /** Last project whose alerts were opened, per connection profile. */
  lastProjectByProfile: Record<string, number>;
  alertsOpened: (profileId: string, projectId: number) => void;
  alertsProjectForgotten: (profileId: string) => void;
}

/** localStorage key of the remembered alert projects. */
export const ALERTS_PROJECT_STORAGE_KEY = 'outpost.alerts-project';

const useAlertsProjectStore = create<AlertsProjectState>()(
  persist(
    (set) => ({
      lastProjectByProfile: {},
      alertsOpened: (profileId, projectId) =>
        set((state) =>
          state.lastProjectByProfile[profileId] === projectId
            ? state
            : { lastProjectByProfile: { ...state.lastProjectByProfile, [profileId]: projectId } },
        ),
      alertsProjectForgotten: (profileId) =>
        set((state) => {
          const { [profileId]: _dropped, ...rest } = state.lastProjectByProfile;
          return { lastProjectByProfile: rest };
        }),
    }),
    {
      name: ALERTS_PROJECT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ lastProjectByProfile }) => ({ lastProjectByProfile }),
    },
  ),
);

/** The project whose alerts were last opened on this profile, or null. */
export function useLastAlertsProject(profileId: string): number | null {
  return useAlertsProjectStore((state) => state.lastProjectByProfile[profileId] ?? null);
}

/** Event: the administrator opened a project's alerts (remembered for the navbar entry). */
export function useAlertsOpened(): AlertsProjectState['alertsOpened'] {
  return useAlertsProjectStore((state) => state.alertsOpened);
}

/** Event: the remembered project is gone (deleted, or no longer visible). */
export function useAlertsProjectForgotten(): AlertsProjectState['alertsProjectForgotten'] {
  return useAlertsProjectStore((state) => state.alertsProjectForgotten);
}
