import { Text, Tooltip, type TextProps } from '@mantine/core';
import { formatDateTime, formatRelativeTime } from '../lib/format-relative-time.js';

/** A `<time>` showing "3 hours ago", with the exact date and time in a tooltip. */
export function RelativeTime({ iso, ...textProps }: { iso: string | null | undefined } & TextProps) {
  if (!iso) {
    return (
      <Text span c="dimmed" {...textProps}>
        —
      </Text>
    );
  }
  return (
    <Tooltip label={formatDateTime(iso)}>
      <Text component="time" dateTime={iso} {...textProps}>
        {formatRelativeTime(iso)}
      </Text>
    </Tooltip>
  );
}
