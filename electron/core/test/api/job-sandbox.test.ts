/**
 * The job sandbox end to end (issue 15 "Jobs run in a sandbox"): real cores, real pipelines pushed by an
 * ordinary user, real bubblewrap and processes. A hostile job tries to read the data dir (its listing,
 * the SQLite file, the secret key, the initial root token), the core's environment through /proc, its
 * own environment, another project's bare repository and the user's home, and to write into the data
 * dir: every attempt fails, and the same job still does its own work (writes and runs a program in its
 * directory, `git log`, /tmp, a loopback HTTP server of its own; the host's loopback server is out of reach). With the sandbox missing the job is refused, or
 * runs with a warning once an administrator allows it (and then the same probes do see the host: the
 * control that shows the probes work). Memory, CPU and concurrency limits from the instance settings.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRepoPath } from '../helpers/disk.js';
import { commitFile, jobTrace, latestPipeline, pipelineJobs, waitForPipeline } from '../helpers/pipelines.js';
import type { JobJson } from '../helpers/pipelines.js';
import { createUserWithToken, ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const onLinux = process.platform === 'linux';
const OTHER_SECRET = `other-project-secret-${Math.random().toString(36).slice(2)}`;
const HOST_REPLY = `hello-from-the-host-${Math.random().toString(36).slice(2)}`;

let server: Server;
let port: number;
const savedEnvToken = process.env.OUTPOST_ROOT_TOKEN;

beforeAll(async () => {
  // The core's process holds the root token in its environment, as the app's does.
  process.env.OUTPOST_ROOT_TOKEN = ROOT_TOKEN;
  server = createServer((_req, res) => res.end(HOST_REPLY));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  if (savedEnvToken === undefined) delete process.env.OUTPOST_ROOT_TOKEN;
  else process.env.OUTPOST_ROOT_TOKEN = savedEnvToken;
  await new Promise((resolve) => server.close(resolve));
});

interface Setup {
  t: TestCore;
  user: { id: number; username: string; token: string };
  otherRepo: string;
}

/** A core with an ordinary user, a plaintext `initial_root_token` file, and root's secret project. */
async function setUp(options: Parameters<typeof startTestCore>[0] = {}): Promise<Setup> {
  const t = await startTestCore(options);
  writeFileSync(path.join(t.dataDir, 'initial_root_token'), `${ROOT_TOKEN}\n`, { mode: 0o600 });
  const user = await createUserWithToken(t);
  const other = await t.api<{ id: number }>('POST', '/projects', {
    json: { name: `secret-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
  });
  expect(other.status).toBe(201);
  await commitFile(t, other.body.id, 'secret.txt', OTHER_SECRET);
  return { t, user, otherRepo: projectRepoPath(t.dataDir, other.body.id) };
}

/** The hostile job: every probe prints DENIED or LEAK, then the job's own work. */
function hostileYaml(dataDir: string, otherRepo: string): string {
  const d = dataDir;
  const lines = [
    // The data dir, its files and a write into it.
    `ls -la "${d}" 2>/dev/null && echo "LEAK data-dir-listed" || echo "DENIED data-dir-list"`,
    `head -c 16 "${d}/outpost.sqlite" 2>/dev/null && echo "LEAK sqlite" || echo "DENIED sqlite"`,
    `base64 -w0 "${d}/core_secret.key" 2>/dev/null && echo "LEAK secret-key" || echo "DENIED secret-key"`,
    `cat "${d}/initial_root_token" 2>/dev/null && echo "LEAK initial-token" || echo "DENIED initial-token"`,
    `cat "${d}/core/initial_root_token" 2>/dev/null && echo "LEAK core-initial-token" || echo "DENIED core-initial-token"`,
    `echo pwned 2>/dev/null > "${d}/pwned" && echo "LEAK data-dir-write" || echo "DENIED data-dir-write"`,
    `echo pwned 2>/dev/null >> "${d}/core_secret.key" && echo "LEAK key-write" || echo "DENIED key-write"`,
    // The core's environment through /proc, and the job's own.
    // (Counts only: no other process's environment is copied into the trace.)
    `tr '\\0' '\\n' < /proc/$PPID/environ 2>/dev/null | grep -aq '^OUTPOST_ROOT_TOKEN=' && echo "LEAK ppid-environ" || echo "DENIED ppid-environ"`,
    `test -r /proc/${process.pid}/environ && head -c 1 /proc/${process.pid}/environ >/dev/null 2>&1 && echo "LEAK core-environ" || echo "DENIED core-environ"`,
    `n=$(cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -ac '^OUTPOST_ROOT_TOKEN=' || true); [ "$n" -gt 0 ] && echo "LEAK proc-walk" || echo "DENIED proc-walk"`,
    `echo "processes visible: $(ls /proc | grep -cE '^[0-9]+$')"`,
    `env | grep -q OUTPOST_ROOT_TOKEN && echo "LEAK env" || echo "DENIED env"`,
    // Another project's repository, and the user's home.
    `ls "${otherRepo}" 2>/dev/null && echo "LEAK other-repo" || echo "DENIED other-repo"`,
    `git --git-dir="${otherRepo}" show HEAD:secret.txt 2>/dev/null && echo "LEAK other-repo-read" || echo "DENIED other-repo-read"`,
    `ls -A "${os.homedir()}" 2>/dev/null | head -3 && echo "LEAK home" || echo "DENIED home"`,
    `echo "HOME is $HOME"`,
    // The job's own work.
    `echo built > out.txt && cat out.txt`,
    `printf 'console.log("node says " + 6 * 7)' > app.js && node app.js`,
    `git log --oneline -5`,
    `echo "tracked: $(git ls-files | wc -l)"`,
    `echo scratch > /tmp/scratch.txt && echo "tmp says $(cat /tmp/scratch.txt)"`,
    // The host's loopback server is out of reach (the job has a network namespace of its own, issue 25);
    // its own loopback works.
    `(exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null && echo "LEAK host-loopback" || echo "DENIED host-loopback"`,
    `node -e 'const h = require("http"); const s = h.createServer((q, r) => r.end("own-" + "loopback")).listen(0, "127.0.0.1", () => h.get("http://127.0.0.1:" + s.address().port, (r) => { r.pipe(process.stdout); r.on("end", () => { console.log(); s.close(); }); }));'`,
  ];
  return `probe:\n  script:\n${lines.map((l) => `    - ${JSON.stringify(l)}`).join('\n')}\n`;
}

/** As `user`, a project with the hostile `.gitlab-ci.yml`; resolves to its settled job. */
async function runHostileJob(s: Setup): Promise<{ job: JobJson; trace: string; projectId: number }> {
  const { t, user } = s;
  const created = await t.api<{ id: number }>('POST', '/projects', {
    token: user.token,
    json: { name: `hostile-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
  });
  expect(created.status).toBe(201);
  await commitFile(t, created.body.id, '.gitlab-ci.yml', hostileYaml(t.dataDir, s.otherRepo), {
    token: user.token,
    message: 'Add the probing job',
  });
  const p = await latestPipeline(t, created.body.id);
  const done = await waitForPipeline(t, created.body.id, p!.id, undefined, 60_000);
  const job = (await pipelineJobs(t, created.body.id, done.id)).get('probe')!;
  return { job, trace: await jobTrace(t, created.body.id, job.id), projectId: created.body.id };
}

/** Names of every file under `dir` (relative), sorted. */
function listTree(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).sort();
}

describe.runIf(onLinux)('a job in the sandbox', () => {
  let s: Setup;

  beforeAll(async () => {
    s = await setUp();
  });

  afterAll(async () => {
    await s.t.close();
  });

  it('reports the sandbox to any signed-in user, and nothing to anonymous callers', async () => {
    const res = await s.t.api('GET', '/ci/job_sandbox', { token: s.user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      available: true,
      executor: 'bubblewrap',
      reason: null,
      allow_unsandboxed_ci_jobs: false,
      concurrent_jobs: 2,
      memory_limit_mb: 4096,
      cpu_limit_seconds: 3600,
      process_limit: 512,
      limits_mechanism: expect.stringMatching(/^(cgroup2|systemd-run|cgroup1|rlimit)$/),
      network: expect.stringMatching(/^(slirp4netns|loopback)$/),
      nested_user_namespaces: expect.any(Boolean),
      missing: expect.any(Array),
    });
    expect((await s.t.api('GET', '/ci/job_sandbox', { token: null })).status).toBe(401);
  });

  it("can't read or change the data dir, the core's environment, other repositories or the home, and still does its work", async () => {
    const key = readFileSync(path.join(s.t.dataDir, 'core_secret.key'));
    const topBefore = readdirSync(s.t.dataDir).sort();
    const otherBefore = listTree(s.otherRepo);
    const { job, trace } = await runHostileJob(s);

    expect(job.status).toBe('success');
    expect(trace).toContain('Preparing the "bubblewrap" executor');
    // The trace names Outpost's executor, never a gitlab-runner version it isn't (issue 30, defect 12).
    expect(trace).toContain('Running with the Outpost built-in runner');
    expect(trace).not.toMatch(/gitlab-runner \d/);
    expect(trace).not.toMatch(/^LEAK/m);
    for (const what of [
      'data-dir-list',
      'sqlite',
      'secret-key',
      'initial-token',
      'core-initial-token',
      'data-dir-write',
      'key-write',
      'ppid-environ',
      'core-environ',
      'proc-walk',
      'env',
      'other-repo',
      'other-repo-read',
      'home',
      'host-loopback',
    ])
      expect(trace).toMatch(new RegExp(`^DENIED ${what}$`, 'm'));
    // Nothing secret reached the trace.
    expect(trace).not.toContain(ROOT_TOKEN);
    expect(trace).not.toContain('SQLite format 3');
    expect(trace).not.toContain(key.toString('base64'));
    expect(trace).not.toContain(OTHER_SECRET);
    // Only the job's own processes are visible.
    const visible = Number(/^processes visible: (\d+)$/m.exec(trace)![1]);
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(10);
    // HOME is inside the job's build root, not the user's.
    const home = /^HOME is (\S+)$/m.exec(trace)![1]!;
    expect(home.startsWith(path.join(os.tmpdir(), 'outpost-job-'))).toBe(true);
    // Its own work: files, a program, git history, /tmp, a loopback server.
    expect(trace).toContain('\nbuilt\n');
    expect(trace).toContain('node says 42');
    expect(trace).toMatch(/[0-9a-f]{7,} Add the probing job/);
    expect(trace).toMatch(/tracked: +2\n/);
    expect(trace).toContain('tmp says scratch');
    expect(trace).not.toContain(HOST_REPLY);
    expect(trace).toMatch(/^own-loopback$/m);
    // The data dir is unchanged: the key as it was, no new entry, the other repository as it was.
    expect(readFileSync(path.join(s.t.dataDir, 'core_secret.key')).equals(key)).toBe(true);
    expect(existsSync(path.join(s.t.dataDir, 'pwned'))).toBe(false);
    expect(readdirSync(s.t.dataDir).sort()).toEqual(topBefore);
    expect(listTree(s.otherRepo)).toEqual(otherBefore);
  });

  it('fails a job that exceeds the memory limit, and runs it under a larger one', async () => {
    const project = await s.t.api<{ id: number }>('POST', '/projects', {
      token: s.user.token,
      json: { name: `mem-${Math.random().toString(36).slice(2, 7)}` },
    });
    const yaml =
      'hungry:\n  script:\n    - echo small-ok\n' +
      // /tmp is memory too: capped at the limit.
      `    - 'head -c 100000000 /dev/zero > /tmp/big 2>/dev/null && echo tmp-filled || echo tmp-capped'\n` +
      `    - 'x=$(head -c 100000000 /dev/zero | tr "\\0" a); echo "allocated \${#x}"'\n`;
    try {
      expect(
        (await s.t.api('PUT', '/application/settings', { json: { ci_job_memory_limit_mb: 64 } })).status,
      ).toBe(200);
      await commitFile(s.t, project.body.id, '.gitlab-ci.yml', yaml, { token: s.user.token });
      const p = (await latestPipeline(s.t, project.body.id))!;
      await waitForPipeline(s.t, project.body.id, p.id);
      const job = (await pipelineJobs(s.t, project.body.id, p.id)).get('hungry')!;
      const trace = await jobTrace(s.t, project.body.id, job.id);
      expect(job).toMatchObject({ status: 'failed', failure_reason: 'script_failure' });
      expect(trace).toMatch(/Limits: .*per process: 64 MiB of memory/);
      expect(trace).toContain('small-ok');
      expect(trace).toMatch(/^tmp-capped$/m);
      expect(trace).not.toContain('allocated 100000000');

      await s.t.api('PUT', '/application/settings', { json: { ci_job_memory_limit_mb: 1024 } });
      const retried = await s.t.api<{ id: number }>(
        'POST',
        `/projects/${project.body.id}/jobs/${job.id}/retry`,
        {
          token: s.user.token,
        },
      );
      expect(retried.status).toBe(201);
      await waitForPipeline(s.t, project.body.id, p.id);
      const again = await s.t.api<JobJson>('GET', `/projects/${project.body.id}/jobs/${retried.body.id}`);
      expect(again.body.status).toBe('success');
      const againTrace = await jobTrace(s.t, project.body.id, retried.body.id);
      expect(againTrace).toContain('allocated 100000000');
      expect(againTrace).toMatch(/^tmp-filled$/m);
    } finally {
      await s.t.api('PUT', '/application/settings', { json: { ci_job_memory_limit_mb: 4096 } });
    }
  });

  it('kills a job that exceeds the CPU limit', async () => {
    const project = await s.t.api<{ id: number }>('POST', '/projects', {
      token: s.user.token,
      json: { name: `cpu-${Math.random().toString(36).slice(2, 7)}` },
    });
    try {
      await s.t.api('PUT', '/application/settings', { json: { ci_job_cpu_limit_seconds: 1 } });
      await commitFile(
        s.t,
        project.body.id,
        '.gitlab-ci.yml',
        'spin:\n  timeout: 2 minutes\n  script:\n    - echo spinning\n    - while :; do :; done\n',
        { token: s.user.token },
      );
      const p = (await latestPipeline(s.t, project.body.id))!;
      await waitForPipeline(s.t, project.body.id, p.id, undefined, 150_000);
      const job = (await pipelineJobs(s.t, project.body.id, p.id)).get('spin')!;
      const trace = await jobTrace(s.t, project.body.id, job.id);
      // Killed by the CPU limit (SIGXCPU), not by the wall-clock timeout.
      expect(job).toMatchObject({ status: 'failed', failure_reason: 'script_failure' });
      expect(trace).toContain('spinning');
      expect(trace).not.toContain('execution took longer');
    } finally {
      await s.t.api('PUT', '/application/settings', { json: { ci_job_cpu_limit_seconds: 3600 } });
    }
  }, 180_000);

  it('runs one job at a time when ci_concurrent_jobs is 1', async () => {
    const project = await s.t.api<{ id: number }>('POST', '/projects', {
      token: s.user.token,
      json: { name: `conc-${Math.random().toString(36).slice(2, 7)}` },
    });
    try {
      await s.t.api('PUT', '/application/settings', { json: { ci_concurrent_jobs: 1 } });
      expect(
        (await s.t.api<{ concurrent_jobs: number }>('GET', '/ci/job_sandbox', { token: s.user.token })).body
          .concurrent_jobs,
      ).toBe(1);
      await commitFile(
        s.t,
        project.body.id,
        '.gitlab-ci.yml',
        ['a', 'b', 'c'].map((n) => `${n}:\n  script: sleep 0.5\n`).join(''),
        { token: s.user.token },
      );
      const p = (await latestPipeline(s.t, project.body.id))!;
      await waitForPipeline(s.t, project.body.id, p.id);
      const jobs = [...(await pipelineJobs(s.t, project.body.id, p.id)).values()].sort(
        (x, y) => Date.parse(x.started_at!) - Date.parse(y.started_at!),
      );
      expect(jobs.map((j) => j.status)).toEqual(['success', 'success', 'success']);
      for (let i = 1; i < jobs.length; i++)
        expect(Date.parse(jobs[i]!.started_at!)).toBeGreaterThanOrEqual(
          Date.parse(jobs[i - 1]!.finished_at!),
        );
    } finally {
      await s.t.api('PUT', '/application/settings', { json: { ci_concurrent_jobs: 2 } });
    }
  });
});

describe('a job where the sandbox is missing', () => {
  let s: Setup;

  beforeAll(async () => {
    s = await setUp({ options: { jobSandbox: { bwrapPath: '/nonexistent/bwrap' } } });
  });

  afterAll(async () => {
    await s.t.close();
  });

  const reason = onLinux
    ? 'bubblewrap (/nonexistent/bwrap) does not exist or is not executable'
    : 'the job sandbox uses bubblewrap, which runs only on Linux';

  it('is refused with the reason and how to allow it, as runner_unsupported', async () => {
    const status = await s.t.api('GET', '/ci/job_sandbox', { token: s.user.token });
    expect(status.body).toMatchObject({
      available: false,
      executor: 'refused',
      allow_unsandboxed_ci_jobs: false,
    });
    expect((status.body as { reason: string }).reason).toContain(reason);

    const { job, trace } = await runHostileJob(s);
    expect(job).toMatchObject({ status: 'failed', failure_reason: 'runner_unsupported' });
    expect(trace).toContain(`ERROR: The job sandbox is not available on this machine: ${reason}`);
    expect(trace).toContain('allow_unsandboxed_ci_jobs');
    // Nothing of the script ran.
    expect(trace).not.toMatch(/^(DENIED|LEAK)/m);
  });

  it('runs unsandboxed, with a warning, once an administrator allows it (and then sees the host)', async () => {
    const forbidden = await s.t.api('PUT', '/application/settings', {
      token: s.user.token,
      json: { allow_unsandboxed_ci_jobs: true },
    });
    expect(forbidden.status).toBe(403);
    try {
      expect(
        (await s.t.api('PUT', '/application/settings', { json: { allow_unsandboxed_ci_jobs: true } })).status,
      ).toBe(200);
      const status = await s.t.api('GET', '/ci/job_sandbox', { token: s.user.token });
      expect(status.body).toMatchObject({
        available: false,
        executor: 'unsandboxed',
        allow_unsandboxed_ci_jobs: true,
      });

      const { job, trace } = await runHostileJob(s);
      expect(job.status).toBe('success');
      expect(trace).toContain(`WARNING: The job sandbox is not available on this machine: ${reason}`);
      expect(trace).toContain('This job runs WITHOUT a sandbox');
      // The control: without the sandbox the same probes reach the host.
      expect(trace).toMatch(/^LEAK data-dir-listed$/m);
      expect(trace).toMatch(/^LEAK initial-token$/m);
      expect(trace).toMatch(/^LEAK core-environ$/m);
      expect(trace).toContain('node says 42');
    } finally {
      await s.t.api('PUT', '/application/settings', { json: { allow_unsandboxed_ci_jobs: false } });
    }
  });
});
