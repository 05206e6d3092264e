import { Group, NumberInput, Paper, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconSearch, IconUser } from '@tabler/icons-react';
import { ClearableInput } from '../../components/list-page/list-page.js';
import type { AuditEntityType } from '../../../../shared/audit-events.js';
import { TIME_RANGE_PRESETS, type TimeRange, type TimeRangePreset } from './time-range.js';
import type { AuditFilterState } from './use-audit-events-state.js';

const ENTITY_OPTIONS = [
  { value: '', label: 'Any entity' },
  { value: 'Project', label: 'Project' },
  { value: 'Group', label: 'Group' },
  { value: 'User', label: 'User' },
  { value: 'Gitlab::Audit::InstanceScope', label: 'Instance' },
];

/** One end of the custom range. */
function DateFilter(props: {
  label: string;
  end: 'from' | 'to';
  f: AuditFilterState;
  error?: string | null;
}) {
  const { range, setRange } = props.f;
  return (
    <TextInput
      type="date"
      label={props.label}
      value={range[props.end]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setRange((current: TimeRange) => ({ ...current, [props.end]: value }));
      }}
      error={props.error}
      w={160}
    />
  );
}

/**
 * The audit filter bar: time range (presets or custom dates), entity type and ID (sent to the
 * instance), author and action text (filter the loaded rows), and a note that says which is which.
 */
export function AuditEventsFilters({ f }: { f: AuditFilterState }) {
  return (
    <Paper withBorder p="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" fw={500} mb={4} id="audit-range-label">
            Time range
          </Text>
          <SegmentedControl
            aria-labelledby="audit-range-label"
            value={f.range.preset}
            onChange={(value) =>
              f.setRange((current) => ({
                ...current,
                preset: value as TimeRangePreset,
                anchoredAt: Date.now(),
              }))
            }
            data={TIME_RANGE_PRESETS.map((preset) => ({
              value: preset.value,
              label: preset.value === 'custom' ? 'Custom' : preset.label.replace('Last ', ''),
            }))}
          />
        </div>
        {f.range.preset === 'custom' ? (
          <>
            <DateFilter label="From" end="from" f={f} />
            <DateFilter label="To" end="to" f={f} error={f.rangeProblem} />
          </>
        ) : null}
        <Select
          label="Entity type"
          data={ENTITY_OPTIONS}
          value={f.entityType}
          onChange={(value) => {
            f.setEntityType((value ?? '') as AuditEntityType | '');
            if (!value) f.setEntityIdInput('');
          }}
          allowDeselect={false}
          w={150}
        />
        <NumberInput
          label="Entity ID"
          placeholder="Any"
          value={f.entityIdInput}
          onChange={f.setEntityIdInput}
          disabled={!f.entityType}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={130}
        />
        <ClearableInput
          label="Author"
          placeholder="Name, email or ID"
          value={f.author}
          onChange={f.setAuthor}
          clearLabel="Clear author"
          leftSection={<IconUser size={15} stroke={1.7} />}
          w={200}
        />
        <ClearableInput
          label="Action"
          placeholder="e.g. visibility, member"
          value={f.action}
          onChange={f.setAction}
          clearLabel="Clear action"
          leftSection={<IconSearch size={15} stroke={1.7} />}
          w={220}
        />
      </Group>
      <Group gap={6} mt="xs" wrap="nowrap" c="dimmed">
        <IconInfoCircle size={14} style={{ flexShrink: 0 }} />
        <Text size="xs">
          Time range and entity are filtered by the instance and apply to exports. Author and action filter
          the events loaded so far (the audit events API has no such filters).
        </Text>
      </Group>
    </Paper>
  );
}
