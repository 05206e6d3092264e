import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateStorageWeights } from '../../../api/admin/storage-moves/mutations.js';
import type { StorageShardUsage } from '../../../api/admin/storage-moves/types.js';
import type { FeatureAvailability } from '../../../../../shared/instance-capabilities.js';
import { describeError } from '../../../api/describe-error.js';
import { FeatureUnavailable } from '../../../components/feature-unavailable.js';
import { refusedByAdminMode } from '../../../components/admin-mode-required.js';
import { useInstanceCapabilities } from '../../../api/capabilities/capabilities.js';
import { formatBytes, formatByteCount } from '../../../lib/byte-size.js';
import { checkWeight, formatBytesTick, weightedDestinations } from './storage-move-rules.js';
import { ErrorAlert } from '../../../components/error-alert/error-alert.js';

const number = new Intl.NumberFormat('en-US');

/** The two usage charts: repositories and bytes per shard (a series of the chart data each). */
const SHARD_CHARTS = [
  {
    title: 'Repositories',
    series: 'Repositories',
    color: 'outpost.5',
    yAxisProps: { width: 36, allowDecimals: false, tickCount: 3 },
    format: (value: number) => number.format(value),
    label: 'Repositories per shard',
    testId: 'shard-repositories-chart',
  },
  {
    title: 'Size on disk',
    series: 'Size',
    color: 'teal.5',
    yAxisProps: { width: 64, tickCount: 3, tickFormatter: (value: number) => formatBytesTick(value) },
    format: (value: number) => formatBytes(value),
    label: 'Bytes per shard',
    testId: 'shard-bytes-chart',
  },
] as const;

/** Props of {@link ShardOverview}. */
export interface ShardOverviewProps {
  profileId: string;
  /** Every shard to show, `default` first. */
  shards: readonly string[];
  /** `repository_storages_weighted`; undefined while loading. */
  weights: Readonly<Record<string, number>> | undefined;
  weightsError: unknown;
  /** Repositories and bytes per shard; undefined while loading or when the instance lacks it. */
  usage: readonly StorageShardUsage[] | undefined;
  usageLoading: boolean;
  usageError: unknown;
  /**
   * Whether the instance reports shard usage (an Outpost extension; issue 26). Anything but `available`
   * shows the honest "not available" panel instead of the charts. Default: available.
   */
  usageAvailability?: FeatureAvailability;
}

/**
 * The storage shards: repositories and bytes on each as two bar charts, and a table with each
 * shard's path, usage and weight, the weights editable (`PUT /application/settings`).
 */
