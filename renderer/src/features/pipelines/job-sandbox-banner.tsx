import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconShieldOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { jobSandboxQueries, jobsRefused } from '../../api/pipelines/job-sandbox.js';
import { SECURITY_PATH } from '../admin/instance-settings/security-setting-labels.js';
import { useAdminAccess } from '../admin/use-admin-access.js';

/**
 * Above a project's pipelines: says when the instance refuses pipeline jobs because this machine has
 * no job sandbox (red, with the reason), or runs them without one because an administrator allowed
 * it (yellow). Administrators get a link to Admin → Security. Nothing when jobs run sandboxed, while
 * the status loads or fails, or on an instance without `GET /ci/job_sandbox` (a remote GitLab).
 */
export function JobSandboxBanner({ profileId }: { profileId: string }) {
  const status = useQuery(jobSandboxQueries.status(profileId)).data;
  const isAdmin = useAdminAccess(profileId).status === 'admin';
  if (!status) return null;

  const securityLink = isAdmin ? (
    <Anchor component={Link} to={SECURITY_PATH} size="sm" fw={600}>
      Open the Security settings
    </Anchor>
  ) : null;

  if (jobsRefused(status)) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconShieldOff />}
        title="The job sandbox is not available on this machine"
        data-testid="job-sandbox-banner"
        data-executor="refused"
      >
        <Stack gap={4} align="flex-start">
          {status.reason ? <Text size="sm">{status.reason}</Text> : null}
          <Text size="sm">
            Pipeline jobs are refused: they would run with access to everything this app stores.
            {isAdmin ? '' : ' Ask an administrator of this instance.'}
          </Text>
          {securityLink}
        </Stack>
      </Alert>
    );
  }
  if (status.executor === 'unsandboxed') {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle />}
        title="Jobs run without a sandbox"
        data-testid="job-sandbox-banner"
        data-executor="unsandboxed"
      >
        <Stack gap={4} align="flex-start">
          {status.reason ? <Text size="sm">{status.reason}</Text> : null}
          <Text size="sm">
            An administrator allowed unsandboxed jobs: a job can read the tokens and data of this app.
          </Text>
          {securityLink}
        </Stack>
      </Alert>
    );
  }
  return null;
}
