import { Group, Skeleton, Stack } from '@mantine/core';

/**
 * Stand-in while a screen's code loads (routes are split into chunks loaded on first visit): a
 * page-header and a few rows of grey blocks in the screen's place, announced as busy.
 */
export function RouteSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading screen" data-testid="route-skeleton">
      <Group justify="space-between">
        <Stack gap={6}>
          <Skeleton height={22} width={180} />
          <Skeleton height={10} width={260} />
        </Stack>
        <Skeleton height={34} width={120} radius="sm" />
      </Group>
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );
}
