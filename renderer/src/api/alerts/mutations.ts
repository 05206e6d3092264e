/**
 * Alert and integration changes through GitLab's GraphQL mutations (documents.ts: `updateAlertStatus`,
 * `httpIntegrationCreate`/`Update`/`ResetToken`/`Destroy`), sent to GitLab or the embedded core alike;
 * the test alert stays an Outpost REST extension (GitLab has none). A refused rule (a payload's `errors`)
 * or GitLab's access error rejects with a GraphqlRequestError (an ApiError).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../client.js';
import {
  CREATE_INTEGRATION,
  DESTROY_INTEGRATION,
  RESET_INTEGRATION_TOKEN,
  UPDATE_ALERT_STATUS,
  UPDATE_INTEGRATION,
  type GqlIntegration,
} from './documents.js';
import { GraphqlRequestError, graphqlRequest, payloadOrThrow } from './graphql-client.js';
import { alertFromNode, integrationFromNode, integrationGid, toGqlStatus } from './graphql-mapping.js';
import { alertIntegrationKeys, alertKeys } from './keys.js';
import { integrationsPath } from './queries.js';
import type { AlertDetail, AlertIntegration, AlertIntegrationWithToken, AlertStatus } from './types.js';

/** An integration with the key a create or reset answered with. */
function withToken(node: GqlIntegration | null): AlertIntegrationWithToken {
  if (!node || !node.token) {
    throw new GraphqlRequestError(422, [{ message: 'The instance did not return the new key.' }]);
  }
  return { ...integrationFromNode(node), token: node.token };
}

/** Variables of {@link useUpdateAlertStatus}. */
export interface UpdateAlertStatusVariables {
  iid: number;
  status: AlertStatus;
}

/**
 * `updateAlertStatus(input: {projectPath, iid, status})`. Stores the answer on the detail, then
 * invalidates every list and count of the project (awaited, so the button stays busy until the tabs
 * are fresh). `fullPath` is the project's `path_with_namespace`.
 */
export function useUpdateAlertStatus(profileId: string, projectId: number, fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ iid, status }: UpdateAlertStatusVariables): Promise<AlertDetail> => {
      const data = await graphqlRequest(profileId, UPDATE_ALERT_STATUS, {
        projectPath: fullPath,
        iid: String(iid),
        status: toGqlStatus(status),
      });
      const { alert } = payloadOrThrow(data.updateAlertStatus);
      if (!alert) throw new GraphqlRequestError(422, [{ message: 'The instance did not return the alert.' }]);
      return alertFromNode(alert, projectId);
    },
    onSuccess: (alert, { iid }) => {
      queryClient.setQueryData<AlertDetail>(alertKeys.detail(profileId, projectId, iid), (previous) =>
        previous ? { ...previous, ...alert } : undefined,
      );
    },
    meta: { invalidates: [alertKeys.all(profileId, projectId)] },
  });
}

/** What `httpIntegrationCreate` and `httpIntegrationUpdate` take. */
export interface AlertIntegrationInput {
  name?: string;
  active?: boolean;
}

/**
 * `httpIntegrationCreate(input: {projectPath, name, active})` (active by default). Resolves to the
 * integration with its URL and authorization key: show them once and drop them; the key is never put in
 * the query cache and the mutation forgets it once unobserved (`gcTime: 0`).
 * Refreshes the integration list. Rejects with an ApiError (the payload's `errors` as its message).
 */
export function useCreateAlertIntegration(profileId: string, projectId: number, fullPath: string) {
  return useMutation({
    mutationFn: async (input: AlertIntegrationInput) => {
      const data = await graphqlRequest(profileId, CREATE_INTEGRATION, {
        projectPath: fullPath,
        name: input.name ?? '',
        active: input.active ?? true,
      });
      return withToken(payloadOrThrow(data.httpIntegrationCreate).integration);
    },
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
 * `httpIntegrationUpdate(input: {id, name?, active?})`, optimistically: the list shows the new name or
 * active flag at once and rolls back if the instance refuses.
 */
export function useUpdateAlertIntegration(profileId: string, projectId: number) {
  const queryClient = useQueryClient();
  const listKey = alertIntegrationKeys.list(profileId, projectId);
  return useMutation({
    mutationFn: async ({ id, input }: UpdateAlertIntegrationVariables): Promise<AlertIntegration> => {
      const data = await graphqlRequest(profileId, UPDATE_INTEGRATION, {
        id: integrationGid(id),
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.active === undefined ? {} : { active: input.active }),
      });
      const { integration } = payloadOrThrow(data.httpIntegrationUpdate);
      if (!integration)
        throw new GraphqlRequestError(422, [{ message: 'The instance did not return the endpoint.' }]);
      return integrationFromNode(integration);
    },
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
 * `httpIntegrationResetToken(input: {id})`: the old key stops working at once.
 * Resolves to the integration with its new key (shown once, never cached).
 */
export function useResetAlertIntegrationToken(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: async (id: number) => {
      const data = await graphqlRequest(profileId, RESET_INTEGRATION_TOKEN, { id: integrationGid(id) });
      return withToken(payloadOrThrow(data.httpIntegrationResetToken).integration);
    },
    meta: { invalidates: [alertIntegrationKeys.list(profileId, projectId)] },
    // The result holds the key: forget it as soon as nothing shows it.
    gcTime: 0,
  });
}

/** `httpIntegrationDestroy(input: {id})`; refreshes the list. Its alerts stay. */
export function useDeleteAlertIntegration(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: async (id: number) => {
      const data = await graphqlRequest(profileId, DESTROY_INTEGRATION, { id: integrationGid(id) });
      payloadOrThrow(data.httpIntegrationDestroy);
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
 * `POST .../http_integrations/:integration_id/test` (Outpost REST extension; GitLab has no test
 * endpoint, so the screens offer it only on Outpost) with a sample payload as the body: the instance
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
