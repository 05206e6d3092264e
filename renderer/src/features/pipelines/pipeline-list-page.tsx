import {
  Anchor,
  Avatar,
  Button,
  Code,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconClock, IconFilterOff, IconPlayerPlay, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PipelineBasic } from '../../../../shared/api-types/pipelines.js';
import type { PipelineListFilters } from '../../api/pipelines/keys.js';
import { PIPELINES_PER_PAGE, pipelineQueries } from '../../api/pipelines/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { ListFilterBar } from '../../components/list-page/list-page.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { elapsedSeconds, formatDuration } from './format-duration.js';
import { useLiveRefetch } from './live-refetch.js';
import { pipelinePaths } from './pipeline-paths.js';
import { PIPELINE_SCOPES, PIPELINE_STATUSES, isActiveStatus, statusLabel } from './pipeline-status.js';
import { PipelineDurationsChart } from './pipeline-durations-chart.js';
import { JobSandboxBanner } from './job-sandbox-banner.js';
import { usePipelinesProject } from './pipelines-context.js';
import { StatusBadge } from './status-badge.js';
import { useNow } from './use-now.js';

const PER_PAGE = PIPELINES_PER_PAGE;

/**
 * A project's pipelines: filters, live status badges, the chart above. Rows show what one page of
 * `GET /projects/:id/pipelines` holds (status, ref, sha, source, name on 16.3+, created/updated;
 * doc/api/pipelines.md "List project pipelines"); who started a pipeline and how long it ran come from
 * its detail, which on a remote instance is shown only when already read (the chart, a visited pipeline
 * page): one list request per screen, not one per row (app/request-budgets.ts).
 */
