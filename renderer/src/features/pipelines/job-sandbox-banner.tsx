import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useFeatureAvailability } from '../../api/capabilities/capabilities.js';
import { jobSandboxQueries, jobsRefused } from '../../api/pipelines/job-sandbox.js';
import { SECURITY_PATH } from '../admin/instance-settings/security-setting-labels.js';
import { useAdminAccess } from '../admin/use-admin-access.js';
import { JobSandboxAlert } from './job-sandbox-alert.js';

/**
 * Above a project's pipelines: says when the instance refuses pipeline jobs because this machine has
 * no job sandbox (red, with the reason), or runs them without one because an administrator allowed
 * it (yellow). Administrators get a link to Admin → Security. Nothing when jobs run sandboxed, while
 * the status loads or fails, or on an instance without `GET /ci/job_sandbox`: a GitLab instance is never
 * asked (the status is an Outpost extension; `useFeatureAvailability('job-sandbox')`, issue 26).
 */
export function JobSandboxBanner({ profileId }: { profileId: string }) {
  const sandbox = useFeatureAvailability('job-sandbox');
  const status = useQuery({
    ...jobSandboxQueries.status(profileId),
    enabled: sandbox.status === 'available',
  }).data;
  const isAdmin = useAdminAccess(profileId).status === 'admin';
  if (!status) return null;

  const securityLink = isAdmin ? (
    <Anchor component={Link} to={SECURITY_PATH} size="sm" fw={600}>
      Open the Security settings
    </Anchor>
  ) : null;

  if (jobsRefused(status)) {
    return (
      <JobSandboxAlert state="refused" reason={status.reason} testId="job-sandbox-banner">
        <Text size="sm">
          Pipeline jobs are refused: they would run with access to everything this app stores.
          {isAdmin ? '' : ' Ask an administrator of this instance.'}
        </Text>
        {securityLink}
      </JobSandboxAlert>
    );
  }
  if (status.executor === 'unsandboxed') {
    return (
      <JobSandboxAlert state="unsandboxed" reason={status.reason} testId="job-sandbox-banner">
        <Text size="sm">
          An administrator allowed unsandboxed jobs: a job can read the tokens and data of this app.
        </Text>
        {securityLink}
      </JobSandboxAlert>
    );
  }
  return null;
}
