import { Alert, Select, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { weightedDestinations } from './storage-move-rules.js';

/** Props both move dialogs take. */
export interface MoveDialogProps {
  profileId: string;
  opened: boolean;
  onClose: () => void;
  /** Every shard, `default` first. */
  shards: readonly string[];
  weights: Readonly<Record<string, number>>;
  /** Called once the move(s) are scheduled, to follow them. */
  onScheduled: () => void;
}

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

/**
 * The destination once the source became `source`: kept unless it is the source itself or
 * "automatic" can no longer place anything, then {@link defaultDestination}.
 */
export function destinationForSource(
  destination: string,
  shards: readonly string[],
  weights: Readonly<Record<string, number>>,
  source: string | null,
): string {
  if (destination === source || (destination === AUTOMATIC && !canPlaceAutomatically(weights, source)))
    return defaultDestination(shards, weights, source);
  return destination;
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

/** Props of {@link DestinationField}. */
export interface DestinationFieldProps {
  shards: readonly string[];
  weights: Readonly<Record<string, number>>;
  /** The shard the repositories leave (not offered as a destination). */
  source: string | null;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** No shard to move to (the select is disabled and a notice says so). */
  noDestination: boolean;
  /** Show where "automatic" sends things (when it is picked). */
  showHint: boolean;
  /** What moves, for "There is no other shard to move <what> to" (e.g. "this project"). */
  what?: string;
}

/**
 * "Destination shard": every shard but the source, or automatic by weight (with where that sends
 * things), and a notice when there is no other shard at all.
 */
export function DestinationField({
  shards,
  weights,
  source,
  value,
  onChange,
  disabled = false,
  noDestination,
  showHint,
  what,
}: DestinationFieldProps) {
  const destinations = destinationOptions(shards, source);
  return (
    <>
      <Select
        label="Destination shard"
        data={[{ value: AUTOMATIC, label: 'Automatic, by weight' }, ...destinations]}
        value={value}
        onChange={(next) => onChange(next ?? AUTOMATIC)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        disabled={disabled || noDestination}
      />
      {value === AUTOMATIC && showHint ? <WeightedDestinationHint weights={weights} source={source} /> : null}
      {noDestination ? (
        <Alert color="orange" variant="light" icon={<IconInfoCircle />}>
          There is no other shard to move {what ? `${what} ` : ''}to. Add one with <b>--storage NAME=PATH</b>.
        </Alert>
      ) : null}
    </>
  );
}
