import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A named merge request view: the list's URL query string (filters and state tab), saved by the user. */
export interface SavedMergeRequestView {
  name: string;
  /** `filtersToSearch(...)` output, without `?` and without `page`. */
  query: string;
}

interface MergeRequestsState {
  /** Last project whose merge requests were opened, per connection profile. */
  lastProjectByProfile: Record<string, number>;
  /** Saved views per connection profile, in the order saved. */
  viewsByProfile: Record<string, SavedMergeRequestView[]>;
  mergeRequestsOpened: (profileId: string, projectId: number) => void;
  mergeRequestsProjectForgotten: (profileId: string) => void;
  viewSaved: (profileId: string, view: SavedMergeRequestView) => void;
  viewDeleted: (profileId: string, name: string) => void;
}

/** localStorage key of the merge request list's remembered project and saved views. */
export const MERGE_REQUESTS_STORAGE_KEY = 'outpost.merge-requests';

/**
 * Add or replace (same name, compared after trimming, case-insensitively) a saved view; blank names
 * are ignored. Pure, for the store and its tests.
 */
export function withSavedView(
  views: SavedMergeRequestView[],
  view: SavedMergeRequestView,
): SavedMergeRequestView[] {
  const name = view.name.trim();
  if (name === '') return views;
  const query = new URLSearchParams(view.query);
  query.delete('page');
  const saved = { name, query: query.toString() };
  const index = views.findIndex((item) => item.name.toLowerCase() === name.toLowerCase());
  if (index === -1) return [...views, saved];
  return views.map((item, i) => (i === index ? saved : item));
}

export const useMergeRequestsStore = create<MergeRequestsState>()(
  persist(
    (set) => ({
      lastProjectByProfile: {},
      viewsByProfile: {},
      mergeRequestsOpened: (profileId, projectId) =>
        set((state) =>
          state.lastProjectByProfile[profileId] === projectId
            ? state
            : { lastProjectByProfile: { ...state.lastProjectByProfile, [profileId]: projectId } },
        ),
      mergeRequestsProjectForgotten: (profileId) =>
        set((state) => {
          const { [profileId]: _dropped, ...rest } = state.lastProjectByProfile;
          return { lastProjectByProfile: rest };
        }),
      viewSaved: (profileId, view) =>
        set((state) => ({
          viewsByProfile: {
            ...state.viewsByProfile,
            [profileId]: withSavedView(state.viewsByProfile[profileId] ?? [], view),
          },
        })),
      viewDeleted: (profileId, name) =>
        set((state) => ({
          viewsByProfile: {
            ...state.viewsByProfile,
            [profileId]: (state.viewsByProfile[profileId] ?? []).filter((item) => item.name !== name),
          },
        })),
    }),
    {
      name: MERGE_REQUESTS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ lastProjectByProfile, viewsByProfile }) => ({ lastProjectByProfile, viewsByProfile }),
    },
  ),
);

const NO_VIEWS: SavedMergeRequestView[] = [];

/** The project whose merge requests were last opened on this profile, or null. */
export function useLastMergeRequestsProject(profileId: string): number | null {
  return useMergeRequestsStore((state) => state.lastProjectByProfile[profileId] ?? null);
}

/** Saved merge request views of this profile. */
export function useSavedMergeRequestViews(profileId: string): SavedMergeRequestView[] {
  return useMergeRequestsStore((state) => state.viewsByProfile[profileId] ?? NO_VIEWS);
}

/** Event: a project's merge requests were opened (remembered for the navbar entry). */
export function useMergeRequestsOpened() {
  return useMergeRequestsStore((state) => state.mergeRequestsOpened);
}

/** Event: the remembered project is gone. */
export function useMergeRequestsProjectForgotten() {
  return useMergeRequestsStore((state) => state.mergeRequestsProjectForgotten);
}

/** Event: the user saved the current filters as a named view. */
export function useMergeRequestViewSaved() {
  return useMergeRequestsStore((state) => state.viewSaved);
}

/** Event: the user deleted a saved view. */
export function useMergeRequestViewDeleted() {
  return useMergeRequestsStore((state) => state.viewDeleted);
}
