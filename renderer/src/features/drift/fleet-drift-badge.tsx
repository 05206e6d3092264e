import { Badge, Text, Tooltip } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { driftCount } from '../../api/drift/diff.js';
import { driftQueries } from '../../api/drift/queries.js';
import { useFleetBaselineId } from '../../stores/fleet-baseline-store.js';

/** One instance's drift from the fleet baseline, as the Fleet overview shows it. */
export type FleetDrift =
  | { kind: 'no-baseline' }
  | { kind: 'baseline' }
  | { kind: 'loading' }
  | { kind: 'count'; count: number }
  | { kind: 'unavailable'; why: string };

/**
 * Drift of every instance from the saved baseline (issue 29): reads each instance's configuration
 * snapshot (driftQueries.snapshot; nothing is read while no baseline is saved, and an instance whose
 * capabilities rule it out sends nothing) and counts the differing items. Map by profile id.
 */
export function useFleetDrift(profiles: readonly ProfileSummary[]): Record<string, FleetDrift> {
  const baselineId = useFleetBaselineId();
  const baseline = profiles.find((profile) => profile.id === baselineId) ?? null;
  const snapshots = useQueries({
    queries: profiles.map((profile) => ({ ...driftQueries.snapshot(profile), enabled: baseline !== null })),
  });
  const result: Record<string, FleetDrift> = {};
  const baselineSnapshot = baseline ? snapshots[profiles.indexOf(baseline)]?.data : undefined;
  profiles.forEach((profile, index) => {
    if (!baseline) result[profile.id] = { kind: 'no-baseline' };
    else if (profile.id === baseline.id) result[profile.id] = { kind: 'baseline' };
    else {
      const snapshot = snapshots[index]?.data;
      if (!snapshot || !baselineSnapshot) result[profile.id] = { kind: 'loading' };
      else if (snapshot.kind === 'not-comparable')
        result[profile.id] = { kind: 'unavailable', why: snapshot.why };
      else if (baselineSnapshot.kind === 'not-comparable')
        result[profile.id] = {
          kind: 'unavailable',
          why: `The baseline can't be read: ${baselineSnapshot.why}`,
        };
      else result[profile.id] = { kind: 'count', count: driftCount(baselineSnapshot, snapshot) ?? 0 };
    }
  });
  return result;
}

/** The Fleet overview's drift cell: "Baseline", "In step", "N differ", or a dimmed "—" with why. */
export function FleetDriftBadge({ drift }: { drift: FleetDrift | undefined }) {
  if (!drift || drift.kind === 'no-baseline')
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (drift.kind === 'baseline')
    return (
      <Badge size="sm" variant="outline" color="blue">
        Baseline
      </Badge>
    );
  if (drift.kind === 'loading')
    return (
      <Text size="sm" c="dimmed">
        …
      </Text>
    );
  if (drift.kind === 'unavailable')
    return (
      <Tooltip label={drift.why} multiline w={300}>
        <Text size="sm" c="dimmed" tabIndex={0} aria-label={`Not compared: ${drift.why}`}>
          —
        </Text>
      </Tooltip>
    );
  return drift.count === 0 ? (
    <Badge size="sm" variant="light" color="teal" data-testid="fleet-drift">
      In step
    </Badge>
  ) : (
    <Badge size="sm" variant="light" color="orange" data-testid="fleet-drift">
      {drift.count} {drift.count === 1 ? 'differs' : 'differ'}
    </Badge>
  );
}
