import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Code,
  EmptyState,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import {
  IconDots,
  IconKey,
  IconPencil,
  IconPlugConnected,
  IconPlus,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
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
import { CopyIconButton } from '../../components/copy-button/copy-button.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { useAlertsProject } from './alerts-context.js';
import { alertsRoute } from './alerts-paths.js';
import { IntegrationFormModal } from './integration-form-modal.js';
import { KeyRevealModal } from './key-reveal-modal.js';
import { PayloadFieldsHelp } from './payload-fields-help.js';
import { TestAlertModal } from './test-alert-modal.js';
import classes from './alert-table.module.css';

/** Which dialog is open. */
type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'rename'; integration: AlertIntegration }
  | { kind: 'reset'; integration: AlertIntegration }
  | { kind: 'delete'; integration: AlertIntegration }
  | { kind: 'test'; integration: AlertIntegration };

/**
 * A project's HTTP endpoint integrations: each with its active switch, webhook URL (copy) and
 * actions (send a test alert, rename, reset the key, delete). Creating an endpoint or resetting its
 * key shows the key once, in {@link KeyRevealModal}.
 */
export function IntegrationsPage() {
  const { profileId, projectId } = useAlertsProject();
  const navigate = useNavigate();
  const query = useQuery(alertQueries.integrations(profileId, projectId));
  const update = useUpdateAlertIntegration(profileId, projectId);
  const resetToken = useResetAlertIntegrationToken(profileId, projectId);
  const remove = useDeleteAlertIntegration(profileId, projectId);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [revealed, setRevealed] = useState<{
    integration: AlertIntegrationWithToken;
    reason: 'created' | 'reset';
  } | null>(null);
  const integrations = query.data ?? [];

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
      <Paper withBorder>
        <EmptyState
          py={56}
          variant="light"
          icon={<IconPlugConnected size={26} stroke={1.6} />}
          title="No HTTP endpoints yet"
          description="Add an endpoint to get a webhook URL and an authorization key. Any monitoring tool that can POST JSON can then raise alerts in this project."
        >
          <EmptyState.Actions>{addButton}</EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={820} type="native">
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            className={classes.table}
            aria-label="HTTP endpoints"
            aria-busy={query.isPending}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.shrink}>Name</Table.Th>
                <Table.Th className={classes.shrink}>Active</Table.Th>
                <Table.Th>Webhook URL</Table.Th>
                <Table.Th className={classes.shrink}>Created</Table.Th>
                <Table.Th className={classes.shrink}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending
                ? Array.from({ length: 2 }, (_, index) => (
                    <Table.Tr key={index} data-testid="integration-row-skeleton">
                      <Table.Td>
                        <Skeleton height={10} width={140} />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton height={16} width={32} radius="xl" />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton height={10} width="70%" />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton height={10} width={70} />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton height={22} width={120} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : integrations.map((integration) => (
                    <Table.Tr key={integration.id} data-testid="integration-row">
                      <Table.Td className={classes.shrink}>
                        <Stack gap={2}>
                          <Text size="sm" fw={600}>
                            {integration.name}
                          </Text>
                          <Group gap={4}>
                            <Badge size="xs" variant="default">
                              HTTP endpoint
                            </Badge>
                          </Group>
                        </Stack>
                      </Table.Td>
                      <Table.Td className={classes.shrink}>
                        <Switch
                          checked={integration.active}
                          onChange={(event) => toggleActive(integration, event.currentTarget.checked)}
                          aria-label={`Active: ${integration.name}`}
                          color="teal"
                        />
                      </Table.Td>
                      <Table.Td className={classes.urlCell}>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={integration.url} openDelay={600} maw={560} multiline>
                            <Code className={classes.url} data-testid="integration-url">
                              {integration.url}
                            </Code>
                          </Tooltip>
                          <CopyIconButton
                            value={integration.url}
                            label="Copy URL"
                            ariaLabel={`Copy URL of ${integration.name}`}
                          />
                        </Group>
                      </Table.Td>
                      <Table.Td className={classes.shrink}>
                        <RelativeTime iso={integration.created_at} size="sm" />
                      </Table.Td>
                      <Table.Td className={classes.shrink}>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconSend size={14} />}
                            onClick={() => setDialog({ kind: 'test', integration })}
                          >
                            Send test alert
                          </Button>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`More actions for ${integration.name}`}
                              >
                                <IconDots size={16} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                leftSection={<IconPencil size={14} />}
                                onClick={() => setDialog({ kind: 'rename', integration })}
                              >
                                Rename
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconKey size={14} />}
                                onClick={() => setDialog({ kind: 'reset', integration })}
                              >
                                Reset key
                              </Menu.Item>
                              <Menu.Divider />
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={14} />}
                                onClick={() => setDialog({ kind: 'delete', integration })}
                              >
                                Delete
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  const resetting = dialog.kind === 'reset' ? dialog.integration : null;
  const deleting = dialog.kind === 'delete' ? dialog.integration : null;

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
        onCreated={(integration) => {
          setDialog({ kind: 'none' });
          setRevealed({ integration, reason: 'created' });
        }}
        onSaved={(integration) => {
          setDialog({ kind: 'none' });
          notifications.show({ color: 'teal', title: 'Endpoint renamed', message: integration.name });
        }}
      />
      <KeyRevealModal
        revealed={revealed?.integration ?? null}
        reason={revealed?.reason ?? 'created'}
        onClose={() => setRevealed(null)}
      />
      <TestAlertModal
        profileId={profileId}
        projectId={projectId}
        integration={dialog.kind === 'test' ? dialog.integration : null}
        onClose={closeDialog}
        onSent={(integration) => {
          setDialog({ kind: 'none' });
          notifications.show({
            color: 'teal',
            title: 'Test alert sent',
            message: (
              <>
                {integration.name} accepted it.{' '}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => navigate(alertsRoute(projectId))}
                >
                  See the alerts
                </Anchor>
              </>
            ),
          });
        }}
      />
      <ConfirmModal
        opened={resetting !== null}
        title={`Reset the key of “${resetting?.name ?? ''}”?`}
        confirmLabel="Reset key"
        busy={resetToken.isPending}
        error={resetToken.error}
        onClose={closeDialog}
        onConfirm={() => {
          if (!resetting) return;
          resetToken.mutate(resetting.id, {
            onSuccess: (integration) => {
              closeDialog();
              setRevealed({ integration, reason: 'reset' });
            },
          });
        }}
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
        busy={remove.isPending}
        error={remove.error}
        onClose={closeDialog}
        onConfirm={() => {
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
        }}
      >
        <Text size="sm">
          Its webhook URL and key stop working for good. Alerts it already raised stay in the list.
        </Text>
      </ConfirmModal>
    </>
  );
}
