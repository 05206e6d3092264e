import { Badge, Code, Group, Text, type MantineSize } from '@mantine/core';
import type { Environment } from '../../../../shared/api-types/deployments.js';

/** An environment's state (green while available) and tier, as badges. */
export function EnvironmentBadges({ env, size }: { env: Environment; size?: MantineSize }) {
  return (
    <>
      <Badge size={size} variant="light" color={env.state === 'available' ? 'green' : 'gray'}>
        {env.state}
      </Badge>
      <Badge size={size} variant="outline" color="gray">
        {env.tier}
      </Badge>
    </>
  );
}

/** A deployment's ref and its short commit SHA (8 characters, dimmed). */
export function RefAndSha({
  gitRef,
  sha,
  nowrap = false,
}: {
  gitRef: string;
  sha: string;
  nowrap?: boolean;
}) {
  return (
    <Group gap={6} wrap={nowrap ? 'nowrap' : undefined}>
      <Code>{gitRef}</Code>
      <Text size="xs" ff="monospace" c="dimmed">
        {sha.slice(0, 8)}
      </Text>
    </Group>
  );
}
