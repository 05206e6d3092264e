/**
 * The build directory cap end to end (issue 25 "Bounded output and disk": the job's build directory lives
 * on the host's disk): a real core, real pipelines pushed by an ordinary user, real bubblewrap. With
 * `ci_job_build_dir_limit_mb` set to 32 through `PUT /application/settings`:
 * - a job writing 64 MiB in 1 MiB files, then sleeping 30 s, is stopped by the runner's watchdog
 *   (runner/build-dir-usage.ts) long before its sleep ends and fails as a system failure with the reason;
 * - a job writing one 64 MiB file (in /tmp, which the watchdog does not measure) is stopped at 32 MiB by
 *   RLIMIT_FSIZE (runner/sandbox/limits.ts): the writer gets SIGXFSZ, the script fails with exit code 153;
 * - a job under the cap succeeds, and the prepare section names the cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile, jobTrace, latestPipeline, pipelineJobs, waitForPipeline } from '../helpers/pipelines.js';
import type { JobJson } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const onLinux = process.platform === 'linux';

const YAML = `
many_files:
  script:
    - for i in $(seq 64); do head -c 1048576 /dev/zero > f$i; done
    - echo "wrote 64 files"
    - sleep 30
    - echo "AFTER THE SLEEP"
one_big_file:
  script:
    - head -c 67108864 /dev/zero > /tmp/big || echo "head exited with $?"
    - stat -c "big is %s bytes" /tmp/big
    - head -c 67108864 /dev/zero > /tmp/big2
    - echo "NOT REACHED"
under_cap:
  script:
    - for i in $(seq 8); do head -c 1048576 /dev/zero > "$TMPDIR/g$i"; done
    - head -c 8388608 /dev/zero > "$HOME/h"
    - du -sm "$CI_PROJECT_DIR" "$TMPDIR" "$HOME"
    - echo "under the cap"
`;

describe.runIf(onLinux)('the build directory cap (ci_job_build_dir_limit_mb)', () => {
  let t: TestCore;
  let user: { id: number; username: string; token: string };
  let projectId: number;

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t);
    const created = await t.api<{ id: number }>('POST', '/projects', {
      token: user.token,
      json: { name: `build-dir-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    projectId = created.body.id;
  });

  afterAll(async () => {
    await t.close();
  });

  it('is 10,240 MiB by default, and refuses values out of range', async () => {
    const settings = await t.api<{ ci_job_build_dir_limit_mb: number }>('GET', '/application/settings');
    expect(settings.body.ci_job_build_dir_limit_mb).toBe(10_240);
    for (const bad of [15, 1_048_577, 'big', 32.5]) {
      const res = await t.api('PUT', '/application/settings', { json: { ci_job_build_dir_limit_mb: bad } });
      expect(res.status, String(bad)).toBe(400);
    }
    // An ordinary user can't change it.
    const denied = await t.api('PUT', '/application/settings', {
      token: user.token,
      json: { ci_job_build_dir_limit_mb: 1_048_576 },
    });
    expect(denied.status).toBe(403);
  });

  it('stops a job past the cap, fails a file past it, and lets a job under it succeed', async () => {
    const put = await t.api<{ ci_job_build_dir_limit_mb: number }>('PUT', '/application/settings', {
      json: { ci_job_build_dir_limit_mb: 32 },
    });
    expect(put.status).toBe(200);
    expect(put.body.ci_job_build_dir_limit_mb).toBe(32);

    await commitFile(t, projectId, '.gitlab-ci.yml', YAML, { token: user.token, message: 'Fill the disk' });
    const p = await latestPipeline(t, projectId);
    const done = await waitForPipeline(t, projectId, p!.id, undefined, 180_000);
    const jobs = await pipelineJobs(t, projectId, done.id);
    const trace = (job: JobJson) => jobTrace(t, projectId, job.id);

    const many = jobs.get('many_files')!;
    const manyTrace = await trace(many);
    expect(manyTrace).toContain('wrote 64 files');
    expect(manyTrace).toMatch(/Limits: [^\n]*build directory: 32 MiB/);
    expect(manyTrace).toMatch(
      /ERROR: Job failed \(system failure\): the build directory exceeded its limit of 32 MiB \((\d+) MiB used\)/,
    );
    const used = Number(/limit of 32 MiB \((\d+) MiB used\)/.exec(manyTrace)![1]);
    expect(used).toBeGreaterThan(32);
    expect(used).toBeLessThanOrEqual(80);
    expect(manyTrace).not.toContain('AFTER THE SLEEP');
    expect(many.status).toBe('failed');
    expect(many.failure_reason).toBe('runner_system_failure');
    expect(many.duration!).toBeLessThan(30);

    const big = jobs.get('one_big_file')!;
    const bigTrace = await trace(big);
    expect(bigTrace).toContain('head exited with 153'); // 128 + SIGXFSZ
    expect(bigTrace).toContain(`big is ${32 * 1024 * 1024} bytes`);
    expect(bigTrace).not.toContain('NOT REACHED');
    expect(bigTrace).toContain('ERROR: Job failed: exit code 153');
    expect(big.status).toBe('failed');
    expect(big.failure_reason).toBe('script_failure');

    const under = jobs.get('under_cap')!;
    const underTrace = await trace(under);
    expect(underTrace).toContain('under the cap');
    expect(underTrace).toMatch(/Limits: [^\n]*build directory: 32 MiB/);
    expect(under.status).toBe('success');

    // The core answers throughout and after.
    expect((await t.api('GET', '/version')).status).toBe(200);
  }, 180_000);

  it('hands a new cap to the next job', async () => {
    const put = await t.api('PUT', '/application/settings', { json: { ci_job_build_dir_limit_mb: 128 } });
    expect(put.status).toBe(200);
    // 64 MiB again, with time for the watchdog's walks (every 2 s) before the job ends.
    const yaml = YAML.split('one_big_file:')[0]!.replace('sleep 30', 'sleep 6');
    await commitFile(t, projectId, '.gitlab-ci.yml', yaml, {
      token: user.token,
      message: 'Fill the disk under a larger cap',
    });
    const p = await latestPipeline(t, projectId);
    const done = await waitForPipeline(t, projectId, p!.id, undefined, 180_000);
    const many = (await pipelineJobs(t, projectId, done.id)).get('many_files')!;
    const manyTrace = await jobTrace(t, projectId, many.id);
    expect(manyTrace).toMatch(/Limits: [^\n]*build directory: 128 MiB/);
    expect(manyTrace).toContain('AFTER THE SLEEP');
    expect(many.status).toBe('success');
  }, 120_000);
});
