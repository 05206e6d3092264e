import { Text } from '@mantine/core';
import { weightedDestinations } from './storage-move-rules.js';

/** The destination select's value for "let the instance pick by weight". */
export const AUTOMATIC = '__automatic__';

/** Select options for every shard but the source. */
export function destinationOptions(shards: readonly string[], source: string | null) {
  return shards.filter((name) => name !== source).map((name) => ({ value: name, label: name }));
}

/**
 * The destination to preselect: automatic when some other shard takes projects by weight, else the
 * first other shard (automatic would have nowhere to go), else automatic.
 */
export function defaultDestination(
  shards: readonly string[],
  weights: Readonly<Record<string, number>>,
  source: string | null,
): string {
  if (weightedDestinations(weights, source).length > 0) return AUTOMATIC;
  return shards.find((name) => name !== source) ?? AUTOMATIC;
}

/** True when "automatic" can place a project that leaves `source`. */
export function canPlaceAutomatically(
  weights: Readonly<Record<string, number>>,
  source: string | null,
): boolean {
  return weightedDestinations(weights, source).length > 0;
}

/** Where "automatic" would send a project: each other shard's chance by weight. */
export function WeightedDestinationHint({
  weights,
  source,
}: {
  weights: Readonly<Record<string, number>>;
  source: string | null;
}) {
  const spread = weightedDestinations(weights, source);
  if (spread.length === 0) {
    return (
      <Text size="xs" c="orange">
        No other shard has a weight above 0, so the instance has nowhere to put it automatically.
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" data-testid="weighted-destinations">
      The instance picks by weight among the other shards:{' '}
      {spread.map((d) => `${d.name} ${d.percent}%`).join(', ')}.
    </Text>
  );
}
