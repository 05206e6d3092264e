import { create } from 'zustand';

interface MoveCompletionState {
  /** Profiles on which moves were scheduled in this session, with when (ms since the epoch). */
  followedProfiles: Record<string, number>;
  movesScheduled: (profileId: string) => void;
  movesSettled: (profileId: string) => void;
}

const useMoveCompletionStore = create<MoveCompletionState>()((set) => ({
  followedProfiles: {},
  movesScheduled: (profileId) =>
    set((state) => ({
      followedProfiles: {
        ...state.followedProfiles,
        [profileId]: state.followedProfiles[profileId] ?? Date.now(),
      },
    })),
  movesSettled: (profileId) =>
    set((state) => {
      const { [profileId]: _settled, ...rest } = state.followedProfiles;
      return { followedProfiles: rest };
    }),
}));

/** When moves were first scheduled on `profileId` while none was followed (ms), or null: nothing followed. */
export function useMovesFollowedSince(profileId: string | null): number | null {
  return useMoveCompletionStore((state) => (profileId ? (state.followedProfiles[profileId] ?? null) : null));
}

/** Event: the administrator scheduled one or more storage moves (follow them until they end). */
export function useMovesScheduled(): (profileId: string) => void {
  return useMoveCompletionStore((state) => state.movesScheduled);
}

/** Event: no followed move is running any more. */
export function useMovesSettled(): (profileId: string) => void {
  return useMoveCompletionStore((state) => state.movesSettled);
}
