import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describeAuditAction } from '../../../../../shared/audit-events.js';
import {
  decideFeature,
  describeInstance,
  type InstanceCapabilities,
} from '../../../../../shared/instance-capabilities.js';
import { adminOverviewQueries } from '../../../api/admin/overview/queries.js';
import { storageMoveQueries, MOVE_HEAD_SIZE } from '../../../api/admin/storage-moves/queries.js';
import { ApiError } from '../../../api/api-error.js';
import { useInstanceCapabilities } from '../../../api/capabilities/capabilities.js';
import { describeError } from '../../../api/describe-error.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { FeatureUnavailable } from '../../../components/feature-unavailable.js';
import { PageHeader } from '../../../components/page-header.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { formatBytes } from '../../../lib/byte-size.js';
import { isActiveMove } from '../storage-moves/storage-move-rules.js';
import { AdminQueryError } from '../admin-query-error.js';
import { Figure, formatCount, OverviewSection } from './overview-parts.js';

/** Days left on the token: "expires in 12 days", "expired 3 days ago", "never expires". Pure. */
export function tokenExpiryText(caps: InstanceCapabilities, now: Date): string {
  if (caps.kind === 'outpost-embedded') return 'The embedded instance needs no token expiry.';
  if (!caps.token.known)
    return caps.token.unknownReason ?? 'Unknown (the token’s details could not be read).';
  if (caps.token.expiresAt === null) return 'Never expires';
  const days = Math.round(
    (Date.parse(`${caps.token.expiresAt}T00:00:00Z`) -
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) /
      86_400_000,
  );
  if (Number.isNaN(days)) return `Expires on ${caps.token.expiresAt}`;
  if (days > 1) return `Expires in ${days} days (${caps.token.expiresAt})`;
  if (days === 1) return `Expires tomorrow (${caps.token.expiresAt})`;
  if (days === 0) return `Expires today (${caps.token.expiresAt})`;
  return `Expired ${-days === 1 ? 'yesterday' : `${-days} days ago`} (${caps.token.expiresAt})`;
}

/** The edition as a word: "Community Edition", "Enterprise Edition", "Outpost". Pure. */
function editionText(caps: InstanceCapabilities): string {
  if (caps.kind !== 'gitlab') return 'Outpost';
  if (caps.edition === 'ee') return 'Enterprise Edition (EE)';
  if (caps.edition === 'ce') return 'Community Edition (CE)';
  return 'Unknown edition';
}

/**
 * Admin → Overview (issue 28), the landing page of the admin area: the instance's version and edition
 * (from its capabilities), counts of users, groups, projects and merge requests (`GET
 * /application/statistics`), health (token expiry, reachability), the job queue (embedded instance),
 * running storage moves, shard usage (embedded instance), the latest 5 audit events (where the instance
 * has them) and a way to alerts. Every number links to the screen behind it. On a remote instance the
 * first view costs at most 4 requests (`GET /user` of the admin check, statistics, the newest storage
 * moves, audit events where available); nothing is polled, and sections the instance lacks say so
 * without asking it.
 */
