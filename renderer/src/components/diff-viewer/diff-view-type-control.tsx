import { SegmentedControl } from '@mantine/core';

/** How a diff is drawn: one column (unified) or old and new side by side (react-diff-view's `split`). */
export type DiffViewType = 'unified' | 'split';

const VIEW_TYPES = [
  { value: 'unified', label: 'Unified' },
  { value: 'split', label: 'Side by side' },
];

/** The "Unified | Side by side" switch above a diff (merge request Changes tab, commit page). */
export function DiffViewTypeControl({
  value,
  onChange,
}: {
  value: DiffViewType;
  onChange: (value: DiffViewType) => void;
}) {
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(next) => onChange(next as DiffViewType)}
      data={VIEW_TYPES}
    />
  );
}
