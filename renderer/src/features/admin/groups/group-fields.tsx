import { SegmentedControl, Stack, Text } from '@mantine/core';
import { VISIBILITY_LEVELS, type Visibility } from '../../../../../shared/access-levels.js';

const LABELS: Record<Visibility, string> = { private: 'Private', internal: 'Internal', public: 'Public' };

/** A group's visibility as a segmented control, with what it means. */
export function GroupVisibilityField({
  value,
  onChange,
}: {
  value: Visibility;
  onChange: (value: Visibility) => void;
}) {
  const meaning: Record<Visibility, string> = {
    private: 'Only members see the group and its projects.',
    internal: 'Any signed-in user sees the group and its internal projects.',
    public: 'Anyone sees the group and its public projects, without signing in.',
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Visibility
      </Text>
      <SegmentedControl
        size="xs"
        aria-label="Visibility"
        value={value}
        onChange={(next) => onChange(next as Visibility)}
        data={VISIBILITY_LEVELS.map((level) => ({ value: level, label: LABELS[level] }))}
      />
      <Text size="xs" c="dimmed">
        {meaning[value]}
      </Text>
    </Stack>
  );
}

/** GitLab's group path rule (app/models/namespace.rb, Gitlab::PathRegex.namespace_format_regex), roughly: letters, digits, `_`, `-`, `.`; not starting or ending with `-`/`.`. */
export function checkGroupPath(path: string): string | null {
  if (!path) return 'Give a path.';
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(path) || /[.-]$/.test(path))
    return 'Use letters, digits, _, - and . (not starting or ending with - or .).';
  return null;
}

/** A path from a name: lower case, spaces to `-`, other characters dropped. Pure. */
export function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_.-]/g, '')
    .replace(/^[.-]+|[.-]+$/g, '');
}
