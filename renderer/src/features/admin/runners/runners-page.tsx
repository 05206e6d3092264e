import { Anchor, Badge, Group, Paper, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconServer } from '@tabler/icons-react';
import { useState } from 'react';
import { decideFeature } from '../../../../../shared/instance-capabilities.js';
import { adminRunnerQueries } from '../../../api/admin/runners/queries.js';
import type { Runner } from '../../../api/admin/runners/types.js';
import { useInstanceCapabilities } from '../../../api/capabilities/capabilities.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { RefreshButton, TableToolbar } from '../../../components/data-table/index.js';
import { FeatureUnavailable } from '../../../components/feature-unavailable.js';
import { PageHeader } from '../../../components/page-header.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { AdminListBody, countNoun } from '../admin-list.js';
import { InstanceJobsPanel } from './instance-jobs-panel.js';
import { RunnerDrawer } from './runner-drawer.js';
import { RUNNER_TYPE_LABELS, RunnerStateBadge } from './runner-status.js';

/**
 * Admin → Runners (issue 28): the instance's runners (doc/api/runners.md `GET /runners/all`, GitLab
 * 14.8+ for `paused`, administrators) with type, state (online, offline, stale, paused), version, last
 * contact, description and tags; a row opens the runner's drawer (details, recent jobs, pause/resume,
 * delete). The Jobs tab lists the instance's running, pending and failed jobs where the instance can list
 * them (Outpost's core). On Outpost the one runner is the built-in local executor.
 */
export function RunnersPage() {
  const { capabilities } = useInstanceCapabilities();
  const availability = decideFeature('runners', capabilities);
  if (availability.status !== 'available') {
    return (
      <>
        <PageHeader title="Runners" description="The runners that run the instance’s CI/CD jobs" />
        <FeatureUnavailable availability={availability} testId="runners-unavailable" />
      </>
    );
  }
  return <RunnersScreen builtIn={capabilities?.kind !== 'gitlab'} />;
}

function RunnersScreen({ builtIn }: { builtIn: boolean }) {
  const profile = useActiveProfile();
  const [tab, setTab] = useState<string>('runners');
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery(adminRunnerQueries.list(profile.id));
  const runners = query.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Runners"
        description={
          query.data
            ? `${countNoun(query.data.total ?? runners.length, 'runner', 'runners')} on ${profile.name}`
            : `Runners of ${profile.name}`
        }
      />
      <Tabs value={tab} onChange={(value) => setTab(value ?? 'runners')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="runners">Runners</Tabs.Tab>
          <Tabs.Tab value="jobs">Jobs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="runners">
          <AdminListBody
            query={query}
            what="runners"
            isEmpty={runners.length === 0}
            empty={{
              icon: <IconServer size={26} stroke={1.6} />,
              title: 'No runners',
              description: 'No runner is registered with this instance, so its jobs wait as pending.',
            }}
          >
            <TableToolbar>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {builtIn
                  ? 'Outpost runs jobs itself, on this computer, with its built-in runner.'
                  : 'Runners registered with the instance.'}
              </Text>
              <RefreshButton
                label="Refresh runners"
                onRefresh={() => void query.refetch()}
                refreshing={query.isFetching && !query.isPending}
              />
            </TableToolbar>
            <RunnerTable runners={runners} onOpen={(runner) => setOpenId(runner.id)} />
          </AdminListBody>
        </Tabs.Panel>
        <Tabs.Panel value="jobs">
          <InstanceJobsPanel profileId={profile.id} />
        </Tabs.Panel>
      </Tabs>
      <RunnerDrawer
        profileId={profile.id}
        runnerId={openId}
        builtIn={builtIn}
        onClose={() => setOpenId(null)}
      />
    </>
  );
}

/** Runner rows; version and last contact come from each runner's details (one request per row). */
function RunnerTable({ runners, onOpen }: { runners: Runner[]; onOpen: (runner: Runner) => void }) {
  return (
    <Paper>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Runners">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Runner</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Last contact</Table.Th>
            <Table.Th>Tags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runners.map((runner) => (
            <RunnerRow key={runner.id} runner={runner} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function RunnerRow({ runner, onOpen }: { runner: Runner; onOpen: (runner: Runner) => void }) {
  const profile = useActiveProfile();
  const details = useQuery(adminRunnerQueries.detail(profile.id, runner.id));
  const d = details.data;
  return (
    <Table.Tr
      data-testid="runner-row"
      data-runner-id={runner.id}
      style={{ cursor: 'pointer' }}
      onClick={() => onOpen(runner)}
    >
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          data-testid="runner-description"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(runner);
          }}
        >
          {runner.description || `Runner #${runner.id}`}
        </Anchor>
        <Text size="xs" c="dimmed">
          #{runner.id}
          {runner.ip_address ? ` · ${runner.ip_address}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <RunnerStateBadge runner={runner} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{RUNNER_TYPE_LABELS[runner.runner_type] ?? runner.runner_type}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="runner-version">
          {d?.version ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {d?.contacted_at ? <RelativeTimeCell iso={d.contacted_at} /> : <Text size="sm">—</Text>}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {(d?.tag_list ?? []).map((tag) => (
            <Badge key={tag} size="xs" variant="outline">
              {tag}
            </Badge>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function RelativeTimeCell({ iso }: { iso: string }) {
  return <RelativeTime iso={iso} size="sm" />;
}
