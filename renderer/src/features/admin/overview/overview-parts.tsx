/** Building blocks of Admin → Overview: a section card and a figure that links to its screen. */
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled card of the overview, with an optional link to the screen behind it on the right. */
export function OverviewSection({
  title,
  link,
  children,
  testId,
}: {
  title: string;
  /** The screen behind the section: its path and the link's words ("Open audit events"). */
  link?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId} style={{ minWidth: 0 }}>
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        {link ? (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}

/** `1234` → `1,234`. Pure. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/**
 * One figure: a big number linking to the screen behind it ("12" → Admin → Users), its label below;
 * "—" with `missing` as a tooltip-free note when the instance sent none; a skeleton while loading.
 */
export function Figure({
  label,
  value,
  to,
  loading = false,
  missing = 'Not reported',
  testId,
}: {
  label: string;
  value: number | null | undefined;
  to: string;
  loading?: boolean;
  missing?: string;
  testId: string;
}) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      {loading ? (
        <Skeleton height={28} width={56} />
      ) : value === null || value === undefined ? (
        <Text fz={24} fw={600} c="dimmed" data-testid={testId} title={missing}>
          —
        </Text>
      ) : (
        <Anchor
          component={Link}
          to={to}
          fz={24}
          fw={600}
          underline="hover"
          data-testid={testId}
          aria-label={`${formatCount(value)} ${label.toLowerCase()}`}
        >
          {formatCount(value)}
        </Anchor>
      )}
      <Text size="sm" c="dimmed" truncate>
        {label}
      </Text>
    </Stack>
  );
}
