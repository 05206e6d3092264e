import { Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { BYTE_UNIT_ORDER, formatByteCount, partsToBytes, type ByteUnit } from '../../../lib/byte-size.js';
import type { SizeEntry } from './plan-limits-form-values.js';

/** Props of {@link ByteSizeInput}. */
export interface ByteSizeInputProps {
  /** Accessible name, e.g. "npm maximum file size". */
  label: string;
  entry: SizeEntry;
  onChange: (entry: SizeEntry) => void;
  error?: string;
  disabled?: boolean;
}

/** A size as number + binary unit, with the exact byte value beside it. */
export function ByteSizeInput({ label, entry, onChange, error, disabled }: ByteSizeInputProps) {
  const bytes = partsToBytes(entry);
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <NumberInput
          aria-label={label}
          value={entry.value}
          onChange={(value) => onChange({ ...entry, value })}
          min={0}
          allowNegative={false}
          decimalScale={6}
          hideControls
          w={130}
          error={Boolean(error)}
          disabled={disabled}
          styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
        />
        <Select
          aria-label={`${label} unit`}
          data={BYTE_UNIT_ORDER.map((unit) => ({ value: unit, label: unit }))}
          value={entry.unit}
          onChange={(unit) => unit && onChange({ ...entry, unit: unit as ByteUnit })}
          allowDeselect={false}
          w={84}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" ff="monospace" data-testid="exact-bytes">
          = {bytes === null ? '—' : formatByteCount(bytes)}
        </Text>
      )}
    </Stack>
  );
}
