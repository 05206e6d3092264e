import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonalAccessToken, User } from '../../../../../shared/api-types/users.js';
import { ApiError } from '../../api-error.js';
import { apiRequest, apiSend, isSuccess } from '../../client.js';
import { adminUserKeys } from './keys.js';

/**
 * A new user (`POST /users`, doc/api/users.md "Create a user"): `email`, `name`, `username`, and one of
 * `password` / `reset_password` / `force_random_password`; optional flags.
 */
export interface CreateUserInput {
  email: string;
  name: string;
  username: string;
  password?: string;
  reset_password?: boolean;
  force_random_password?: boolean;
  skip_confirmation?: boolean;
  admin?: boolean;
  external?: boolean;
  can_create_group?: boolean;
  projects_limit?: number;
  note?: string;
}

/** Fields Admin → Users edits (`PUT /users/:id`, doc/api/users.md "Modify a user"). */
export interface UpdateUserInput {
  name?: string;
  email?: string;
  admin?: boolean;
  external?: boolean;
  can_create_group?: boolean;
  projects_limit?: number;
  note?: string;
}

/**
 * State changes of a user, each `POST /users/:id/<action>` (doc/api/users.md "Block user", "Ban user",
 * "Deactivate user", "Approve user", "Reject user"…).
 */
export type UserStateAction =
  'block' | 'unblock' | 'ban' | 'unban' | 'deactivate' | 'activate' | 'approve' | 'reject';

/** Refreshes every users list and the user's detail after a change. */
function useRefreshUsers(profileId: string) {
  const queryClient = useQueryClient();
  return async (id?: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUserKeys.lists(profileId) }),
      id === undefined
        ? null
        : queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(profileId, id) }),
    ]);
  };
}

/** Create a user; 409 `Email has already been taken` / `Username has already been taken`, 400 per field. */
export function useCreateUser(profileId: string) {
  const refresh = useRefreshUsers(profileId);
  return useMutation({
    mutationFn: (input: CreateUserInput) => apiSend<User>(profileId, 'POST', '/users', input),
    onSuccess: (user) => refresh(user.id),
  });
}

/** Update a user's fields; 409 for a taken e-mail, 400 per field. */
export function useUpdateUser(profileId: string) {
  const refresh = useRefreshUsers(profileId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput }) =>
      apiSend<User>(profileId, 'PUT', `/users/${id}`, input),
    onSuccess: (user) => refresh(user.id),
  });
}

/**
 * Runs a state change. GitLab answers 201 `true`, or 201 `null`/`false` when nothing changed (already in
 * that state), 403 with a sentence when the change isn't allowed (`You cannot ban blocked users.`).
 */
export function useUserStateAction(profileId: string) {
  const refresh = useRefreshUsers(profileId);
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: UserStateAction }) => {
      const response = await apiRequest({ method: 'POST', path: `/users/${id}/${action}`, profileId });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
      return { id, action, changed: response.body !== null && response.body !== false };
    },
    onSuccess: (result) => refresh(result.id),
  });
}

/**
 * Deletes a user (`DELETE /users/:id`, 204). Without `hardDelete` GitLab moves their contributions
 * (issues, merge requests, notes) to the Ghost user; with it, contributions are deleted too
 * (doc/api/users.md "Delete a user", `hard_delete`).
 */
export function useDeleteUser(profileId: string) {
  const refresh = useRefreshUsers(profileId);
  return useMutation({
    mutationFn: async ({ id, hardDelete }: { id: number; hardDelete: boolean }) => {
      const response = await apiRequest({
        method: 'DELETE',
        path: `/users/${id}`,
        query: hardDelete ? { hard_delete: true } : {},
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
      return id;
    },
    onSuccess: () => refresh(),
  });
}

/** Revokes a personal access token (`DELETE /personal_access_tokens/:id`, 204) and refreshes the user's list. */
export function useRevokeUserToken(profileId: string, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: number) => {
      const response = await apiRequest({
        method: 'DELETE',
        path: `/personal_access_tokens/${tokenId}`,
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
      return tokenId;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.tokens(profileId, userId) }),
  });
}

/** `POST /users/:id/impersonation_tokens` (doc/api/user_tokens.md "Create an impersonation token"). */
export interface CreateImpersonationTokenInput {
  name: string;
  scopes: string[];
  /** `YYYY-MM-DD`; GitLab 16.0+ requires one (at most a year ahead, or the instance's limit). */
  expires_at?: string;
}

/**
 * Creates an impersonation token; the answer carries `token`, shown once. 400 per field (`scopes`,
 * `expires_at`), 403 for a non-administrator.
 */
export function useCreateImpersonationToken(profileId: string, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateImpersonationTokenInput) =>
      apiSend<PersonalAccessToken>(profileId, 'POST', `/users/${userId}/impersonation_tokens`, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: adminUserKeys.impersonationTokens(profileId, userId) }),
  });
}

/** Revokes an impersonation token (`DELETE /users/:id/impersonation_tokens/:token_id`, 204). */
export function useRevokeImpersonationToken(profileId: string, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: number) => {
      const response = await apiRequest({
        method: 'DELETE',
        path: `/users/${userId}/impersonation_tokens/${tokenId}`,
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
      return tokenId;
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: adminUserKeys.impersonationTokens(profileId, userId) }),
  });
}
