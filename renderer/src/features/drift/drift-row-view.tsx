import { Badge, Checkbox, Code, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { displayValue, type DriftCell, type DriftRow } from '../../api/drift/diff.js';

/** A variable's flags as words: `env_var · protected · masked · raw`. */
function flags(variable: {
  variable_type: string;
  protected: boolean;
  masked: boolean;
  raw: boolean | null;
}) {
  return [
    variable.variable_type,
    variable.protected ? 'protected' : null,
    variable.masked ? 'masked' : null,
    variable.raw ? 'raw' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One instance's cell: the value (a variable by digest unless revealed), absent, or why there is none. */
function CellView({ cell, revealed }: { cell: DriftCell | undefined; revealed: boolean }) {
  if (!cell) return null;
  if (cell.kind === 'absent')
    return (
      <Text size="sm" c="orange" fs="italic">
        absent
      </Text>
    );
  if (cell.kind !== 'value')
    return (
      <Tooltip label={cell.why} multiline w={280}>
        <Text size="sm" c="dimmed" tabIndex={0} aria-label={`Not compared: ${cell.why}`}>
          {cell.kind === 'not-applicable' ? 'n/a' : '—'}
        </Text>
      </Tooltip>
    );
  const value = cell.value;
  if (value.section === 'ci-variables') {
    const variable = value.variable;
    return (
      <Stack gap={0}>
        {revealed ? (
          <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="drift-revealed">
            {variable.value === '' ? '""' : variable.value}
          </Code>
        ) : (
          <Text size="sm" ff="monospace" title={`SHA-256 ${variable.digest}`}>
            sha256:{variable.digest.slice(0, 12)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {flags(variable)}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {displayValue(value.value)}
    </Text>
  );
}

/** Props of {@link DriftRowView}. */
export interface DriftRowViewProps {
  row: DriftRow;
  instances: readonly ProfileSummary[];
  sourceId: string | null;
  revealed: boolean;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * One compared item: a checkbox to choose it for copying (only when the source instance has a value),
 * its name, whether the instances differ, and each instance's value in cells that wrap at narrow widths
 * (no horizontal scroll at 1024 px).
 */
export function DriftRowView({
  row,
  instances,
  sourceId,
  revealed,
  checked,
  onCheckedChange,
}: DriftRowViewProps) {
  const copyable = sourceId !== null && row.cells[sourceId]?.kind === 'value';
  return (
    <Paper withBorder p="xs" data-testid="drift-row" data-row-id={row.id} data-differs={String(row.differs)}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={2}
          aria-label={`Choose ${row.label} for copying`}
          checked={checked}
          disabled={!copyable}
          onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {row.label}
            </Text>
            {row.differs ? (
              <Badge size="xs" color="orange" variant="light">
                Differs
              </Badge>
            ) : (
              <Badge size="xs" color="teal" variant="light">
                Same
              </Badge>
            )}
          </Group>
          <Group gap="md" wrap="wrap" align="flex-start">
            {instances.map((instance) => (
              <Stack
                key={instance.id}
                gap={2}
                data-instance={instance.name}
                style={{ flex: '1 1 180px', minWidth: 160, maxWidth: '100%' }}
              >
                <Text size="xs" c="dimmed" truncate>
                  {instance.name}
                  {instance.id === sourceId ? ' (source)' : ''}
                </Text>
                <CellView cell={row.cells[instance.id]} revealed={revealed} />
              </Stack>
            ))}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
