/**
 * The suggestions an administrator collected with "Add to batch" on one merge request (client state only;
 * GitLab's batch suggestions, doc/user/project/merge_requests/reviews/suggestions.md "Apply multiple
 * suggestions at once"). Keyed by merge request; not persisted.
 */
import { create } from 'zustand';

interface SuggestionBatchState {
  /** Suggestion ids by {@link batchKey}, in the order added. */
  batches: Record<string, number[]>;
  toggled: (key: string, id: number) => void;
  cleared: (key: string) => void;
}

/** Key of a merge request's batch. */
export const batchKey = (profileId: string, projectId: number, iid: number) =>
  `${profileId}:${projectId}!${iid}`;

export const useSuggestionBatchStore = create<SuggestionBatchState>()((set) => ({
  batches: {},
  toggled: (key, id) =>
    set((state) => {
      const ids = state.batches[key] ?? [];
      return {
        batches: { ...state.batches, [key]: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id] },
      };
    }),
  cleared: (key) =>
    set((state) => {
      const next = { ...state.batches };
      delete next[key];
      return { batches: next };
    }),
}));
