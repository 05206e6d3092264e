import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useDeleteAlertIntegration,
  useResetAlertIntegrationToken,
  useUpdateAlertIntegration,
} from '../../api/alerts/mutations.js';
import { alertQueries } from '../../api/alerts/queries.js';
import type { AlertIntegration, AlertIntegrationWithToken } from '../../api/alerts/types.js';
import { describeError } from '../../api/describe-error.js';
import { useAlertsProject } from './alerts-context.js';
import { alertsRoute } from './alerts-paths.js';

/** Which dialog is open. */
export type IntegrationDialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'rename'; integration: AlertIntegration }
  | { kind: 'reset'; integration: AlertIntegration }
  | { kind: 'delete'; integration: AlertIntegration }
  | { kind: 'test'; integration: AlertIntegration };

/** A key to show once: after creating an endpoint or resetting its key. */
export interface RevealedKey {
  integration: AlertIntegrationWithToken;
  reason: 'created' | 'reset';
}

/**
 * State of the HTTP endpoints screen: the list (`GET …/alert_management/http_integrations`), the
 * open dialog, the key shown once, and the handlers (activate/deactivate, reset key, delete, after
 * create/rename/test) with their notifications.
 */
export function useIntegrationsState() {
  const { profileId, projectId, fullPath } = useAlertsProject();
  const navigate = useNavigate();
  const query = useQuery(alertQueries.integrations(profileId, projectId, fullPath));
  const update = useUpdateAlertIntegration(profileId, projectId);
  const resetToken = useResetAlertIntegrationToken(profileId, projectId);
  const remove = useDeleteAlertIntegration(profileId, projectId);
  const [dialog, setDialog] = useState<IntegrationDialog>({ kind: 'none' });
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);

  const closeDialog = () => {
    resetToken.reset();
    remove.reset();
    setDialog({ kind: 'none' });
  };

  const toggleActive = (integration: AlertIntegration, active: boolean) =>
    update.mutate(
      { id: integration.id, input: { active } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: active ? 'Endpoint activated' : 'Endpoint deactivated',
            message: active
              ? `${integration.name} accepts alerts again.`
              : `${integration.name} now refuses every alert posted to it.`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Couldn’t ${active ? 'activate' : 'deactivate'} ${integration.name}`,
            message: describeError(error),
          }),
      },
    );

  const resetting = dialog.kind === 'reset' ? dialog.integration : null;
  const deleting = dialog.kind === 'delete' ? dialog.integration : null;

  const confirmReset = () => {
    if (!resetting) return;
    resetToken.mutate(resetting.id, {
      onSuccess: (integration) => {
        closeDialog();
        setRevealed({ integration, reason: 'reset' });
      },
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Endpoint deleted',
          message: `${deleting.name} no longer accepts alerts.`,
        });
        closeDialog();
      },
    });
  };

  const onCreated = (integration: AlertIntegrationWithToken) => {
    setDialog({ kind: 'none' });
    setRevealed({ integration, reason: 'created' });
  };

  const onSaved = (integration: AlertIntegration) => {
    setDialog({ kind: 'none' });
    notifications.show({ color: 'teal', title: 'Endpoint renamed', message: integration.name });
  };

  const onSent = (integration: AlertIntegration) => {
    setDialog({ kind: 'none' });
    notifications.show({
      color: 'teal',
      title: 'Test alert sent',
      message: (
        <>
          {integration.name} accepted it.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => navigate(alertsRoute(projectId))}>
            See the alerts
          </Anchor>
        </>
      ),
    });
  };

  return {
    profileId,
    projectId,
    query,
    integrations: query.data ?? [],
    dialog,
    setDialog,
    closeDialog,
    revealed,
    closeRevealed: () => setRevealed(null),
    toggleActive,
    resetting,
    deleting,
    resetToken,
    remove,
    confirmReset,
    confirmDelete,
    onCreated,
    onSaved,
    onSent,
  };
}