export function ShardOverview(props: ShardOverviewProps) {
  const { shards, usage, usageLoading, usageError, usageAvailability } = props;
  const byName = new Map((usage ?? []).map((row) => [row.name, row]));
  const data = shards.map((name) => ({
    shard: name,
    Repositories: byName.get(name)?.repositories_count ?? 0,
    Size: byName.get(name)?.repositories_bytes ?? 0,
  }));

  let charts;
  if (usageAvailability && usageAvailability.status !== 'available') {
    charts = (
      <FeatureUnavailable
        availability={usageAvailability}
        variant="inline"
        testId="shard-usage-unavailable"
      />
    );
  } else if (usageLoading) {
    charts = (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Skeleton height={150} radius="sm" />
        <Skeleton height={150} radius="sm" />
      </SimpleGrid>
    );
  } else if (usageError || !usage) {
    charts = (
      <Alert color="orange" variant="light" icon={<IconInfoCircle />} title="Couldn’t read shard usage">
        {usageError ? describeError(usageError) : 'The instance does not report repositories per shard.'}
      </Alert>
    );
  } else {
    charts = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {SHARD_CHARTS.map((chart) => (
          <div key={chart.series}>
            <Text size="xs" c="dimmed" mb={4}>
              {chart.title}
            </Text>
            <BarChart
              h={150}
              data={data}
              dataKey="shard"
              series={[{ name: chart.series, color: chart.color }]}
              tickLine="none"
              gridAxis="y"
              yAxisProps={chart.yAxisProps}
              maxBarWidth={48}
              valueFormatter={chart.format}
              aria-label={chart.label}
              data-testid={chart.testId}
            />
          </div>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Paper withBorder p="md" data-testid="shard-overview">
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            Storage shards
          </Text>
          <Text size="xs" c="dimmed">
            What each shard holds, and its weight: new projects land on a shard with a chance in proportion to
            its weight.
          </Text>
        </div>
      </Group>
      <Stack gap="md">
        {charts}
        <ShardWeightsTable {...props} byName={byName} />
      </Stack>
    </Paper>
  );
}

function ShardWeightsTable({
  profileId,
  shards,
  weights,
  weightsError,
  usage,
  byName,
}: ShardOverviewProps & { byName: ReadonlyMap<string, StorageShardUsage> }) {
  const { capabilities } = useInstanceCapabilities();
  const [edits, setEdits] = useState<Record<string, number | string>>({});
  const update = useUpdateStorageWeights(profileId);
  const saved = weights ?? {};
  const current = (name: string): number | string => edits[name] ?? saved[name] ?? 0;
  const changed = Object.keys(edits).filter((name) => Number(edits[name]) !== saved[name]);
  const errors = Object.fromEntries(shards.map((name) => [name, checkWeight(current(name))]));
  const invalid = Object.values(errors).some((error) => error !== null);
  const proposed = Object.fromEntries(
    shards.filter((name) => name in saved || name in edits).map((name) => [name, Number(current(name))]),
  );
  const shares = new Map(weightedDestinations(invalid ? {} : proposed, null).map((d) => [d.name, d.percent]));
  const allZero = !invalid && shards.length > 0 && shares.size === 0;

  const save = () => {
    if (invalid || changed.length === 0) return;
    const body = Object.fromEntries(changed.map((name) => [name, Number(current(name))]));
    update.mutate(body, {
      onSuccess: () => {
        setEdits({});
        notifications.show({
          color: 'teal',
          title: 'Shard weights saved',
          message: 'New projects are placed by the new weights.',
        });
      },
    });
  };

  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={620} type="native">
        <Table verticalSpacing="xs" aria-label="Storage shards">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Shard</Table.Th>
              <Table.Th ta="right">Repositories</Table.Th>
              <Table.Th ta="right">Size</Table.Th>
              <Table.Th w={230}>Weight</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weights === undefined && !weightsError
              ? [0, 1].map((index) => (
                  <Table.Tr key={index}>
                    {[0, 1, 2, 3].map((cell) => (
                      <Table.Td key={cell}>
                        <Skeleton height={10} width="60%" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : shards.map((name) => {
                  const row = byName.get(name);
                  const share = shares.get(name);
                  return (
                    <Table.Tr key={name} data-testid="shard-row" data-shard={name}>
                      <Table.Td>
                        <Text size="sm" fw={600} ff="monospace">
                          {name}
                        </Text>
                        {row?.path ? (
                          <Text size="xs" c="dimmed" ff="monospace" truncate maw={520} title={row.path}>
                            {row.path}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right" data-testid="shard-repositories">
                        {row ? number.format(row.repositories_count) : usage ? '0' : '—'}
                      </Table.Td>
                      <Table.Td ta="right">
                        {row ? (
                          <Tooltip label={formatByteCount(row.repositories_bytes)}>
                            <Text span size="sm">
                              {formatBytes(row.repositories_bytes)}
                            </Text>
                          </Tooltip>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <NumberInput
                            size="xs"
                            w={80}
                            min={0}
                            max={100}
                            allowDecimal={false}
                            allowNegative={false}
                            value={current(name)}
                            onChange={(value) => setEdits((previous) => ({ ...previous, [name]: value }))}
                            error={errors[name] ?? undefined}
                            aria-label={`Weight of ${name}`}
                            disabled={weights === undefined}
                          />
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {share !== undefined ? `${share}% of new` : 'no new projects'}
                          </Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {weightsError && !refusedByAdminMode(weightsError, capabilities) ? (
        <ErrorAlert title="Couldn’t load the shard weights" error={weightsError} />
      ) : null}
      {update.error ? <ErrorAlert title="Couldn’t save the weights" error={update.error} /> : null}
      <Group justify="space-between" gap="sm">
        <Text size="xs" c={allZero ? 'orange' : 'dimmed'}>
          {allZero
            ? 'With every weight at 0 the instance cannot place new projects.'
            : 'Weights from 0 (no new projects) to 100.'}
        </Text>
        <Group gap="xs">
          {changed.length > 0 ? (
            <Button size="xs" variant="default" onClick={() => setEdits({})} disabled={update.isPending}>
              Reset
            </Button>
          ) : null}
          <Button
            size="xs"
            onClick={save}
            disabled={changed.length === 0 || invalid}
            loading={update.isPending}
          >
            Save weights
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
