import { Alert as MantineAlert, Badge, Code, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useUpdateAlertStatus } from '../../api/alerts/mutations.js';
import { alertPollInterval, alertQueries } from '../../api/alerts/queries.js';
import type { Alert, AlertDetail } from '../../api/alerts/types.js';
import { describeError } from '../../api/describe-error.js';
import { CopyIconButton } from '../../components/copy-button/copy-button.js';
import {
  DetailDrawer,
  DetailFields as Fields,
  DetailHeading,
  DetailSection as Section,
} from '../../components/detail-drawer/detail-drawer.js';
import { JsonView } from '../../components/json-view/json-view.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { formatDateTime } from '../../lib/format-relative-time.js';
import { alertHosts } from './alert-fields.js';
import { SeverityBadge, StatusBadge } from './alert-badges.js';
import { normalizeSeverity } from './alert-severity.js';
import { AlertStatusActions } from './alert-status-actions.js';
import { useAlertsProject } from './alerts-context.js';
import { formatPayload } from './alert-payload.js';
import classes from './alert-drawer.module.css';

/** Props of {@link AlertDrawer}. */
export interface AlertDrawerProps {
  profileId: string;
  projectId: number;
  /** The alert to show, or null when closed. */
  iid: number | null;
  /** The list's copy of the alert, shown while the detail loads. */
  listed: Alert | null;
  onClose: () => void;
}

function when(iso: string | null): ReactNode {
  if (!iso) return null;
  return (
    <Group gap={6} wrap="wrap" component="span">
      <span>{formatDateTime(iso)}</span>
      <RelativeTime iso={iso} size="xs" c="dimmed" />
    </Group>
  );
}

/** A payload value for the "Other fields" list: strings as they are, anything else as JSON. */
function detailValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function fingerprint(value: string | null): ReactNode {
  if (!value) return null;
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyIconButton value={value} label="Copy fingerprint" size="sm" iconSize={14} />
    </Group>
  );
}

/**
 * One alert in a side drawer: severity, status and the actions the status allows (acknowledge,
 * resolve, ignore, reopen), the mapped fields, hosts, fingerprint, environment, the description and
 * the raw payload as collapsible JSON. Polls while open so the event count stays current.
 */
export function AlertDrawer({ profileId, projectId, iid, listed, onClose }: AlertDrawerProps) {
  const { fullPath } = useAlertsProject();
  const detail = useQuery({
    ...alertQueries.detail(profileId, projectId, fullPath, iid ?? 0),
    enabled: iid !== null,
    refetchInterval: alertPollInterval,
  });
  const updateStatus = useUpdateAlertStatus(profileId, projectId, fullPath);
  const alert: Alert | AlertDetail | null = detail.data ?? (listed && listed.iid === iid ? listed : null);
  const hasPayload = detail.data !== undefined;

  const pending = updateStatus.isPending ? (updateStatus.variables?.status ?? null) : null;

  return (
    <DetailDrawer
      opened={iid !== null}
      onClose={() => {
        updateStatus.reset();
        onClose();
      }}
      size={560}
      testId="alert-drawer"
      title={
        alert ? (
          <Stack gap={6}>
            <Group gap="xs">
              <SeverityBadge severity={normalizeSeverity(alert.severity)} />
              <StatusBadge status={alert.status} />
              <Badge variant="default" size="md" data-testid="alert-drawer-events">
                {alert.events} {alert.events === 1 ? 'event' : 'events'}
              </Badge>
            </Group>
            <DetailHeading title={alert.title} subtitle={`Alert #${alert.iid}`} />
          </Stack>
        ) : (
          <Text fw={600}>Alert #{iid}</Text>
        )
      }
    >
      {detail.isError && !alert ? (
        <QueryErrorAlert
          title="Couldn’t load the alert"
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : null}
      {!alert && detail.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={12} width="50%" />
          <Skeleton height={12} width="80%" />
          <Skeleton height={12} width="65%" />
        </Stack>
      ) : null}
      {alert ? (
        <Stack gap={0}>
          <Stack gap="xs" pb="md">
            <AlertStatusActions
              status={alert.status}
              pending={pending}
              onChange={(action) =>
                updateStatus.mutate(
                  { iid: alert.iid, status: action.to },
                  {
                    onSuccess: () =>
                      notifications.show({ color: 'teal', title: action.done, message: alert.title }),
                  },
                )
              }
            />
            {updateStatus.isError ? (
              <MantineAlert color="red" variant="light" icon={<IconAlertCircle />} title="That didn’t work">
                {describeError(updateStatus.error)}
              </MantineAlert>
            ) : null}
          </Stack>
          {alert.description ? (
            <Section label="Description">
              <Text size="sm" className={classes.description}>
                {alert.description}
              </Text>
            </Section>
          ) : null}
          <Section label="Details">
            <Fields
              rows={[
                ['Started', when(alert.started_at)],
                ['Ended', when(alert.ended_at)],
                ['Events', String(alert.events)],
                ['Service', alert.service],
                ['Monitoring tool', alert.monitoring_tool],
                ['Environment', alert.environment_name],
                ['Integration', alert.integration?.name ?? null],
                [
                  'Hosts',
                  alertHosts(alert).length > 0 ? (
                    <Group key="hosts" gap={4}>
                      {alertHosts(alert).map((host) => (
                        <Code key={host}>{host}</Code>
                      ))}
                    </Group>
                  ) : null,
                ],
                ['Fingerprint', fingerprint(alert.fingerprint)],
                ['Created', when(alert.created_at)],
                ['Updated', when(alert.updated_at)],
              ]}
            />
          </Section>
          {hasPayload && Object.keys((detail.data as AlertDetail).details ?? {}).length > 0 ? (
            <Section label="Other fields">
              <Fields
                rows={Object.entries((detail.data as AlertDetail).details).map(([key, value]) => [
                  key,
                  <Text key={key} span size="sm" ff="monospace">
                    {detailValue(value)}
                  </Text>,
                ])}
              />
            </Section>
          ) : null}
          <Section label="Raw payload">
            {hasPayload ? (
              <JsonView
                text={formatPayload((detail.data as AlertDetail).payload)}
                noun="payload"
                id="alert-raw-payload"
                testId="alert-payload"
              />
            ) : detail.isError ? (
              <Text size="sm" c="red">
                Couldn’t load the payload: {describeError(detail.error)}
              </Text>
            ) : (
              <Skeleton height={24} width={220} />
            )}
          </Section>
        </Stack>
      ) : null}
    </DetailDrawer>
  );
}
