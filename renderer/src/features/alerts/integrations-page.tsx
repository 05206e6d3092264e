import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { TableEmptyState } from '../../components/data-table/index.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { IntegrationFormModal } from './integration-form-modal.js';
import { IntegrationTable } from './integration-table.js';
import { KeyRevealModal } from './key-reveal-modal.js';
import { PayloadFieldsHelp } from './payload-fields-help.js';
import { TestAlertModal } from './test-alert-modal.js';
import { useIntegrationsState } from './use-integrations-state.js';

/**
 * A project's HTTP endpoint integrations: each with its active switch, webhook URL (copy) and
 * actions (send a test alert, rename, reset the key, delete). Creating an endpoint or resetting its
 * key shows the key once, in {@link KeyRevealModal}.
 */
export function IntegrationsPage() {
  const state = useIntegrationsState();
  const { profileId, projectId, query, integrations, dialog, setDialog, closeDialog, resetting, deleting } =
    state;

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
      Add HTTP endpoint
    </Button>
  );

  let body;
  if (query.isError && !query.data) {
    body = (
      <QueryErrorAlert
        title="Couldn’t load the integrations"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data && integrations.length === 0) {
    body = (
      <TableEmptyState
        icon={<IconPlugConnected size={26} stroke={1.6} />}
        title="No HTTP endpoints yet"
        description="Add an endpoint to get a webhook URL and an authorization key. Any monitoring tool that can POST JSON can then raise alerts in this project."
        actions={addButton}
      />
    );
  } else {
    body = (
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <IntegrationTable
          integrations={integrations}
          loading={query.isPending}
          actions={{ onToggleActive: state.toggleActive, onDialog: setDialog }}
        />
      </Paper>
    );
  }

  return (
    <>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Text size="sm" c="dimmed" maw={720}>
          Monitoring tools post JSON alerts to an endpoint’s webhook URL, with its key in the header{' '}
          <Code style={{ whiteSpace: 'nowrap' }}>Authorization: Bearer &lt;key&gt;</Code>. Alerts with the
          same fingerprint are grouped while open.
        </Text>
        {integrations.length > 0 ? addButton : null}
      </Group>
      <Stack gap="md">
        {body}
        <PayloadFieldsHelp />
      </Stack>
      <IntegrationFormModal
        profileId={profileId}
        projectId={projectId}
        opened={dialog.kind === 'create' || dialog.kind === 'rename'}
        integration={dialog.kind === 'rename' ? dialog.integration : null}
        onClose={closeDialog}
        onCreated={state.onCreated}
        onSaved={state.onSaved}
      />
      <KeyRevealModal
        revealed={state.revealed?.integration ?? null}
        reason={state.revealed?.reason ?? 'created'}
        onClose={state.closeRevealed}
      />
      <TestAlertModal
        profileId={profileId}
        projectId={projectId}
        integration={dialog.kind === 'test' ? dialog.integration : null}
        onClose={closeDialog}
        onSent={state.onSent}
      />
      <ConfirmModal
        opened={resetting !== null}
        title={`Reset the key of “${resetting?.name ?? ''}”?`}
        confirmLabel="Reset key"
        busy={state.resetToken.isPending}
        error={state.resetToken.error}
        onClose={closeDialog}
        onConfirm={state.confirmReset}
      >
        <Text size="sm">
          The current key stops working at once: monitoring tools using it get <Code>401</Code> until you give
          them the new key, which is shown only once.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete endpoint “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete endpoint"
        busy={state.remove.isPending}
        error={state.remove.error}
        onClose={closeDialog}
        onConfirm={state.confirmDelete}
      >
        <Text size="sm">
          Its webhook URL and key stop working for good. Alerts it already raised stay in the list.
        </Text>
      </ConfirmModal>
    </>
  );
}
