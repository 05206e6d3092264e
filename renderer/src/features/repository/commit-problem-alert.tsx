import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock, IconRefreshAlert } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CommitProblem } from './commit-problem.js';

/** A file commit's failure: what happened, the instance's words, what to do, and the fixes on offer. */
export function CommitProblemAlert({ problem, children }: { problem: CommitProblem; children?: ReactNode }) {
  const icon =
    problem.kind === 'protected' ? (
      <IconLock />
    ) : problem.kind === 'conflict' ? (
      <IconRefreshAlert />
    ) : (
      <IconAlertCircle />
    );
  return (
    <Alert
      color={problem.kind === 'unchanged' ? 'yellow' : 'red'}
      variant="light"
      icon={icon}
      title={problem.title}
      data-testid="commit-problem"
      data-kind={problem.kind}
      role="alert"
    >
      <Stack gap={8} align="flex-start">
        <Text size="sm">{problem.advice}</Text>
        <Text size="xs" c="dimmed">
          The instance said: {problem.detail}
        </Text>
        {children ? <Group gap="xs">{children}</Group> : null}
      </Stack>
    </Alert>
  );
}
