import { Alert, Badge, Button, Group, Modal, Progress, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { applyCopyPlan, type StepOutcome } from '../../api/drift/apply-copy.js';
import { countActions, type CopyAction, type TargetPlan } from '../../api/drift/copy-plan.js';
import { driftKeys } from '../../api/drift/keys.js';

const ACTION_COLOR: Record<CopyAction, string> = {
  add: 'green',
  change: 'blue',
  unchanged: 'gray',
  skip: 'yellow',
};
const OUTCOME_COLOR: Record<StepOutcome['outcome'], string> = {
  applied: 'green',
  failed: 'red',
  skipped: 'yellow',
  unchanged: 'gray',
};

/** Props of {@link CopyDialog}. */
export interface CopyDialogProps {
  opened: boolean;
  onClose: () => void;
  source: ProfileSummary;
  plans: readonly TargetPlan[];
  instances: readonly ProfileSummary[];
}

/**
 * Copy chosen items from one instance to others (issue 29): first a preview of exactly what changes on
 * each target (add / change / unchanged / skipped with why), then, on Apply, one target at a time, one
 * request per change, with progress and a Stop button; then a summary with every item's outcome
 * (applied, failed with GitLab's sentence, skipped, unchanged). Afterwards the targets' snapshots are
 * read again.
 */
export function CopyDialog({ opened, onClose, source, plans, instances }: CopyDialogProps) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcomes, setOutcomes] = useState<StepOutcome[] | null>(null);
  const stop = useRef(false);
  const nameOf = (id: string) => instances.find((instance) => instance.id === id)?.name ?? id;
  const changes = plans.reduce((sum, plan) => {
    const counts = countActions(plan);
    return sum + counts.add + counts.change;
  }, 0);

  const apply = async () => {
    stop.current = false;
    setRunning(true);
    setOutcomes(null);
    const result = await applyCopyPlan(plans, {
      shouldStop: () => stop.current,
      onProgress: (done, total) => setProgress({ done, total }),
    });
    setOutcomes(result);
    setRunning(false);
    await Promise.all(
      plans.map((plan) => queryClient.invalidateQueries({ queryKey: driftKeys.snapshot(plan.profileId) })),
    );
  };

  const close = () => {
    if (running) return;
    setOutcomes(null);
    setProgress(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Copy from ${source.name}`}
      size="xl"
      closeOnClickOutside={!running}
    >
      <Stack gap="md">
        {outcomes ? (
          <Summary outcomes={outcomes} nameOf={nameOf} />
        ) : (
          <ScrollArea.Autosize mah="55vh" type="auto">
            <Stack gap="md" data-testid="copy-preview">
              {plans.map((plan) => {
                const counts = countActions(plan);
                return (
                  <Stack key={plan.profileId} gap={6} data-target={nameOf(plan.profileId)}>
                    <Group gap="xs" wrap="wrap">
                      <Title order={4} fz="md">
                        {nameOf(plan.profileId)}
                      </Title>
                      <Badge size="sm" color="green" variant="light">
                        {counts.add} to add
                      </Badge>
                      <Badge size="sm" color="blue" variant="light">
                        {counts.change} to change
                      </Badge>
                      <Badge size="sm" color="gray" variant="light">
                        {counts.unchanged} unchanged
                      </Badge>
                      {counts.skip > 0 ? (
                        <Badge size="sm" color="yellow" variant="light">
                          {counts.skip} skipped
                        </Badge>
                      ) : null}
                    </Group>
                    {plan.steps.map((step) => (
                      <Group
                        key={step.rowId}
                        gap="xs"
                        wrap="nowrap"
                        align="flex-start"
                        data-step={step.rowId}
                      >
                        <Badge size="xs" color={ACTION_COLOR[step.action]} variant="light" miw={72}>
                          {step.action}
                        </Badge>
                        <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                          <Text span ff="monospace" fw={600} size="sm">
                            {step.label}
                          </Text>
                          {step.action === 'skip'
                            ? ` — ${step.why}`
                            : step.summary
                              ? ` — ${step.summary}`
                              : ''}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {progress && (running || outcomes) ? (
          <Stack gap={4}>
            <Progress
              value={(progress.done / Math.max(1, progress.total)) * 100}
              aria-label="Copy progress"
            />
            <Text size="xs" c="dimmed">
              {progress.done} of {progress.total} items
            </Text>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {running ? (
            <Button variant="default" onClick={() => (stop.current = true)}>
              Stop after this change
            </Button>
          ) : (
            <Button variant="default" onClick={close}>
              {outcomes ? 'Close' : 'Cancel'}
            </Button>
          )}
          {!outcomes ? (
            <Button onClick={() => void apply()} loading={running} disabled={changes === 0}>
              {changes === 0
                ? 'Nothing to change'
                : `Apply ${changes} ${changes === 1 ? 'change' : 'changes'}`}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Every item's outcome, by target: nothing half-applied goes unreported. */
function Summary({ outcomes, nameOf }: { outcomes: readonly StepOutcome[]; nameOf: (id: string) => string }) {
  const failed = outcomes.filter((outcome) => outcome.outcome === 'failed').length;
  const applied = outcomes.filter((outcome) => outcome.outcome === 'applied').length;
  const skipped = outcomes.filter((outcome) => outcome.outcome === 'skipped').length;
  const targets = [...new Set(outcomes.map((outcome) => outcome.profileId))];
  return (
    <Stack gap="md" data-testid="copy-summary">
      <Alert color={failed > 0 ? 'red' : skipped > 0 ? 'yellow' : 'green'} title="Copy finished">
        {applied} applied · {failed} failed · {skipped} skipped
      </Alert>
      <ScrollArea.Autosize mah="50vh" type="auto">
        <Stack gap="md">
          {targets.map((target) => (
            <Stack key={target} gap={4} data-target={nameOf(target)}>
              <Title order={4} fz="md">
                {nameOf(target)}
              </Title>
              {outcomes
                .filter((outcome) => outcome.profileId === target)
                .map((outcome) => (
                  <Group
                    key={outcome.rowId}
                    gap="xs"
                    wrap="nowrap"
                    align="flex-start"
                    data-outcome={outcome.outcome}
                    data-step={outcome.rowId}
                  >
                    <Badge size="xs" color={OUTCOME_COLOR[outcome.outcome]} variant="light" miw={72}>
                      {outcome.outcome}
                    </Badge>
                    <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      <Text span ff="monospace" fw={600} size="sm">
                        {outcome.label}
                      </Text>
                      {outcome.message ? ` — ${outcome.message}` : ''}
                    </Text>
                  </Group>
                ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
