import {
  Anchor,
  Avatar,
  Badge,
  Code,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconGitMerge } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Deployment } from '../../../../shared/api-types/deployments.js';
import { environmentQueries } from '../../api/environments/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { pipelinePaths } from '../pipelines/pipeline-paths.js';
import { usePipelinesProject } from '../pipelines/pipelines-context.js';
import { StatusBadge } from '../pipelines/status-badge.js';

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

  if (env.isError) {
    return (
      <QueryErrorAlert
        title="Couldn’t load the environment"
        error={env.error}
        onRetry={() => env.refetch()}
        retrying={env.isFetching}
      />
    );
  }
  if (!env.data) return <Skeleton height={240} />;
  const e = env.data;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={pipelinePaths.environments(projectId)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> All environments
        </Group>
      </Anchor>
      <Group gap="sm">
        <Title order={3}>{e.name}</Title>
        <Badge variant="light" color={e.state === 'available' ? 'green' : 'gray'}>
          {e.state}
        </Badge>
        <Badge variant="outline" color="gray">
          {e.tier}
        </Badge>
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
        {deployments.isError ? (
          <QueryErrorAlert
            title="Couldn’t load deployments"
            error={deployments.error}
            onRetry={() => deployments.refetch()}
            retrying={deployments.isFetching}
            m="md"
          />
        ) : !deployments.data ? (
          <Skeleton height={120} m="md" />
        ) : deployments.data.length === 0 ? (
          <EmptyState py={40} variant="light" title="No deployments yet" />
        ) : (
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
                {deployments.data.map((d) => (
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
      </Paper>
      {selected !== null ? <DeployedMergeRequests deploymentId={selected} /> : null}
    </Stack>
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
        <Group gap={6} wrap="nowrap">
          <Code>{d.ref}</Code>
          <Text size="xs" ff="monospace" c="dimmed">
            {d.sha.slice(0, 8)}
          </Text>
        </Group>
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
      {mrs.isError ? (
        <QueryErrorAlert
          title="Couldn’t load merge requests"
          error={mrs.error}
          onRetry={() => mrs.refetch()}
          retrying={mrs.isFetching}
        />
      ) : !mrs.data ? (
        <Skeleton height={40} />
      ) : mrs.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: no merge request was merged between the previous successful deployment and this one.
        </Text>
      ) : (
        <Stack gap={4}>
          {mrs.data.map((mr) => (
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
    </Paper>
  );
}
