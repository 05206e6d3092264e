import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The fleet baseline (issue 29): the instance whose configuration the others are compared with
 * ("production is the reference"), by profile id, persisted in localStorage. Client state only.
 */
interface FleetBaselineState {
  baselineProfileId: string | null;
  /** The administrator chose `profileId` as the baseline. */
  baselineChosen: (profileId: string) => void;
  /** The administrator cleared the baseline. */
  baselineCleared: () => void;
}

/** localStorage key of the persisted baseline. */
export const FLEET_BASELINE_STORAGE_KEY = 'outpost.fleet-baseline';

const useFleetBaselineStore = create<FleetBaselineState>()(
  persist(
    (set) => ({
      baselineProfileId: null,
      baselineChosen: (profileId) => set({ baselineProfileId: profileId }),
      baselineCleared: () => set({ baselineProfileId: null }),
    }),
    {
      name: FLEET_BASELINE_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ baselineProfileId }) => ({ baselineProfileId }),
    },
  ),
);

/** The baseline profile id, or null when none is chosen. */
export const useFleetBaselineId = () => useFleetBaselineStore((state) => state.baselineProfileId);

/** Choose the baseline (event). */
export const useBaselineChosen = () => useFleetBaselineStore((state) => state.baselineChosen);

/** Clear the baseline (event). */
export const useBaselineCleared = () => useFleetBaselineStore((state) => state.baselineCleared);
