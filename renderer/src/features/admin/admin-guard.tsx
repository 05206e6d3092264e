import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { AdminAccessRequired } from './admin-access-required.js';
import { useAdminAccess } from './use-admin-access.js';

/**
 * Renders an Admin screen only for administrators of the active instance; everyone else gets
 * {@link AdminAccessRequired}, and a failed `GET /user` an alert with a retry.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const profile = useActiveProfile();
  const access = useAdminAccess(profile.id);

  if (access.status === 'checking') {
    return (
      <Center h="40vh">
        <Loader type="dots" aria-label="Checking administrator access" />
      </Center>
    );
  }
  if (access.status === 'error') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title="Couldn’t check administrator access"
        maw={720}
      >
        <Stack gap="sm" align="flex-start">
          {describeError(access.error)}
          <Button size="xs" color="red" variant="light" onClick={access.retry} loading={access.retrying}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (access.status === 'denied') {
    return <AdminAccessRequired instanceName={profile.name} username={access.user?.username} />;
  }
  return <>{children}</>;
}