export function PipelineListPage() {
  const { profileId, projectId } = usePipelinesProject();
  const [scope, setScope] = useState('');
  const [status, setStatus] = useState('');
  const [refInput, setRefInput] = useState('');
  const [userInput, setUserInput] = useState('');
  const [page, setPage] = useState(1);
  const [ref] = useDebouncedValue(refInput.trim(), 300);
  const [username] = useDebouncedValue(userInput.trim(), 300);
  const filters: PipelineListFilters = { scope, status, ref, username, page, perPage: PER_PAGE };
  const refetchInterval = useLiveRefetch<{ items: PipelineBasic[] }>(profileId, (data) =>
    data.items.some((p) => isActiveStatus(p.status)),
  );
  const list = useQuery({ ...pipelineQueries.list(profileId, projectId, filters), refetchInterval });
  const filtered = Boolean(scope || status || ref || username);

  const reset = () => {
    setScope('');
    setStatus('');
    setRefInput('');
    setUserInput('');
    setPage(1);
  };

  let body;
  if (list.isError) {
    body = (
      <QueryErrorAlert
        title="Couldn’t load pipelines"
        error={list.error}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
        m="md"
      />
    );
  } else if (!list.data) {
    body = (
      <Stack gap="sm" p="md">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    );
  } else if (list.data.items.length === 0) {
    body = filtered ? (
      <EmptyState
        py={48}
        icon={<IconFilterOff size={24} stroke={1.6} />}
        withIndicatorBackground
        title="No pipelines match these filters"
      >
        <Button variant="default" size="xs" onClick={reset}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState
        py={48}
        variant="light"
        icon={<IconRocket size={26} stroke={1.6} />}
        title="No pipelines yet"
        description="Pipelines run on every commit with a .gitlab-ci.yml, or when you run one by hand."
      >
        <Button component={Link} to={pipelinePaths.run(projectId)} size="xs">
          Run pipeline
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={130}>Status</Table.Th>
              <Table.Th>Pipeline</Table.Th>
              <Table.Th>Created by</Table.Th>
              <Table.Th w={110}>Duration</Table.Th>
              <Table.Th w={140}>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((pipeline) => (
              <PipelineRow key={pipeline.id} pipeline={pipeline} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <JobSandboxBanner profileId={profileId} />
      <PipelineDurationsChart />
      <Paper withBorder>
        <ListFilterBar>
          <Select
            aria-label="Scope"
            placeholder="All scopes"
            data={PIPELINE_SCOPES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
            value={scope || null}
            onChange={(v) => {
              setScope(v ?? '');
              setPage(1);
            }}
            clearable
            w={150}
          />
          <Select
            aria-label="Status"
            placeholder="Any status"
            data={PIPELINE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={status || null}
            onChange={(v) => {
              setStatus(v ?? '');
              setPage(1);
            }}
            clearable
            w={150}
          />
          <TextInput
            aria-label="Branch or tag"
            placeholder="Branch or tag"
            value={refInput}
            onChange={(e) => {
              setRefInput(e.currentTarget.value);
              setPage(1);
            }}
            w={180}
          />
          <TextInput
            aria-label="Username"
            placeholder="Started by (username)"
            value={userInput}
            onChange={(e) => {
              setUserInput(e.currentTarget.value);
              setPage(1);
            }}
            w={200}
          />
          <Group ml="auto" gap="sm">
            <Button
              component={Link}
              to={pipelinePaths.run(projectId)}
              leftSection={<IconPlayerPlay size={16} />}
            >
              Run pipeline
            </Button>
          </Group>
        </ListFilterBar>
        {body}
        {list.data && (list.data.totalPages ?? 1) > 1 ? (
          <Group justify="center" p="sm">
            <Pagination total={list.data.totalPages ?? 1} value={page} onChange={setPage} size="sm" />
          </Group>
        ) : null}
      </Paper>
    </Stack>
  );
}

/**
 * One pipeline of the list from its list-level fields; user and duration from the pipeline's detail:
 * read per row on the embedded instance (local, no network), on a remote one only when already cached
 * (the chart's or a visited pipeline's; never one request per row). The list keeps the status live.
 */
function PipelineRow({ pipeline }: { pipeline: PipelineBasic & { name?: string | null } }) {
  const { profileId, projectId } = usePipelinesProject();
  const embedded = useActiveProfile().kind === 'embedded';
  const refetchInterval = useLiveRefetch(profileId);
  const detail = useQuery({
    ...pipelineQueries.detail(profileId, projectId, pipeline.id),
    enabled: embedded,
    refetchInterval: embedded ? refetchInterval : false,
  });
  const cached =
    detail.data && (embedded || detail.data.updated_at === pipeline.updated_at) ? detail.data : undefined;
  const status = cached && embedded ? cached.status : pipeline.status;
  const now = useNow(cached && isActiveStatus(status) ? 1000 : null);
  const user = cached?.user;
  return (
    <Table.Tr data-testid="pipeline-row" data-pipeline-id={pipeline.id}>
      <Table.Td>
        <StatusBadge status={status} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={pipelinePaths.pipeline(projectId, pipeline.id)} fw={600} size="sm">
              #{pipeline.id}
            </Anchor>
            {pipeline.name ? (
              <Text size="sm" truncate maw={240}>
                {pipeline.name}
              </Text>
            ) : null}
          </Group>
          <Group gap={6} wrap="nowrap">
            <Code>{pipeline.ref}</Code>
            <Text size="xs" c="dimmed" ff="monospace">
              {pipeline.sha.slice(0, 8)}
            </Text>
            <Text size="xs" c="dimmed">
              · {pipeline.source}
            </Text>
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>
        {user ? (
          <Group gap={6} wrap="nowrap">
            <Avatar src={user.avatar_url || null} name={user.name} color="initials" size={22} />
            <Text size="sm">{user.username}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <IconClock size={14} color="var(--mantine-color-dimmed)" />
          <Text size="sm">{cached ? formatDuration(elapsedSeconds(cached, now)) : '—'}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <RelativeTime iso={pipeline.created_at} size="sm" c="dimmed" />
      </Table.Td>
    </Table.Tr>
  );
}
