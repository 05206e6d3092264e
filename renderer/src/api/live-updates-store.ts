import { create } from 'zustand';

interface LiveUpdatesState {
  /** Profile whose pipeline/job changes arrive as events (the embedded one), or null while unknown/none. */
  liveProfileId: string | null;
  liveFeedChanged: (profileId: string | null) => void;
}

const useLiveUpdatesStore = create<LiveUpdatesState>()((set) => ({
  liveProfileId: null,
  liveFeedChanged: (profileId) => set({ liveProfileId: profileId }),
}));

/** True when `profileId`'s pipeline and job changes arrive as host events, so its queries need no polling. */
export function useLiveEvents(profileId: string): boolean {
  return useLiveUpdatesStore((state) => state.liveProfileId === profileId);
}

/** Event: the host's change feed became live for a profile (or stopped: null). */
export function useLiveFeedChanged(): LiveUpdatesState['liveFeedChanged'] {
  return useLiveUpdatesStore((state) => state.liveFeedChanged);
}
