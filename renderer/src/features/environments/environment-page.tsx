import { Anchor, Avatar, Code, EmptyState, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconGitMerge } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Deployment } from '../../../../shared/api-types/deployments.js';
import { environmentQueries } from '../../api/environments/queries.js';
import { QueryContent } from '../../components/query-content/query-content.js';
import { RelativeTime } from '../../components/relative-time.js';
import { pipelinePaths } from '../pipelines/pipeline-paths.js';
import { usePipelinesProject } from '../pipelines/pipelines-context.js';
import { BackLink } from '../pipelines/run-facts.js';
import { StatusBadge } from '../pipelines/status-badge.js';
import { EnvironmentBadges, RefAndSha } from './environment-parts.js';

/** One environment: its deployments (newest first) and the merge requests a picked deployment shipped. */
export function EnvironmentPage() {
  const { profileId, projectId } = usePipelinesProject();
  const environmentId = Number(useParams().environmentId);
  const env = useQuery(environmentQueries.detail(profileId, projectId, environmentId));
  const deployments = useQuery({
    ...environmentQueries.deployments(profileId, projectId, env.data?.name ?? ''),
    enabled: env.data !== undefined,
  });
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? deployments.data?.[0]?.id ?? null;

  return (
    <QueryContent query={env} errorTitle="Couldn’t load the environment" skeletonHeight={240}>
      {(e) => (
        <Stack gap="md">
          <BackLink to={pipelinePaths.environments(projectId)}>All environments</BackLink>
          <Group gap="sm">
            <Title order={3}>{e.name}</Title>
            <EnvironmentBadges env={e} />
            {e.external_url ? (
              <Text size="sm" c="dimmed" ff="monospace">
                {e.external_url}
              </Text>
            ) : null}
          </Group>
          <Paper withBorder>
            <Text
              fw={600}
              size="sm"
              p="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              Deployment history
            </Text>
            <QueryContent
              query={deployments}
              errorTitle="Couldn’t load deployments"
              skeletonHeight={120}
              m="md"
              empty={<EmptyState py={40} variant="light" title="No deployments yet" />}
            >
              {(list) => (
                <Table.ScrollContainer minWidth={760}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={120}>Status</Table.Th>
                        <Table.Th w={60}>ID</Table.Th>
                        <Table.Th>Ref</Table.Th>
                        <Table.Th>Job</Table.Th>
                        <Table.Th>User</Table.Th>
                        <Table.Th>Created</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.map((d) => (
                        <DeploymentRow
                          key={d.id}
                          deployment={d}
                          selected={d.id === selected}
                          onSelect={() => setPicked(d.id)}
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </QueryContent>
          </Paper>
          {selected !== null ? <DeployedMergeRequests deploymentId={selected} /> : null}
        </Stack>
      )}
    </QueryContent>
  );
}

function DeploymentRow({
  deployment: d,
  selected,
  onSelect,
}: {
  deployment: Deployment;
  selected: boolean;
  onSelect: () => void;
}) {
  const { projectId } = usePipelinesProject();
  return (
    <Table.Tr
      data-testid="deployment-row"
      onClick={onSelect}
      style={{ cursor: 'pointer' }}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Table.Td>
        <StatusBadge status={d.status} size="sm" />
      </Table.Td>
      <Table.Td>#{d.iid}</Table.Td>
      <Table.Td>
        <RefAndSha gitRef={d.ref} sha={d.sha} nowrap />
      </Table.Td>
      <Table.Td>
        {d.deployable ? (
          <Anchor
            component={Link}
            to={pipelinePaths.job(projectId, d.deployable.id)}
            size="sm"
            onClick={(e) => e.stopPropagation()}
          >
            {d.deployable.name} #{d.deployable.id}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            API
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {d.user ? (
          <Group gap={6} wrap="nowrap">
            <Avatar name={d.user.name} color="initials" size={20} />
            <Text size="sm">{d.user.username}</Text>
          </Group>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <RelativeTime iso={d.created_at} size="sm" c="dimmed" />
      </Table.Td>
    </Table.Tr>
  );
}

function DeployedMergeRequests({ deploymentId }: { deploymentId: number }) {
  const { profileId, projectId } = usePipelinesProject();
  const mrs = useQuery(environmentQueries.mergeRequests(profileId, projectId, deploymentId));
  return (
    <Paper withBorder p="sm" data-testid="deployment-merge-requests">
      <Group gap="xs" mb="xs">
        <IconGitMerge size={16} />
        <Text fw={600} size="sm">
          Merge requests shipped by this deployment
        </Text>
      </Group>
      <QueryContent
        query={mrs}
        errorTitle="Couldn’t load merge requests"
        skeletonHeight={40}
        empty={
          <Text size="sm" c="dimmed">
            None: no merge request was merged between the previous successful deployment and this one.
          </Text>
        }
      >
        {(list) => (
          <Stack gap={4}>
            {list.map((mr) => (
              <Group key={mr.id} gap="xs">
                <Text size="sm" fw={600}>
                  !{mr.iid}
                </Text>
                <Text size="sm">{mr.title}</Text>
                <Code>
                  {mr.source_branch} → {mr.target_branch}
                </Code>
                {mr.merged_at ? <RelativeTime iso={mr.merged_at} size="xs" c="dimmed" /> : null}
              </Group>
            ))}
          </Stack>
        )}
      </QueryContent>
    </Paper>
  );
}
