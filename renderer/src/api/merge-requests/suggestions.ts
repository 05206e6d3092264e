/**
 * Applying suggested changes (doc/api/suggestions.md): `PUT /suggestions/:id/apply` for one,
 * `PUT /suggestions/batch_apply` (`ids`, GitLab 13.1+) for several, each one commit on the merge request's
 * source branch. The merge request (every sub-key: changes, discussions, commits) is read again after.
 */
import { useMutation } from '@tanstack/react-query';
import type { Suggestion } from '../../../../shared/api-types/suggestions.js';
import { apiSend } from '../client.js';
import { repositoryKeys } from '../repository/keys.js';
import { mergeRequestKeys } from './keys.js';

export type { Suggestion };

/** Apply suggestions `ids` (one: `…/:id/apply`; several: `batch_apply`), with an optional commit message. */
export function useApplySuggestions(profileId: string, projectId: number, iid: number) {
  return useMutation({
    mutationFn: ({ ids, commitMessage }: { ids: number[]; commitMessage?: string }) =>
      ids.length === 1
        ? apiSend<Suggestion>(profileId, 'PUT', `/suggestions/${ids[0]}/apply`, {
            ...(commitMessage ? { commit_message: commitMessage } : {}),
          }).then((s) => [s])
        : apiSend<Suggestion[]>(profileId, 'PUT', '/suggestions/batch_apply', {
            ids,
            ...(commitMessage ? { commit_message: commitMessage } : {}),
          }),
    meta: {
      invalidates: [
        mergeRequestKeys.detail(profileId, projectId, iid),
        mergeRequestKeys.lists(profileId, projectId),
        repositoryKeys.all(profileId, projectId),
      ],
    },
  });
}
