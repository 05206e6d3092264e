import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFeatureAvailability } from '../../../api/capabilities/capabilities.js';
import { describeError } from '../../../api/describe-error.js';
import { FeatureUnavailable } from '../../../components/feature-unavailable.js';
import { jobSandboxQueries, jobsRefused } from '../../../api/pipelines/job-sandbox.js';
import { JobSandboxAlert } from '../../pipelines/job-sandbox-alert.js';
import { jobSandboxSummary } from './job-sandbox-summary.js';

/**
 * What the instance does with pipeline jobs on this machine (`GET /ci/job_sandbox`): runs them in the
 * bubblewrap sandbox (with the limits in force), runs them unsandboxed because an administrator
 * allowed it, or refuses them, with the reason the sandbox is missing. A GitLab instance, which has no
 * such endpoint, is never asked: the honest "not available" panel says why (issue 26).
 */
export function JobSandboxStatus({ profileId }: { profileId: string }) {
  const sandbox = useFeatureAvailability('job-sandbox');
  const query = useQuery({
    ...jobSandboxQueries.status(profileId),
    enabled: sandbox.status === 'available',
  });

  if (sandbox.status !== 'available')
    return <FeatureUnavailable availability={sandbox} variant="inline" testId="job-sandbox-status" />;

  if (query.isPending) return <Skeleton height={72} data-testid="job-sandbox-status-loading" />;
  if (query.isError) {
    return (
      <Text size="sm" c="dimmed" data-testid="job-sandbox-status">
        Couldn’t read the job sandbox status: {describeError(query.error)}
      </Text>
    );
  }
  const status = query.data;
  if (!status) return null;

  if (status.executor === 'bubblewrap' && status.available) {
    return (
      <JobSandboxAlert state="bubblewrap" testId="job-sandbox-status">
        <Text size="sm">
          Each job sees the system read-only, its own build directory and /tmp, and nothing else: not the data
          dir, your home directory or other processes.
        </Text>
        {jobSandboxSummary(status).map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </JobSandboxAlert>
    );
  }
  if (jobsRefused(status)) {
    return (
      <JobSandboxAlert state="refused" reason={status.reason} testId="job-sandbox-status">
        <Text size="sm">Pipeline jobs are refused until a sandbox is available.</Text>
      </JobSandboxAlert>
    );
  }
  return (
    <JobSandboxAlert state="unsandboxed" reason={status.reason} testId="job-sandbox-status">
      <Text size="sm">
        Unsandboxed jobs are allowed: every job runs as your own user and can read everything this app stores.
      </Text>
    </JobSandboxAlert>
  );
}
