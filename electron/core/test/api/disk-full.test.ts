/**
 * A full disk while a job runs (issue 25 "Every write error … fails that job with a clear reason. It
 * never kills the process."): a real core whose `traces/` directory is a small tmpfs mounted by the test
 * (8 MiB, as root: here and in CI), a real job pushed by an ordinary user, real bubblewrap. The job prints
 * past the free space; before the fix `TraceWriter.append` threw ENOSPC inside the child's stdout handler
 * and the process died (vitest reports such an uncaught error and fails the run). Now the job is stopped
 * and failed with `runner_system_failure`, `GET /version` and the reads answer during and after, and once
 * space is freed the next job runs and succeeds.
 *
 * Where `mount` is not permitted (not root, not Linux) the suite is skipped; the writer's own handling of
 * ENOSPC is unit-tested against /dev/full in runner/trace-writer.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, statfsSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitFile,
  eventually,
  jobTrace,
  latestPipeline,
  pipelineJobs,
  waitForPipeline,
} from '../helpers/pipelines.js';
import type { JobJson } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/** Whether this process may mount a tmpfs (root on Linux), tried on a scratch directory. */
function canMountTmpfs(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'outpost-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmdirSync(dir);
  }
}

/** Fill the file system of `dir` with `file` until ENOSPC; returns the bytes written. */
function fill(file: string): number {
  const fd = openSync(file, 'w', 0o600);
  const chunk = Buffer.alloc(64 * 1024, 0x78);
  let total = 0;
  try {
    for (;;) total += writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return total;
}

const mountable = canMountTmpfs();
const REASON =
  "ERROR: Job failed (system failure): the job's log could not be written: ENOSPC: no space left on device";

/**
 * Errors nothing caught, seen while the suite runs. In a standalone core (and the browser host) such an
 * error ends the process; under vitest it would only be logged, so the tests collect and assert on them.
 */
const uncaught: unknown[] = [];
const recordUncaught = (err: unknown) => uncaught.push(err);

describe.runIf(mountable)('a full disk while a job runs', () => {
  let t: TestCore;
  let traces: string;
  let user: { id: number; username: string; token: string };
  let projectId: number;

  beforeAll(async () => {
    process.on('uncaughtException', recordUncaught);
    t = await startTestCore();
    traces = path.join(t.dataDir, 'traces');
    // The runner made traces/ at start; no job has run, so it is empty: put an 8 MiB tmpfs over it.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', traces]);
    user = await createUserWithToken(t);
    const created = await t.api<{ id: number }>('POST', '/projects', {
      token: user.token,
      json: { name: `disk-full-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    projectId = created.body.id;
    // The output limit must not be what stops the output here: the largest one allowed (1 GiB).
    const put = await t.api('PUT', '/application/settings', { json: { ci_job_output_limit_kb: 1_048_576 } });
    expect(put.status).toBe(200);
  });

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    if (!t) return;
    await t.stop();
    try {
      execFileSync('umount', ['-l', traces]);
    } catch {
      // already gone
    }
    rmSync(t.dataDir, { recursive: true, force: true });
  });

  /** Push `yaml` as the ordinary user; resolves to the pipeline's jobs once it is finished. */
  async function pushAndWait(yaml: string, message: string, during?: () => Promise<void>) {
    await commitFile(t, projectId, '.gitlab-ci.yml', yaml, { token: user.token, message });
    const p = await latestPipeline(t, projectId);
    const finished = waitForPipeline(t, projectId, p!.id, undefined, 120_000);
    if (during) await during();
    const done = await finished;
    return pipelineJobs(t, projectId, done.id);
  }

  it('fails the job with a clear reason, keeps answering, and runs the next job once space is back', async () => {
    // Leave about 1 MiB free, then a job prints 12 MB and would go on for 10 minutes.
    const filler = path.join(traces, 'filler');
    fill(filler);
    rmSync(filler);
    const free = statfsSync(traces).bavail * statfsSync(traces).bsize;
    const fd = openSync(filler, 'w', 0o600);
    writeSync(fd, Buffer.alloc(free - 1024 * 1024, 0x78));
    closeSync(fd);

    const yaml = [
      'fill_the_disk:',
      '  script:',
      '    - echo "before the flood"',
      `    - ${JSON.stringify("head -c 12000000 /dev/zero | tr '\\0' 'a' | fold -w 99")}`,
      '    - sleep 600',
      '',
    ].join('\n');
    const versions: number[] = [];
    let jobsDuring: JobJson[] = [];
    const jobs = await pushAndWait(yaml, 'Print more than the disk holds', async () => {
      // While the job runs and the disk fills, the core answers.
      const job = await eventually('the job to start', async () => {
        const res = await t.api<JobJson[]>('GET', `/projects/${projectId}/jobs`);
        return res.body.find((j) => j.status === 'running' || j.status === 'failed');
      });
      expect(job).toBeDefined();
      for (let i = 0; i < 20; i++) {
        versions.push((await t.api('GET', '/version')).status);
        const list = await t.api<JobJson[]>('GET', `/projects/${projectId}/jobs`);
        expect(list.status).toBe(200);
        jobsDuring = list.body;
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    expect(versions).toHaveLength(20);
    expect(new Set(versions)).toEqual(new Set([200]));
    expect(jobsDuring.length).toBeGreaterThan(0);

    const job = jobs.get('fill_the_disk')!;
    expect(job.status).toBe('failed');
    expect(job.failure_reason).toBe('runner_system_failure');
    // The disk is still full: the core still answers, and the reads work.
    const left = statfsSync(traces);
    expect(left.bavail * left.bsize).toBeLessThanOrEqual(16 * 1024); // at most what the writer gave back
    expect((await t.api('GET', '/version')).status).toBe(200);
    const trace = await jobTrace(t, projectId, job.id);
    expect(trace).toContain('before the flood');
    expect(trace).toMatch(/a{99}\n/);
    // The reason, in the trace too: the writer gave back room for it.
    expect(trace).toContain(REASON);
    const detail = await t.api<JobJson>('GET', `/projects/${projectId}/jobs/${job.id}`, {
      token: user.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.failure_reason).toBe('runner_system_failure');

    // Space comes back: the next job runs and its whole trace is stored.
    rmSync(filler);
    const next = await pushAndWait(
      ['after_the_flood:', '  script:', '    - echo "room again"', ''].join('\n'),
      'A small job',
    );
    const ok = next.get('after_the_flood')!;
    expect(ok.status).toBe('success');
    const okTrace = await jobTrace(t, projectId, ok.id);
    expect(okTrace).toContain('room again');
    expect(okTrace).toContain('Job succeeded');
    // Nothing escaped: in a standalone core, ENOSPC in the stdout handler ended the process.
    expect(uncaught).toEqual([]);
  }, 300_000);

  it('fails a job whose log has no room from its first line, and answers on', async () => {
    // The trace's file system is full before the job starts: even its first line is refused. The job is
    // stopped instead of sleeping for 10 minutes, and failed.
    const filler = path.join(traces, 'filler');
    fill(filler);
    const yaml = ['no_room:', '  script:', '    - echo "never stored"', '    - sleep 600', ''].join('\n');
    const jobs = await pushAndWait(yaml, 'A job with no room for its log');
    const job = jobs.get('no_room')!;
    expect(job.status).toBe('failed');
    expect(job.failure_reason).toBe('runner_system_failure');
    const trace = await jobTrace(t, projectId, job.id);
    expect(trace).not.toContain('never stored');
    // Nothing was stored, so there was no room to give back: the reason is in the API only.
    expect(trace).not.toContain(REASON);
    rmSync(filler);
    expect((await t.api('GET', '/version')).status).toBe(200);
    expect(uncaught).toEqual([]);
  }, 300_000);
});

describe.runIf(mountable)('the whole data dir full while a job runs', () => {
  let t: TestCore;
  let dataDir: string;

  beforeAll(async () => {
    process.on('uncaughtException', recordUncaught);
    // A fresh data dir on its own 64 MiB tmpfs: SQLite, the repositories and the traces all on it.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-full-data-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m,mode=0700', 'tmpfs', dataDir]);
    t = await startTestCore({ dataDir });
  });

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    if (t) await t.stop();
    try {
      execFileSync('umount', ['-l', dataDir]);
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the final state SQLite refused (SQLITE_FULL) once space is back, answering all along', async () => {
    const user = await createUserWithToken(t);
    const created = await t.api<{ id: number }>('POST', '/projects', {
      token: user.token,
      json: { name: 'whole-disk', initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    const projectId = created.body.id;
    await commitFile(t, projectId, '.gitlab-ci.yml', 'slow:\n  script:\n    - sleep 2\n', {
      token: user.token,
    });
    const pipeline = (await latestPipeline(t, projectId))!;
    const running = await eventually('the job to run', async () => {
      const job = (await pipelineJobs(t, projectId, pipeline.id)).get('slow');
      return job?.status === 'running' ? job : undefined;
    });

    // The disk fills while the job sleeps. The job ends and the runner writes its last trace lines, but
    // SQLite cannot take the final state (each WAL frame needs a new page of the file system).
    const filler = path.join(dataDir, 'filler');
    fill(filler);
    expect(statfsSync(dataDir).bavail).toBe(0);
    const finalNote = await eventually(
      'the runner to write its final line',
      async () => {
        const trace = await jobTrace(t, projectId, running.id);
        return /Job succeeded|ERROR: Job failed[^\n]*/.exec(trace)?.[0];
      },
      60_000,
    );
    for (let i = 0; i < 5; i++) {
      expect((await t.api('GET', '/version')).status).toBe(200);
      const job = await t.api<JobJson>('GET', `/projects/${projectId}/jobs/${running.id}`, {
        token: user.token,
      });
      expect(job.status).toBe(200);
      expect(job.body.status).toBe('running'); // not stored yet: the disk is full
      await new Promise((r) => setTimeout(r, 200));
    }

    // Space comes back: the runner's retry stores the final state, and the next job runs.
    rmSync(filler);
    const done = await waitForPipeline(t, projectId, pipeline.id, undefined, 120_000);
    const job = (await pipelineJobs(t, projectId, done.id)).get('slow')!;
    if (finalNote === 'Job succeeded') expect(job.status).toBe('success');
    else {
      // The final line itself met the full disk (it crossed a page): the job failed for it.
      expect(finalNote).toContain("the job's log could not be written: ENOSPC");
      expect(job.status).toBe('failed');
      expect(job.failure_reason).toBe('runner_system_failure');
    }

    await commitFile(t, projectId, '.gitlab-ci.yml', 'quick:\n  script:\n    - echo "space again"\n', {
      token: user.token,
    });
    const next = (await latestPipeline(t, projectId))!;
    expect(next.id).not.toBe(pipeline.id);
    const finished = await waitForPipeline(t, projectId, next.id, undefined, 120_000);
    const quick = (await pipelineJobs(t, projectId, finished.id)).get('quick')!;
    expect(quick.status).toBe('success');
    expect(await jobTrace(t, projectId, quick.id)).toContain('space again');
    expect(uncaught).toEqual([]);
  }, 300_000);
});
