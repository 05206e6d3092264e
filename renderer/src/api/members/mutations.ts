import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import { apiRequest, apiSend, isSuccess } from '../client.js';
import { memberKeys } from './keys.js';
import type { AddMemberInput, Member, MemberSource, UpdateMemberInput } from './types.js';

/** Refreshes the source's member lists after a change. */
function useRefreshMembers(profileId: string, source: MemberSource) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.source(profileId, source) });
}

/**
 * Adds a member (`POST …/members`, 201). GitLab answers 409 `Member already exists`, 400 for an
 * invalid role or a past expiry, 403 without the right to manage members.
 */
export function useAddMember(profileId: string, source: MemberSource) {
  const refresh = useRefreshMembers(profileId, source);
  return useMutation({
    mutationFn: (input: AddMemberInput) =>
      apiSend<Member>(profileId, 'POST', `/${source.kind}/${source.id}/members`, input),
    onSuccess: () => refresh(),
  });
}

/** Changes a member's role or expiry (`PUT …/members/:user_id`). */
export function useUpdateMember(profileId: string, source: MemberSource) {
  const refresh = useRefreshMembers(profileId, source);
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: UpdateMemberInput }) =>
      apiSend<Member>(profileId, 'PUT', `/${source.kind}/${source.id}/members/${userId}`, input),
    onSuccess: () => refresh(),
  });
}

/** Removes a member (`DELETE …/members/:user_id`, 204). */
export function useRemoveMember(profileId: string, source: MemberSource) {
  const refresh = useRefreshMembers(profileId, source);
  return useMutation({
    mutationFn: async (userId: number) => {
      const response = await apiRequest({
        method: 'DELETE',
        path: `/${source.kind}/${source.id}/members/${userId}`,
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
      return userId;
    },
    onSuccess: () => refresh(),
  });
}
