import { Alert, Button, Chip, Group, Loader, Paper, Select, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { planCopy, type TargetPlan } from '../../api/drift/copy-plan.js';
import { buildDriftRows, SECTION_TITLES, type DriftSection } from '../../api/drift/diff.js';
import { driftKeys } from '../../api/drift/keys.js';
import { driftQueries } from '../../api/drift/queries.js';
import type { ConfigSnapshot } from '../../api/drift/snapshot.js';
import { profileQueries } from '../../api/profiles/queries.js';
import { PageHeader } from '../../components/page-header.js';
import {
  useBaselineChosen,
  useBaselineCleared,
  useFleetBaselineId,
} from '../../stores/fleet-baseline-store.js';
import { CopyDialog } from './copy-dialog.js';
import { DriftRowView } from './drift-row-view.js';

const SECTIONS: DriftSection[] = ['ci-variables', 'plan-limits', 'settings'];

/** One instance's state above the comparison: read, not comparable (with why), or parts missing. */
function InstanceState({
  profile,
  snapshot,
  baseline,
}: {
  profile: ProfileSummary;
  snapshot: ConfigSnapshot | undefined;
  baseline: boolean;
}) {
  const notes: string[] = [];
  if (snapshot?.kind === 'compared') {
    if (snapshot.ciVariables.kind === 'unavailable')
      notes.push(`CI/CD variables: ${snapshot.ciVariables.why}`);
    if (snapshot.planLimits.kind === 'unavailable') notes.push(`Plan limits: ${snapshot.planLimits.why}`);
    if (snapshot.settings.kind === 'unavailable') notes.push(`Settings: ${snapshot.settings.why}`);
  }
  return (
    <Paper
      withBorder
      p="xs"
      style={{ flex: '1 1 220px', minWidth: 200 }}
      data-testid="drift-instance"
      data-instance={profile.name}
    >
      <Stack gap={2}>
        <Text fw={600} size="sm" truncate>
          {profile.name}
          {baseline ? ' · baseline' : ''}
        </Text>
        {!snapshot ? (
          <Group gap={6}>
            <Loader size="xs" />
            <Text size="xs" c="dimmed">
              Reading configuration…
            </Text>
          </Group>
        ) : snapshot.kind === 'not-comparable' ? (
          <>
            <Text size="xs" c="orange" fw={600} data-testid="drift-not-comparable">
              {snapshot.title}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {snapshot.why}
            </Text>
          </>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              Compared · {snapshot.requests} {snapshot.requests === 1 ? 'request' : 'requests'}
            </Text>
            {notes.map((note) => (
              <Text key={note} size="xs" c="orange" style={{ overflowWrap: 'anywhere' }}>
                {note}
              </Text>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Configuration drift (issue 29): two or more instances side by side — instance CI/CD variables (values
 * by SHA-256 digest, shown only when revealed), plan limits of the plans each edition has, and a chosen
 * set of application settings present on both — with the differing items first. Items chosen here are
 * copied from a source instance to the others through {@link CopyDialog} (preview, apply one instance at
 * a time, summary). The fleet baseline (the reference instance) is saved here and drives the drift
 * column of the Fleet overview. Each instance is read only as its capabilities allow; one that can't be
 * compared says why.
 */
export function DriftPage() {
  const profilesQuery = useQuery(profileQueries.list());
  const profiles = useMemo(() => profilesQuery.data ?? [], [profilesQuery.data]);
  const baselineId = useFleetBaselineId();
  const baselineChosen = useBaselineChosen();
  const baselineCleared = useBaselineCleared();
  const queryClient = useQueryClient();
  const [chosenIds, setChosenIds] = useState<string[] | null>(null);
  const [sourceChoice, setSourceChoice] = useState<string | null>(null);
  const [section, setSection] = useState<DriftSection>('ci-variables');
  const [onlyDiffering, setOnlyDiffering] = useState(true);
  const [revealed, setRevealed] = useState(false);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [copy, setCopy] = useState<TargetPlan[] | null>(null);

  const selectedIds = chosenIds ?? profiles.map((profile) => profile.id);
  // The baseline first, then the profiles' order.
  const selected = profiles
    .filter((profile) => selectedIds.includes(profile.id))
    .sort((a, b) => Number(b.id === baselineId) - Number(a.id === baselineId));
  const snapshots = useQueries({ queries: selected.map((profile) => driftQueries.snapshot(profile)) });
  const loaded = snapshots.every((query) => query.data !== undefined);
  const data = snapshots
    .map((query) => query.data)
    .filter((snapshot): snapshot is ConfigSnapshot => !!snapshot);
  const rows = loaded && data.length >= 2 ? buildDriftRows(data) : [];

  const comparableIds = data
    .filter((snapshot) => snapshot.kind === 'compared')
    .map((snapshot) => snapshot.profileId);
  const sourceId =
    sourceChoice && comparableIds.includes(sourceChoice)
      ? sourceChoice
      : baselineId && comparableIds.includes(baselineId)
        ? baselineId
        : (comparableIds[0] ?? null);
  const source = profiles.find((profile) => profile.id === sourceId) ?? null;
  const inSection = rows.filter((row) => row.section === section);
  const visible = onlyDiffering ? inSection.filter((row) => row.differs) : inSection;
  const differingBySection = Object.fromEntries(
    SECTIONS.map((key) => [key, rows.filter((row) => row.section === key && row.differs).length]),
  ) as Record<DriftSection, number>;
  const chosenRows = [...checked].filter((id) => rows.some((row) => row.id === id));

  const toggle = (id: string, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Configuration drift"
        description="Instance CI/CD variables, plan limits and application settings, side by side."
        actions={
          <>
            <Button component={Link} to="/fleet" variant="subtle">
              Fleet
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={snapshots.some((query) => query.isFetching)}
              onClick={() =>
                void Promise.all(
                  selected.map((profile) =>
                    queryClient.invalidateQueries({ queryKey: driftKeys.snapshot(profile.id) }),
                  ),
                )
              }
            >
              Read again
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Instances to compare
            </Text>
            <Chip.Group multiple value={selectedIds} onChange={setChosenIds}>
              <Group gap="xs" wrap="wrap" data-testid="drift-instance-picker">
                {profiles.map((profile) => (
                  <Chip key={profile.id} value={profile.id} size="sm">
                    {profile.name}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group gap="md" wrap="wrap" align="flex-end">
              <Select
                label="Fleet baseline (the reference)"
                placeholder="None"
                data={profiles.map((profile) => ({ value: profile.id, label: profile.name }))}
                value={baselineId && profiles.some((p) => p.id === baselineId) ? baselineId : null}
                onChange={(value) => (value ? baselineChosen(value) : baselineCleared())}
                clearable
                allowDeselect={false}
                w={240}
                data-testid="drift-baseline"
              />
              <Select
                label="Copy from"
                data={comparableIds.map((id) => ({
                  value: id,
                  label: profiles.find((p) => p.id === id)?.name ?? id,
                }))}
                value={sourceId}
                onChange={setSourceChoice}
                w={240}
                disabled={comparableIds.length === 0}
              />
              <Switch
                label="Only differences"
                checked={onlyDiffering}
                onChange={(e) => setOnlyDiffering(e.currentTarget.checked)}
              />
              <Switch
                label="Reveal variable values"
                checked={revealed}
                onChange={(e) => setRevealed(e.currentTarget.checked)}
              />
            </Group>
          </Stack>
        </Paper>

        {selected.length < 2 ? (
          <Alert color="blue" title="Choose two or more instances">
            Drift compares instances side by side; pick at least two above.
          </Alert>
        ) : (
          <>
            <Group gap="sm" wrap="wrap" align="stretch">
              {selected.map((profile, index) => (
                <InstanceState
                  key={profile.id}
                  profile={profile}
                  snapshot={snapshots[index]?.data}
                  baseline={profile.id === baselineId}
                />
              ))}
            </Group>
            {!loaded ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm" c="dimmed">
                  Reading each instance…
                </Text>
              </Group>
            ) : comparableIds.length < 2 ? (
              <Alert color="yellow" title="Fewer than two instances can be compared">
                Each instance above says why it can't be read. Drift needs an administrator's token on at
                least two instances.
              </Alert>
            ) : (
              <>
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Tabs value={section} onChange={(value) => value && setSection(value as DriftSection)}>
                    <Tabs.List style={{ flexWrap: 'wrap' }}>
                      {SECTIONS.map((key) => (
                        <Tabs.Tab key={key} value={key}>
                          {SECTION_TITLES[key]} ({differingBySection[key]} differ)
                        </Tabs.Tab>
                      ))}
                    </Tabs.List>
                  </Tabs>
                  <Button
                    leftSection={<IconCopy size={16} />}
                    disabled={!source || chosenRows.length === 0}
                    onClick={() =>
                      source &&
                      setCopy(
                        planCopy(
                          rows,
                          source.id,
                          comparableIds.concat(
                            data.filter((s) => s.kind === 'not-comparable').map((s) => s.profileId),
                          ),
                          new Set(chosenRows),
                        ),
                      )
                    }
                  >
                    Copy {chosenRows.length} {chosenRows.length === 1 ? 'item' : 'items'}
                    {source ? ` from ${source.name}` : ''}…
                  </Button>
                </Group>
                {visible.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="drift-empty">
                    {inSection.length === 0
                      ? `No ${SECTION_TITLES[section].toLowerCase()} on these instances.`
                      : `All ${inSection.length} items are the same on every instance.`}
                  </Text>
                ) : (
                  <Stack gap="xs">
                    {visible.map((row) => (
                      <DriftRowView
                        key={row.id}
                        row={row}
                        instances={selected}
                        sourceId={sourceId}
                        revealed={revealed}
                        checked={checked.has(row.id)}
                        onCheckedChange={(on) => toggle(row.id, on)}
                      />
                    ))}
                  </Stack>
                )}
              </>
            )}
          </>
        )}
      </Stack>
      {copy && source ? (
        <CopyDialog opened onClose={() => setCopy(null)} source={source} plans={copy} instances={profiles} />
      ) : null}
    </>
  );
}
