import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconServer2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Environment } from '../../../../shared/api-types/deployments.js';
import { useEnvironmentAction } from '../../api/environments/mutations.js';
import { environmentQueries } from '../../api/environments/queries.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { TableEmptyState } from '../../components/data-table/index.js';
import { QueryContent } from '../../components/query-content/query-content.js';
import { RelativeTime } from '../../components/relative-time.js';
import { pipelinePaths } from '../pipelines/pipeline-paths.js';
import { usePipelinesProject } from '../pipelines/pipelines-context.js';
import { StatusBadge } from '../pipelines/status-badge.js';
import { EnvironmentBadges, RefAndSha } from './environment-parts.js';

/** A project's environments with their latest deployment; stop an available one, delete a stopped one. */
export function EnvironmentListPage() {
  const { profileId, projectId } = usePipelinesProject();
  const environments = useQuery(environmentQueries.list(profileId, projectId));
  const latest = useQuery(environmentQueries.latestDeployments(profileId, projectId));
  const action = useEnvironmentAction(profileId, projectId);
  const [pending, setPending] = useState<{ env: Environment; action: 'stop' | 'delete' } | null>(null);

  return (
    <QueryContent
      query={environments}
      errorTitle="Couldn’t load environments"
      skeletonHeight={36}
      loading={
        <Stack gap="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      }
      empty={
        <TableEmptyState
          py={48}
          icon={<IconServer2 size={26} stroke={1.6} />}
          title="No environments yet"
          description="Jobs with an environment: keyword create one on their first deployment."
        />
      }
    >
      {(list) => (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>Last deployment</Table.Th>
                  <Table.Th>Ref</Table.Th>
                  <Table.Th>Deployed</Table.Th>
                  <Table.Th w={110} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((env) => {
                  const last = latest.data?.[env.name];
                  return (
                    <Table.Tr key={env.id} data-testid="environment-row">
                      <Table.Td>
                        <Group gap="xs">
                          <Anchor
                            component={Link}
                            to={pipelinePaths.environment(projectId, env.id)}
                            fw={600}
                            size="sm"
                          >
                            {env.name}
                          </Anchor>
                          <EnvironmentBadges env={env} size="xs" />
                        </Group>
                        {env.external_url ? (
                          <Text size="xs" c="dimmed" ff="monospace">
                            {env.external_url}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {last ? (
                          <Group gap="xs">
                            <StatusBadge status={last.status} size="sm" />
                            <Text size="sm">#{last.iid}</Text>
                            {last.deployable ? (
                              <Anchor
                                component={Link}
                                to={pipelinePaths.job(projectId, last.deployable.id)}
                                size="sm"
                              >
                                {last.deployable.name}
                              </Anchor>
                            ) : null}
                          </Group>
                        ) : latest.isPending ? (
                          <Skeleton height={12} width={100} />
                        ) : (
                          <Text size="sm" c="dimmed">
                            Never deployed
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{last ? <RefAndSha gitRef={last.ref} sha={last.sha} /> : null}</Table.Td>
                      <Table.Td>
                        {last ? <RelativeTime iso={last.created_at} size="sm" c="dimmed" /> : null}
                      </Table.Td>
                      <Table.Td>
                        {env.state === 'available' ? (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setPending({ env, action: 'stop' })}
                          >
                            Stop
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="default"
                            color="red"
                            onClick={() => setPending({ env, action: 'delete' })}
                          >
                            Delete
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ConfirmModal
            opened={pending !== null}
            title={pending ? `${pending.action === 'stop' ? 'Stop' : 'Delete'} ${pending.env.name}?` : ''}
            confirmLabel={pending?.action === 'stop' ? 'Stop environment' : 'Delete environment'}
            busy={action.isPending}
            error={action.error}
            onClose={() => {
              action.reset();
              setPending(null);
            }}
            onConfirm={() => {
              if (!pending) return;
              action.mutate(
                { environmentId: pending.env.id, action: pending.action },
                {
                  onSuccess: () => {
                    notifications.show({
                      color: 'green',
                      message: `${pending.env.name} ${pending.action === 'stop' ? 'stopped' : 'deleted'}`,
                    });
                    setPending(null);
                  },
                },
              );
            }}
          >
            {pending?.action === 'stop'
              ? 'The environment is marked stopped; its on_stop job, if any, runs.'
              : 'The environment and its deployment history are removed.'}
          </ConfirmModal>
        </Paper>
      )}
    </QueryContent>
  );
}
