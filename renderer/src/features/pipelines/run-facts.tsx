import { Anchor, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { elapsedSeconds, formatDuration } from './format-duration.js';

/** One fact in a card: a small upper-case label over its value. */
export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {typeof value === 'string' ? (
        <Text fw={600} data-testid={testId}>
          {value}
        </Text>
      ) : (
        value
      )}
    </Paper>
  );
}

/** What {@link RunFacts} reads from a pipeline or a job. */
type Run = Parameters<typeof elapsedSeconds>[0] & {
  queued_duration: number | null;
  coverage: number | string | null;
};

/**
 * A pipeline's or job's timings as four cards: Duration (ticking with `now` while it runs), Queued,
 * Coverage, and one more fact the page chooses (Jobs, Started).
 */
export function RunFacts({
  run,
  now,
  durationTestId,
  children,
}: {
  run: Run;
  now: number;
  durationTestId?: string;
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Fact label="Duration" value={formatDuration(elapsedSeconds(run, now))} testId={durationTestId} />
      <Fact label="Queued" value={formatDuration(run.queued_duration)} />
      <Fact label="Coverage" value={run.coverage !== null ? `${run.coverage}%` : '—'} />
      {children}
    </SimpleGrid>
  );
}

/** The "← All pipelines" link above a detail page's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> {children}
      </Group>
    </Anchor>
  );
}
