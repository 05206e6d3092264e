import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A named merge request view: the list's URL query string (filters and state tab), saved by the user. */
export interface SavedMergeRequestView {
  name: string;
  /** `filtersToSearch(...)` output, without `?` and without `page`. */
  query: string;
}

interface MergeRequestsState {
  /** Saved views per connection profile, in the order saved. */
  viewsByProfile: Record<string, SavedMergeRequestView[]>;
  viewSaved: (profileId: string, view: SavedMergeRequestView) => void;
  viewDeleted: (profileId: string, name: string) => void;
}

/**
 * localStorage key of the merge request list's saved views. (It also held the last project until
 * last-project-store.ts took it over; that store migrates it from here once.)
 */
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
      viewsByProfile: {},
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
      partialize: ({ viewsByProfile }) => ({ viewsByProfile }),
    },
  ),
);

const NO_VIEWS: SavedMergeRequestView[] = [];

/** Saved merge request views of this profile. */
export function useSavedMergeRequestViews(profileId: string): SavedMergeRequestView[] {
  return useMergeRequestsStore((state) => state.viewsByProfile[profileId] ?? NO_VIEWS);
}

/** Event: the user saved the current filters as a named view. */
export function useMergeRequestViewSaved() {
  return useMergeRequestsStore((state) => state.viewSaved);
}

/** Event: the user deleted a saved view. */
export function useMergeRequestViewDeleted() {
  return useMergeRequestsStore((state) => state.viewDeleted);
}
