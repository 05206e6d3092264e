import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useUpdatePlanLimits } from '../../../api/admin/plan-limits/mutations.js';
import { PLAN_FILE_SIZE_LIMITS, type PlanLimits } from '../../../api/admin/plan-limits/types.js';
import { formatBytes } from '../../../lib/byte-size.js';
import { ByteSizeInput } from './byte-size-input.js';
import { PLAN_LIMIT_LABELS, planLabel } from './plan-limit-labels.js';
import classes from './plan-limits-form.module.css';
import {
  changedLimits,
  editedLimits,
  entryErrors,
  limitsToEntries,
  toPlanLimitsInput,
  type PlanLimitEntries,
} from './plan-limits-form-values.js';
import { ErrorAlert } from '../../../components/error-alert/error-alert.js';

/** Props of {@link PlanLimitsForm}. */
export interface PlanLimitsFormProps {
  profileId: string;
  planName: string;
  limits: PlanLimits;
}

/**
 * The package file-size limits of one plan, each as number + unit with its exact byte value; saves
 * only the limits that changed (`PUT /application/plan_limits`).
 */
export function PlanLimitsForm({ profileId, planName, limits }: PlanLimitsFormProps) {
  const [entries, setEntries] = useState<PlanLimitEntries>(() => limitsToEntries(limits));
  const updateLimits = useUpdatePlanLimits(profileId);
  const errors = entryErrors(entries);
  const input = toPlanLimitsInput(planName, entries, limits);
  const changed = changedLimits(input);
  // What the dirty count, the "was" badges and Reset go by: every edited field, invalid ones included.
  const edited = editedLimits(entries, limits);
  const invalid = Object.keys(errors).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!input || changed.length === 0) return;
    updateLimits.mutate(input, {
      onSuccess: (saved) => {
        setEntries(limitsToEntries(saved));
        notifications.show({
          color: 'teal',
          title: 'Plan limits saved',
          message: `${changed.map((name) => PLAN_LIMIT_LABELS[name].label).join(', ')} ${
            changed.length === 1 ? 'limit' : 'limits'
          } of the ${planLabel(planName)} plan updated.`,
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="plan-limits-form">
      <Paper withBorder>
        <div className={classes.header}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" className={classes.headerLabel}>
            Package registry · maximum file size
          </Text>
        </div>
        {PLAN_FILE_SIZE_LIMITS.map((name) => {
          const { label, description } = PLAN_LIMIT_LABELS[name];
          const isChanged = edited.includes(name);
          return (
            <div
              key={name}
              className={classes.row}
              data-testid={`limit-${name}`}
              data-changed={isChanged || undefined}
            >
              <Stack gap={2} className={classes.labelCell}>
                <Group gap={8}>
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                  {isChanged ? (
                    <Badge size="xs" variant="light" color="yellow">
                      was {formatBytes(limits[name])}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {description}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" className={classes.attribute}>
                  {name}
                </Text>
              </Stack>
              <ByteSizeInput
                label={`${label} maximum file size`}
                entry={entries[name]}
                onChange={(entry) => setEntries((previous) => ({ ...previous, [name]: entry }))}
                error={errors[name]}
                disabled={updateLimits.isPending}
              />
            </div>
          );
        })}
        <Stack gap="sm" p="md" className={classes.footer}>
          {updateLimits.isError ? (
            <ErrorAlert title="The limits were not saved" error={updateLimits.error} />
          ) : null}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {edited.length === 0
                ? 'No unsaved changes.'
                : `${edited.length} unsaved ${edited.length === 1 ? 'change' : 'changes'}.${
                    invalid > 0
                      ? ` Fix ${invalid === 1 ? 'the invalid size' : `the ${invalid} invalid sizes`} to save.`
                      : ''
                  }`}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                disabled={edited.length === 0 || updateLimits.isPending}
                onClick={() => {
                  setEntries(limitsToEntries(limits));
                  updateLimits.reset();
                }}
              >
                Reset
              </Button>
              <Button
                type="submit"
                loading={updateLimits.isPending}
                disabled={changed.length === 0 || input === null}
              >
                Save limits
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
