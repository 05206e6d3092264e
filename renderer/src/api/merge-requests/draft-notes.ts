/**
 * A review's pending comments (doc/api/draft_notes.md, GitLab 16.0+; FeatureId
 * `merge-request-draft-notes`): the caller's drafts on a merge request, adding one, and submitting or
 * discarding the review. Submitting publishes every draft (`POST …/draft_notes/bulk_publish`), then posts
 * the optional summary as a comment and approves when asked (`POST …/notes`, `POST …/approve`), which
 * every version with draft notes understands. Drafts live under the merge request's detail key, so
 * everything that refreshes the merge request refreshes them.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../client.js';
import { mergeRequestKeys } from './keys.js';
import { mergeRequestPath } from './queries.js';
import type { DiffPosition } from './types.js';

/** `GET …/draft_notes` item (lib/api/entities/draft_note.rb), the fields the screen reads. */
export interface DraftNote {
  id: number;
  note: string;
  discussion_id: string | null;
  position: Partial<DiffPosition> | null;
}

export const draftNoteKeys = {
  list: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'draft-notes'] as const,
};

/** The caller's drafts, oldest first; not read unless `enabled` (the instance has draft notes). */
export function useDraftNotes(profileId: string, projectId: number, iid: number, enabled: boolean) {
  return useQuery({
    queryKey: draftNoteKeys.list(profileId, projectId, iid),
    queryFn: () => apiGet<DraftNote[]>(profileId, `${mergeRequestPath(projectId, iid)}/draft_notes`),
    enabled,
  });
}

/** `POST …/draft_notes` (`note`, `position` for a line comment). */
export function useCreateDraftNote(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: (input: { note: string; position?: DiffPosition }) =>
      apiSend<DraftNote>(profileId, 'POST', `${mergeRequestPath(projectId, iid)}/draft_notes`, input),
    meta: { invalidates: [draftNoteKeys.list(profileId, projectId, iid)] },
  });
}

/** Publish every draft, then the summary comment and the approval when given. */
export function useSubmitReview(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: async ({ summary, approve }: { summary: string; approve: boolean }) => {
      const path = mergeRequestPath(projectId, iid);
      await apiSend<unknown>(profileId, 'POST', `${path}/draft_notes/bulk_publish`, {});
      if (summary.trim() !== '')
        await apiSend<unknown>(profileId, 'POST', `${path}/notes`, { body: summary });
      if (approve) await apiSend<unknown>(profileId, 'POST', `${path}/approve`, {});
    },
    meta: {
      invalidates: [
        mergeRequestKeys.detail(profileId, projectId, iid),
        mergeRequestKeys.lists(profileId, projectId),
      ],
    },
  });
}

/** Delete every draft (`DELETE …/draft_notes/:id`, one by one). */
export function useDiscardReview(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: async (drafts: readonly DraftNote[]) => {
      for (const d of drafts)
        await apiSend<unknown>(
          profileId,
          'DELETE',
          `${mergeRequestPath(projectId, iid)}/draft_notes/${d.id}`,
        );
    },
    meta: { invalidates: [draftNoteKeys.list(profileId, projectId, iid)] },
  });
}
