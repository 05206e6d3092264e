import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowsDiff, IconRefresh } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { describeInstance } from '../../../../shared/instance-capabilities.js';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { capabilitiesOf } from '../../api/capabilities/capabilities.js';
import type { Figure, InstanceHealth } from '../../api/fleet/instance-health.js';
import { fleetKeys } from '../../api/fleet/keys.js';
import { fleetQueries } from '../../api/fleet/queries.js';
import { useSetActiveProfile } from '../../api/profiles/mutations.js';
import { profileQueries } from '../../api/profiles/queries.js';
import { PageHeader } from '../../components/page-header.js';
import { RelativeTime } from '../../components/relative-time.js';
import { FleetDriftBadge, useFleetDrift } from '../drift/fleet-drift-badge.js';
import { fleetProblems, worstSeverity, type FleetProblem } from './fleet-problems.js';

const SEVERITY_COLOR: Record<FleetProblem['severity'], string> = { 3: 'red', 2: 'orange', 1: 'yellow' };

/** A figure as a cell: the value, or a dimmed "—" whose tooltip says why there is none. */
function FigureCell<T>({
  figure,
  render,
}: {
  figure: Figure<T> | undefined;
  render: (value: T) => React.ReactNode;
}) {
  if (!figure)
    return (
      <Text size="sm" c="dimmed">
        …
      </Text>
    );
  if (figure.kind === 'unavailable') {
    return (
      <Tooltip label={figure.why} multiline w={300}>
        <Text size="sm" c="dimmed" tabIndex={0} aria-label={`Not available: ${figure.why}`}>
          —
        </Text>
      </Tooltip>
    );
  }
  return <>{render(figure.value)}</>;
}

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString());

/** One instance's row data: the profile, its health and its problems. */
interface FleetRow {
  profile: ProfileSummary;
  health: InstanceHealth | undefined;
  problems: FleetProblem[];
}

/**
 * Fleet (issue 29): every instance Outpost keeps, in one table, read in the background within each
 * instance's budget (at most 5 requests a round, every 5 minutes while visible): version and edition,
 * reachability and latency, token expiry, Admin Mode, user/project/group/MR counts, pending and running
 * jobs where the instance can list them, and the last administrator audit event. Instances with problems
 * (unreachable, token expiring, Admin Mode blocking, queue backing up) sort to the top. A row's name makes
 * that instance active and opens its projects.
 */
export function FleetPage() {
  const profiles = useQuery(profileQueries.list());
  const list = profiles.data ?? [];
  const healths = useQueries({ queries: list.map((profile) => fleetQueries.health(profile)) });
  const queryClient = useQueryClient();
  const setActive = useSetActiveProfile();
  const navigate = useNavigate();
  const now = new Date();

  const rows: FleetRow[] = list.map((profile, index) => {
    const health = healths[index]?.data;
    const caps = capabilitiesOf(profile);
    return { profile, health, problems: fleetProblems(caps, profile.capabilitiesError ?? null, health, now) };
  });
  rows.sort(
    (a, b) =>
      worstSeverity(b.problems) - worstSeverity(a.problems) || a.profile.name.localeCompare(b.profile.name),
  );
  const withProblems = rows.filter((row) => row.problems.length > 0).length;
  const refreshing = healths.some((health) => health.isFetching);
  const drift = useFleetDrift(list);

  const open = (profile: ProfileSummary) => {
    const go = () => void navigate('/projects');
    if (profile.active) go();
    else {
      const previousId = list.find((candidate) => candidate.active)?.id ?? null;
      setActive.mutate({ id: profile.id, previousId }, { onSuccess: go });
    }
  };

  return (
    <>
      <PageHeader
        title="Fleet"
        description={
          list.length === 0
            ? 'Every instance Outpost keeps, side by side.'
            : `${list.length} ${list.length === 1 ? 'instance' : 'instances'} · ${
                withProblems === 0 ? 'no problems' : `${withProblems} with problems`
              }`
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconArrowsDiff size={16} />}
              onClick={() => void navigate('/fleet/drift')}
            >
              Compare configuration
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={refreshing}
              onClick={() =>
                void Promise.all(
                  list.map((profile) =>
                    queryClient.invalidateQueries({ queryKey: fleetKeys.health(profile.id) }),
                  ),
                )
              }
            >
              Refresh all
            </Button>
          </>
        }
      />
      <Paper withBorder>
        <Table.ScrollContainer minWidth={860} type="native">
          <Table verticalSpacing="sm" data-testid="fleet-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Instance</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Users</Table.Th>
                <Table.Th ta="right">Projects</Table.Th>
                <Table.Th ta="right">Groups</Table.Th>
                <Table.Th ta="right">Jobs</Table.Th>
                <Table.Th>Last admin event</Table.Th>
                <Table.Th>Drift</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ profile, health, problems }) => {
                const caps = capabilitiesOf(profile);
                return (
                  <Table.Tr key={profile.id} data-instance={profile.name}>
                    <Table.Td style={{ minWidth: 220 }}>
                      <Stack gap={2}>
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          size="sm"
                          ta="left"
                          onClick={() => open(profile)}
                        >
                          {profile.name}
                        </Anchor>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {caps
                            ? describeInstance(caps, now)
                            : (profile.capabilitiesError ?? 'Checking the instance…')}
                        </Text>
                        {problems.length > 0 ? (
                          <Group gap={4} data-testid="fleet-problems">
                            {problems.map((problem) => (
                              <Badge
                                key={problem.text}
                                size="xs"
                                variant="light"
                                color={SEVERITY_COLOR[problem.severity]}
                              >
                                {problem.text}
                              </Badge>
                            ))}
                          </Group>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {!health ? (
                        <Text size="sm" c="dimmed">
                          Checking…
                        </Text>
                      ) : health.reachable ? (
                        <Stack gap={0}>
                          <Badge size="sm" variant="light" color="teal">
                            Reachable
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {health.latencyMs} ms
                          </Text>
                        </Stack>
                      ) : (
                        <Tooltip label={health.unreachableWhy} multiline w={300}>
                          <Badge size="sm" variant="light" color="red" tabIndex={0}>
                            Unreachable
                          </Badge>
                        </Tooltip>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <FigureCell figure={health?.counts} render={(value) => count(value.users)} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <FigureCell figure={health?.counts} render={(value) => count(value.projects)} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <FigureCell figure={health?.counts} render={(value) => count(value.groups)} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <FigureCell
                        figure={health?.jobs}
                        render={(value) => (
                          <Text size="sm">
                            {count(value.running)} running · {count(value.pending)} pending
                          </Text>
                        )}
                      />
                    </Table.Td>
                    <Table.Td style={{ maxWidth: 260 }}>
                      <FigureCell
                        figure={health?.lastAudit}
                        render={(event) =>
                          event ? (
                            <Stack gap={0}>
                              <Text size="sm" lineClamp={2}>
                                {event.action}
                                {event.author ? ` · ${event.author}` : ''}
                              </Text>
                              <RelativeTime iso={event.at} size="xs" c="dimmed" />
                            </Stack>
                          ) : (
                            <Text size="sm" c="dimmed">
                              None yet
                            </Text>
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <FleetDriftBadge drift={drift[profile.id]} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
