import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The three things an instance can do with pipeline jobs on this machine (`GET /ci/job_sandbox`). */
export type JobSandboxState = 'bubblewrap' | 'refused' | 'unsandboxed';

const LOOK: Record<JobSandboxState, { color: string; icon: ReactNode; title: string }> = {
  bubblewrap: { color: 'teal', icon: <IconShieldCheck />, title: 'Jobs run in a bubblewrap sandbox' },
  refused: {
    color: 'red',
    icon: <IconShieldOff />,
    title: 'The job sandbox is not available on this machine',
  },
  unsandboxed: { color: 'yellow', icon: <IconAlertTriangle />, title: 'Jobs run without a sandbox' },
};

/**
 * One sandbox state as an alert: its colour, icon and title, the instance's `reason` when it gave
 * one, then `children` (what it means where the alert is shown). Shared by the pipelines banner and
 * the Security screen.
 */
export function JobSandboxAlert({
  state,
  reason,
  testId,
  children,
}: {
  state: JobSandboxState;
  reason?: string | null;
  testId: string;
  children: ReactNode;
}) {
  const look = LOOK[state];
  return (
    <Alert
      color={look.color}
      variant="light"
      icon={look.icon}
      title={look.title}
      data-testid={testId}
      data-executor={state}
    >
      <Stack gap={4} align="flex-start">
        {reason ? <Text size="sm">{reason}</Text> : null}
        {children}
      </Stack>
    </Alert>
  );
}
