/**
 * The per-job trace limit end to end (issue 25 "Bounded output and disk"): real cores, real pipelines
 * pushed by an ordinary user, real bubblewrap. A job that prints 12 MB gets a stored trace of about the
 * instance setting `ci_job_output_limit_kb` (GitLab Runner's `output_limit`, default 4096 KiB), ending its
 * output with GitLab Runner's sentence (gitlab-runner `helpers/trace/buffer.go`); the job keeps running
 * after the cut (its exit code decides its status) and the runner's final lines are still written. A
 * smaller limit set through `PUT /application/settings` applies to the next job, and so does the process
 * limit `ci_job_process_limit` (enforced by runner/sandbox; named in the trace's prepare section).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile, jobTrace, latestPipeline, pipelineJobs, waitForPipeline } from '../helpers/pipelines.js';
import type { JobJson } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const onLinux = process.platform === 'linux';
const SENTENCE = (bytes: number) =>
  `Job's log exceeded limit of ${bytes} bytes.\nJob execution will continue but no more output will be collected.`;
/** The sentence, its colours and the runner's own lines after the cut stay well under this. */
const OVERHEAD = 2048;
/** 12,000,000 bytes of output: 120,000 lines of 99 `a`s and a newline. */
const PRINT_12_MB = "head -c 12000000 /dev/zero | tr '\\0' 'a' | fold -w 99";

/** `.gitlab-ci.yml`: `big_ok` prints 12 MB then succeeds; `big_fails` prints 12 MB, then works on and exits 3. */
const YAML = `
big_ok:
  script:
    - echo "first line of big_ok"
    - ${JSON.stringify(PRINT_12_MB)}
    - echo "LAST LINE OF big_ok"
big_fails:
  script:
    - echo "first line of big_fails"
    - ${JSON.stringify(PRINT_12_MB)}
    - echo "still running after the cut" > after-the-cut.txt
    - test -s after-the-cut.txt && exit 3
`;

describe.runIf(onLinux)('the job output limit (GitLab Runner output_limit)', () => {
  let t: TestCore;
  let user: { id: number; username: string; token: string };
  let projectId: number;

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t);
    const created = await t.api<{ id: number }>('POST', '/projects', {
      token: user.token,
      json: { name: `big-output-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    projectId = created.body.id;
  });

  afterAll(async () => {
    await t.close();
  });

  /** Push `.gitlab-ci.yml` (as the ordinary user) and wait for its pipeline's jobs. */
  async function runPipeline(message: string): Promise<Map<string, JobJson>> {
    await commitFile(t, projectId, '.gitlab-ci.yml', `${YAML}# ${message}\n`, {
      token: user.token,
      message,
    });
    const p = await latestPipeline(t, projectId);
    const done = await waitForPipeline(t, projectId, p!.id, undefined, 120_000);
    return pipelineJobs(t, projectId, done.id);
  }

  /** The stored trace: its text (through the API) and its size on disk. */
  async function stored(job: JobJson): Promise<{ text: string; bytes: number }> {
    const text = await jobTrace(t, projectId, job.id);
    const bytes = statSync(path.join(t.dataDir, 'traces', `${job.id}.log`)).size;
    expect(Buffer.byteLength(text)).toBe(bytes);
    return { text, bytes };
  }

  it('stores about 4 MiB of a 12 MB output by default, with the sentence, and the status from the exit code', async () => {
    const settings = await t.api<{ ci_job_output_limit_kb: number }>('GET', '/application/settings');
    expect(settings.body.ci_job_output_limit_kb).toBe(4096);
    const limit = 4096 * 1024;

    const jobs = await runPipeline('Print 12 MB');
    const ok = jobs.get('big_ok')!;
    const fails = jobs.get('big_fails')!;
    expect(ok.status).toBe('success');
    expect(fails.status).toBe('failed');
    expect(fails.failure_reason).toBe('script_failure');

    for (const [job, last] of [
      [ok, 'Job succeeded'],
      [fails, 'ERROR: Job failed: exit code 3'],
    ] as const) {
      const { text, bytes } = await stored(job);
      expect(bytes, job.name).toBeGreaterThanOrEqual(limit);
      expect(bytes, job.name).toBeLessThanOrEqual(limit + OVERHEAD);
      expect(text).toContain(`first line of ${job.name}`);
      // One sentence, after the job's output, with the runner's final line after it.
      const parts = text.split(SENTENCE(limit));
      expect(parts, job.name).toHaveLength(2);
      expect(parts[0]!.endsWith('\n\x1b[33;1m'), job.name).toBe(true);
      expect(parts[0]!.slice(0, -'\n\x1b[33;1m'.length)).toMatch(/a{99}\n(a*)$/);
      expect(parts[1]).not.toMatch(/a{10}/); // no output after the cut
      expect(parts[1]).toContain(last);
    }
    // Past the cut, nothing of the job's later output is stored, though the job ran on.
    expect(await jobTrace(t, projectId, ok.id)).not.toContain('LAST LINE OF big_ok');
  });

  it('applies a smaller limit set through the API to the next job', async () => {
    const put = await t.api<{ ci_job_output_limit_kb: number }>('PUT', '/application/settings', {
      json: { ci_job_output_limit_kb: 64 },
    });
    expect(put.status).toBe(200);
    expect(put.body.ci_job_output_limit_kb).toBe(64);
    const limit = 64 * 1024;

    const jobs = await runPipeline('Print 12 MB again');
    const ok = jobs.get('big_ok')!;
    const fails = jobs.get('big_fails')!;
    expect(ok.status).toBe('success');
    expect(fails.status).toBe('failed');
    for (const job of [ok, fails]) {
      const { text, bytes } = await stored(job);
      expect(bytes, job.name).toBeGreaterThanOrEqual(limit);
      expect(bytes, job.name).toBeLessThanOrEqual(limit + OVERHEAD);
      expect(text.split(SENTENCE(limit))).toHaveLength(2);
      expect(text).not.toContain(SENTENCE(4096 * 1024));
    }
    expect(await jobTrace(t, projectId, fails.id)).toMatch(/ERROR: Job failed: exit code 3/);
  });

  it('hands ci_job_process_limit set through the API to the next job', async () => {
    const put = await t.api<{ ci_job_process_limit: number }>('PUT', '/application/settings', {
      json: { ci_job_process_limit: 100 },
    });
    expect(put.status).toBe(200);
    await commitFile(t, projectId, '.gitlab-ci.yml', 'small:\n  script:\n    - echo hello\n', {
      token: user.token,
      message: 'A small job',
    });
    const p = await latestPipeline(t, projectId);
    const done = await waitForPipeline(t, projectId, p!.id, undefined, 120_000);
    const job = (await pipelineJobs(t, projectId, done.id)).get('small')!;
    expect(job.status).toBe('success');
    // The prepare section names the limits in force (runner/sandbox/cgroup-scope.ts describeCgroupLimits).
    expect(await jobTrace(t, projectId, job.id)).toMatch(/Limits: [^\n]*\b100 processes/);
    const reset = await t.api('PUT', '/application/settings', { json: { ci_job_process_limit: 512 } });
    expect(reset.status).toBe(200);
  });

  it('refuses a limit out of range, keeping the one in force', async () => {
    for (const bad of [0, 1_048_577, 'lots', 1.5]) {
      const res = await t.api('PUT', '/application/settings', { json: { ci_job_output_limit_kb: bad } });
      expect(res.status, String(bad)).toBe(400);
    }
    const now = await t.api<{ ci_job_output_limit_kb: number }>('GET', '/application/settings');
    expect(now.body.ci_job_output_limit_kb).toBe(64);
  });
});
