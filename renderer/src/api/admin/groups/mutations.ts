import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visibility } from '../../../../../shared/access-levels.js';
import { ApiError } from '../../api-error.js';
import { apiGet, apiRequest, apiSend, isSuccess } from '../../client.js';
import { adminGroupKeys } from './keys.js';
import type { AdminGroup } from './queries.js';

/** `POST /groups` (doc/api/groups.md "Create a group"). */
export interface CreateGroupInput {
  name: string;
  path: string;
  visibility: Visibility;
  description?: string;
  parent_id?: number;
}

/** `PUT /groups/:id` fields the group page edits. */
export interface UpdateGroupInput {
  name?: string;
  path?: string;
  visibility?: Visibility;
  description?: string;
}

/** What deleting a group did: gone, or (GitLab with delayed deletion) marked for deletion on a date. */
export type GroupDeletion = { kind: 'deleted' } | { kind: 'marked'; on: string | null };

function useRefreshGroups(profileId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminGroupKeys.all(profileId) });
}

/** Creates a group; 400 per field (`path` taken…). */
export function useCreateGroup(profileId: string) {
  const refresh = useRefreshGroups(profileId);
  return useMutation({
    mutationFn: (input: CreateGroupInput) => apiSend<AdminGroup>(profileId, 'POST', '/groups', input),
    onSuccess: () => refresh(),
  });
}

/** Saves a group's settings; 400 per field. */
export function useUpdateGroup(profileId: string, id: number) {
  const refresh = useRefreshGroups(profileId);
  return useMutation({
    mutationFn: (input: UpdateGroupInput) => apiSend<AdminGroup>(profileId, 'PUT', `/groups/${id}`, input),
    onSuccess: () => refresh(),
  });
}

/**
 * Moves a group under `parent` (id), or to the top level when null: `POST /groups/:id/transfer`
 * (doc/api/groups.md "Transfer a group", GitLab 14.6+); 400 `Transfer failed: …` as GitLab words it.
 */
export function useTransferGroup(profileId: string, id: number) {
  const refresh = useRefreshGroups(profileId);
  return useMutation({
    mutationFn: (parent: number | null) =>
      apiSend<AdminGroup>(
        profileId,
        'POST',
        `/groups/${id}/transfer`,
        parent === null ? {} : { group_id: parent },
      ),
    onSuccess: () => refresh(),
  });
}

/**
 * Deletes a group (`DELETE /groups/:id`, 202), then reads it again to say what happened: GitLab with
 * delayed deletion (Premium before 18.0, every tier from 18.0: doc/user/group/index.md "Delete a
 * group") keeps it, marked for deletion (`marked_for_deletion_on`); otherwise it is gone (404).
 */
export function useDeleteGroup(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<GroupDeletion> => {
      const response = await apiRequest({ method: 'DELETE', path: `/groups/${id}`, profileId });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
      try {
        const after = await apiGet<AdminGroup>(profileId, `/groups/${id}`, { with_projects: false });
        return { kind: 'marked', on: after.marked_for_deletion_on ?? null };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { kind: 'deleted' };
        throw error;
      }
    },
    // Lists only: reading the deleted group again would unmount the dialog before it could say so.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminGroupKeys.lists(profileId) }),
  });
}