export function AdminOverviewPage() {
  const profile = useActiveProfile();
  const { capabilities } = useInstanceCapabilities();
  const now = new Date();
  const statisticsFeature = decideFeature('application-statistics', capabilities);
  const jobsFeature = decideFeature('instance-jobs', capabilities);
  const shardFeature = decideFeature('shard-usage', capabilities);
  const auditFeature = decideFeature('audit-events', capabilities);
  const keyset = decideFeature('audit-events-keyset', capabilities).status === 'available';

  const statistics = useQuery({
    ...adminOverviewQueries.statistics(profile.id),
    enabled: statisticsFeature.status === 'available',
  });
  const jobs = useQuery({
    ...adminOverviewQueries.jobCounts(profile.id),
    enabled: jobsFeature.status === 'available',
  });
  const moves = useQuery({ ...storageMoveQueries.head(profile.id), refetchInterval: false, retry: false });
  const shards = useQuery({
    ...storageMoveQueries.usage(profile.id),
    enabled: shardFeature.status === 'available',
    retry: false,
  });
  const audit = useQuery({
    ...adminOverviewQueries.latestAuditEvents(profile.id, keyset ? 'keyset' : 'offset'),
    enabled: auditFeature.status === 'available',
  });

  // Reachable once anything answered; unreachable when a read failed without an HTTP answer.
  const answered = [statistics, moves, jobs, shards, audit].some(
    (query) => query.isSuccess || query.error instanceof ApiError,
  );
  const transportError = [statistics, moves].find(
    (query) => query.isError && !(query.error instanceof ApiError),
  )?.error;
  const counts = statistics.data;

  return (
    <>
      <PageHeader
        title="Overview"
        description={capabilities ? `${profile.name} · ${describeInstance(capabilities, now)}` : profile.name}
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <OverviewSection title="Instance" testId="overview-instance">
            <Table verticalSpacing={4} withRowBorders={false}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={110}>Version</Table.Th>
                  <Table.Td data-testid="overview-version">
                    {capabilities?.kind === 'outpost-embedded'
                      ? 'Outpost embedded instance'
                      : (capabilities?.version ?? 'Unknown')}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Edition</Table.Th>
                  <Table.Td data-testid="overview-edition">
                    {capabilities ? editionText(capabilities) : 'Checking…'}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </OverviewSection>
          <OverviewSection title="Health" testId="overview-health">
            <Table verticalSpacing={4} withRowBorders={false}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={110}>Reachability</Table.Th>
                  <Table.Td data-testid="overview-reachability">
                    {transportError ? (
                      <Badge color="red" variant="light" tt="none">
                        Unreachable: {describeError(transportError)}
                      </Badge>
                    ) : answered ? (
                      <Badge color="teal" variant="light" tt="none">
                        Reachable
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Checking…
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Token</Table.Th>
                  <Table.Td data-testid="overview-token">
                    {capabilities ? tokenExpiryText(capabilities, now) : 'Checking…'}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </OverviewSection>
        </SimpleGrid>

        <OverviewSection title="Counts" testId="overview-counts">
          {statisticsFeature.status !== 'available' ? (
            <FeatureUnavailable
              availability={statisticsFeature}
              variant="inline"
              testId="overview-counts-unavailable"
            />
          ) : statistics.isError ? (
            <AdminQueryError
              what="the instance statistics"
              error={statistics.error}
              onRetry={() => void statistics.refetch()}
              retrying={statistics.isFetching}
            />
          ) : (
            <>
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
                <Figure
                  label="Users"
                  value={counts?.users}
                  to="/admin/users"
                  loading={statistics.isPending}
                  testId="overview-users"
                />
                <Figure
                  label="Groups"
                  value={counts?.groups}
                  to="/admin/groups"
                  loading={statistics.isPending}
                  testId="overview-groups"
                />
                <Figure
                  label="Projects"
                  value={counts?.projects}
                  to="/admin/projects"
                  loading={statistics.isPending}
                  testId="overview-projects"
                />
                <Figure
                  label="Merge requests"
                  value={counts?.mergeRequests}
                  to="/merge-requests"
                  loading={statistics.isPending}
                  testId="overview-merge-requests"
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt="sm">
                From GET /application/statistics
                {counts?.activeUsers != null
                  ? ` · ${formatCount(counts.activeUsers)} active ${counts.activeUsers === 1 ? 'user' : 'users'}`
                  : ''}
                . GitLab approximates counts from 10,000.
              </Text>
            </>
          )}
        </OverviewSection>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <OverviewSection
            title="Jobs"
            link={{ to: '/admin/runners', label: 'Runners' }}
            testId="overview-jobs"
          >
            {jobsFeature.status !== 'available' ? (
              <Text size="sm" c="dimmed" data-testid="overview-jobs-unavailable">
                {jobsFeature.status === 'unavailable'
                  ? 'GitLab has no instance-wide REST job list; each runner’s jobs are under Runners.'
                  : 'Checking what this instance offers…'}
              </Text>
            ) : jobs.isError ? (
              <Text size="sm" c="red">
                Couldn’t count jobs: {describeError(jobs.error)}
              </Text>
            ) : (
              <SimpleGrid cols={2} spacing="sm">
                <Figure
                  label="Pending"
                  value={jobs.data?.pending}
                  to="/admin/runners"
                  loading={jobs.isPending}
                  testId="overview-jobs-pending"
                />
                <Figure
                  label="Running"
                  value={jobs.data?.running}
                  to="/admin/runners"
                  loading={jobs.isPending}
                  testId="overview-jobs-running"
                />
              </SimpleGrid>
            )}
          </OverviewSection>
          <OverviewSection
            title="Storage moves"
            link={{ to: '/admin/storage-moves', label: 'Storage moves' }}
            testId="overview-moves"
          >
            {moves.isError ? (
              <Text size="sm" c="red">
                Couldn’t read storage moves: {describeError(moves.error)}
              </Text>
            ) : (
              <Stack gap={4}>
                <Figure
                  label={`Running (of the latest ${MOVE_HEAD_SIZE})`}
                  value={moves.data ? moves.data.filter(isActiveMove).length : undefined}
                  to="/admin/storage-moves"
                  loading={moves.isPending}
                  testId="overview-moves-running"
                />
              </Stack>
            )}
          </OverviewSection>
          <OverviewSection title="Alerts" link={{ to: '/alerts', label: 'Alerts' }} testId="overview-alerts">
            <Text size="sm" c="dimmed">
              GitLab counts alerts per project (GraphQL alertManagementAlertStatusCounts), so the overview
              does not add them up; open Alerts to see each project’s open alerts.
            </Text>
          </OverviewSection>
        </SimpleGrid>

        {shardFeature.status === 'available' ? (
          <OverviewSection
            title="Storage shards"
            link={{ to: '/admin/storage-moves', label: 'Storage moves' }}
            testId="overview-shards"
          >
            {shards.isError ? (
              <Text size="sm" c="red">
                Couldn’t read shard usage: {describeError(shards.error)}
              </Text>
            ) : (
              <Table verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Shard</Table.Th>
                    <Table.Th ta="right">Repositories</Table.Th>
                    <Table.Th ta="right">On disk</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(shards.data ?? []).map((shard) => (
                    <Table.Tr key={shard.name} data-testid="overview-shard">
                      <Table.Td ff="monospace">{shard.name}</Table.Td>
                      <Table.Td ta="right">
                        <Anchor component={Link} to="/admin/storage-moves" size="sm">
                          {formatCount(shard.repositories_count)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">{formatBytes(shard.repositories_bytes)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </OverviewSection>
        ) : null}

        <OverviewSection
          title="Latest audit events"
          link={
            auditFeature.status === 'available'
              ? { to: '/admin/audit-events', label: 'All audit events' }
              : undefined
          }
          testId="overview-audit"
        >
          {auditFeature.status !== 'available' ? (
            <FeatureUnavailable
              availability={auditFeature}
              variant="inline"
              testId="overview-audit-unavailable"
            />
          ) : audit.isError ? (
            <Text size="sm" c="red">
              Couldn’t read audit events: {describeError(audit.error)}
            </Text>
          ) : audit.isPending ? (
            <Text size="sm" c="dimmed">
              Loading audit events…
            </Text>
          ) : audit.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No audit events yet.
            </Text>
          ) : (
            <Stack gap={6}>
              {audit.data.map((event) => (
                <Group
                  key={event.id}
                  gap="sm"
                  wrap="nowrap"
                  justify="space-between"
                  data-testid="overview-audit-event"
                >
                  <Text size="sm" truncate style={{ minWidth: 0 }}>
                    <Anchor component={Link} to="/admin/audit-events" size="sm">
                      {describeAuditAction(event.details)}
                    </Anchor>
                    {typeof event.details.author_name === 'string' ? ` · ${event.details.author_name}` : ''}
                    {typeof event.details.target_details === 'string'
                      ? ` · ${event.details.target_details}`
                      : ''}
                  </Text>
                  <RelativeTime
                    iso={event.created_at}
                    size="xs"
                    c="dimmed"
                    style={{ whiteSpace: 'nowrap' }}
                  />
                </Group>
              ))}
            </Stack>
          )}
        </OverviewSection>
      </Stack>
    </>
  );
}
