import { describe, expect, it } from 'vitest';
import type { JobSandboxStatus } from '../../../api/pipelines/job-sandbox.js';
import { jobSandboxSummary } from './job-sandbox-summary.js';

const base: JobSandboxStatus = {
  available: true,
  executor: 'bubblewrap',
  reason: null,
  allow_unsandboxed_ci_jobs: false,
  concurrent_jobs: 2,
  memory_limit_mb: 4096,
  cpu_limit_seconds: 3600,
};

describe('jobSandboxSummary', () => {
  it('keeps the per-process sentence for a core that sends no confinement fields', () => {
    expect(jobSandboxSummary(base)).toEqual([
      'At most 2 jobs run at once; each job process may use 4,096 MiB of memory and 3,600 CPU seconds.',
    ]);
  });

  it('names the whole-job caps and the network where a control group and slirp4netns are in force', () => {
    const lines = jobSandboxSummary({
      ...base,
      concurrent_jobs: 1,
      process_limit: 512,
      limits_mechanism: 'cgroup1',
      network: 'slirp4netns',
      nested_user_namespaces: false,
      missing: [],
    });
    expect(lines[0]).toBe(
      'At most 1 job runs at once; each job as a whole may use 4,096 MiB of memory, 512 processes and 1 CPU, and each of its processes 3,600 CPU seconds.',
    );
    expect(lines[1]).toContain('loopback services are out of reach');
    expect(lines).toHaveLength(2);
  });

  it('says what the machine lacks when only rlimits and loopback are left', () => {
    const lines = jobSandboxSummary({
      ...base,
      limits_mechanism: 'rlimit',
      network: 'loopback',
      missing: ['cgroups: no writable control group'],
    });
    expect(lines[0]).toContain('each job process may use');
    expect(lines[1]).toContain('install slirp4netns');
    expect(lines[2]).toBe('Not available here: cgroups: no writable control group.');
  });
});
