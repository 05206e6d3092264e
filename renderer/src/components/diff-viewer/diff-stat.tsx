import { Text } from '@mantine/core';

/**
 * A diff's "+added −deleted" counts in green and red, inline (callers wrap it in their own `Text` for
 * size and weight). The minus is U+2212, as GitLab shows it.
 */
export function DiffStat({ additions, deletions }: { additions: number; deletions: number }) {
  return (
    <>
      <Text span inherit c="green">
        +{additions}
      </Text>{' '}
      <Text span inherit c="red">
        −{deletions}
      </Text>
    </>
  );
}
