import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import { apiRequest, apiSend, isSuccess } from '../client.js';
import { alertIntegrationKeys, alertKeys } from './keys.js';
import { alertsPath, integrationsPath } from './queries.js';
import type {
  Alert,
  AlertDetail,
  AlertIntegration,
  AlertIntegrationWithToken,
  AlertStatus,
} from './types.js';

/** Variables of {@link useUpdateAlertStatus}. */
export interface UpdateAlertStatusVariables {
  iid: number;
  status: AlertStatus;
}

/**
 * `PUT /projects/:id/alert_management/alerts/:alert_iid` with `status`. Stores the answer on the
 * detail (keeping the raw payload when the answer leaves it out), then invalidates every list and
 * count of the project (awaited, so the button stays busy until the tabs are fresh).
 */
export function useUpdateAlertStatus(profileId: string, projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ iid, status }: UpdateAlertStatusVariables) =>
      apiSend<Alert | AlertDetail>(profileId, 'PUT', `${alertsPath(projectId)}/${iid}`, { status }),
    onSuccess: (alert, { iid }) => {
      queryClient.setQueryData<AlertDetail>(alertKeys.detail(profileId, projectId, iid), (previous) =>
        previous ? { ...previous, ...alert } : undefined,
      );
    },
    meta: { invalidates: [alertKeys.all(profileId, projectId)] },
  });
}

/** Body of `POST .../http_integrations` and `PUT .../http_integrations/:integration_id`. */
export interface AlertIntegrationInput {
  name?: string;
  active?: boolean;
}

/**
 * `POST /projects/:id/alert_management/http_integrations`. Resolves to the integration with its
 * URL and authorization key: show them once and drop them; the key is never put in the query cache
 * and the mutation forgets it once unobserved (`gcTime: 0`).
 * Refreshes the integration list. Rejects with an ApiError (per-field messages on 400/422).
 */
export function useCreateAlertIntegration(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (input: AlertIntegrationInput) =>
      apiSend<AlertIntegrationWithToken>(profileId, 'POST', integrationsPath(projectId), input),
    meta: { invalidates: [alertIntegrationKeys.list(profileId, projectId)] },
    // The result holds the key: forget it as soon as nothing shows it.
    gcTime: 0,
  });
}

/** Variables of {@link useUpdateAlertIntegration}. */
export interface UpdateAlertIntegrationVariables {
  id: number;
  input: AlertIntegrationInput;
}

/**
 * `PUT .../http_integrations/:integration_id`, optimistically: the list shows the new name or
 * active flag at once and rolls back if the instance refuses.
 */
export function useUpdateAlertIntegration(profileId: string, projectId: number) {
  const queryClient = useQueryClient();
  const listKey = alertIntegrationKeys.list(profileId, projectId);
  return useMutation({
    mutationFn: ({ id, input }: UpdateAlertIntegrationVariables) =>
      apiSend<AlertIntegration>(profileId, 'PUT', `${integrationsPath(projectId)}/${id}`, input),
    onMutate: async ({ id, input }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<AlertIntegration[]>(listKey);
      queryClient.setQueryData<AlertIntegration[]>(listKey, (integrations) =>
        integrations?.map((integration) =>
          integration.id === id ? { ...integration, ...input } : integration,
        ),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    meta: { invalidates: [listKey], invalidatesOnError: true },
  });
}

/**
 * `POST .../http_integrations/:integration_id/reset_token`: the old key stops working at once.
 * Resolves to the integration with its new key (shown once, never cached).
 */
export function useResetAlertIntegrationToken(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (id: number) =>
      apiSend<AlertIntegrationWithToken>(
        profileId,
        'POST',
        `${integrationsPath(projectId)}/${id}/reset_token`,
      ),
    meta: { invalidates: [alertIntegrationKeys.list(profileId, projectId)] },
    // The result holds the key: forget it as soon as nothing shows it.
    gcTime: 0,
  });
}

/** `DELETE .../http_integrations/:integration_id`; refreshes the list. Its alerts stay. */
export function useDeleteAlertIntegration(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await apiRequest({
        method: 'DELETE',
        path: `${integrationsPath(projectId)}/${id}`,
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
    },
    meta: { invalidates: [alertIntegrationKeys.list(profileId, projectId)] },
  });
}

/** Variables of {@link useSendTestAlert}. */
export interface SendTestAlertVariables {
  id: number;
  /** The sample payload, already validated as a JSON object. */
  payload: Record<string, unknown>;
}

/**
 * `POST .../http_integrations/:integration_id/test` with a sample payload as the body: the instance
 * processes it like a received alert. Invalidates the project's alerts so the new one shows.
 * Resolves to whatever the instance answers (the alert, when it says).
 */
export function useSendTestAlert(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: ({ id, payload }: SendTestAlertVariables) =>
      apiSend<unknown>(profileId, 'POST', `${integrationsPath(projectId)}/${id}/test`, payload),
    meta: { invalidates: [alertKeys.all(profileId, projectId)] },
  });
}
