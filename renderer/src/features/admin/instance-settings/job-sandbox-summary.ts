/**
 * The sentences of the Security screen's sandbox panel about what confines a job on this machine, from
 * `GET /ci/job_sandbox` (electron/core/runner/sandbox/job-sandbox.ts `sandboxConfinementStatus`). Pure.
 * A core that doesn't send the confinement fields (before issue 25) gets the per-process sentence alone.
 */
import type { JobSandboxStatus } from '../../../api/pipelines/job-sandbox.js';

const count = new Intl.NumberFormat('en-US');

/** One sentence each: concurrency and limits, the network, and what this machine lacks. */
export function jobSandboxSummary(status: JobSandboxStatus): string[] {
  const jobs = `At most ${count.format(status.concurrent_jobs)} ${status.concurrent_jobs === 1 ? 'job runs' : 'jobs run'} at once`;
  const perProcess = `${count.format(status.memory_limit_mb)} MiB of memory and ${count.format(status.cpu_limit_seconds)} CPU seconds`;
  const mechanism = status.limits_mechanism;
  const lines: string[] = [];
  if (mechanism && mechanism !== 'rlimit') {
    const processes =
      status.process_limit === undefined ? '' : `, ${count.format(status.process_limit)} processes`;
    lines.push(
      `${jobs}; each job as a whole may use ${count.format(status.memory_limit_mb)} MiB of memory${processes} and 1 CPU, and each of its processes ${count.format(status.cpu_limit_seconds)} CPU seconds.`,
    );
  } else {
    lines.push(`${jobs}; each job process may use ${perProcess}.`);
  }
  if (status.network === 'slirp4netns')
    lines.push(
      'Jobs have a network of their own with outbound access; this computer’s loopback services are out of reach.',
    );
  else if (status.network === 'loopback')
    lines.push('Jobs have no network but their own loopback (install slirp4netns for outbound access).');
  else if (status.network === 'shared') lines.push('Jobs share this computer’s network.');
  for (const missing of status.missing ?? []) lines.push(`Not available here: ${missing}.`);
  return lines;
}
