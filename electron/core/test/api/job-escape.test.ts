/**
 * Job files are never followed out of the sandbox (issue 25, first group): real cores, real pipelines
 * pushed by an ordinary user, real bubblewrap. A job plants symlinks where the runner used to write or
 * read on the host after the job ran, each pointing at a file or directory this test made OUTSIDE the
 * build root (the link's text is an absolute host path; the sandbox can't see it, the core could):
 * - `$TMPDIR/after_script.sh` (and the other names the runner once wrote there) → a host file: the host
 *   file is unchanged, and the after_script still runs, from the runner's own read-only copy;
 * - `$TMPDIR` itself → a host directory: the core writes nothing into it;
 * - `$CI_PROJECT_DIR` (or its namespace directory) → a host directory holding a JUnit XML, with
 *   `artifacts:reports:junit: "*.xml"`: the host XML never reaches the test report, and the trace says
 *   the report was refused and why;
 * - symlinks inside the project directory (a file matching the glob, a subdirectory): not read, and
 *   named in the trace, while the job's own report is still read.
 * The sandbox maps the job to uid 1000 while the core here runs as root: the core is the one that could
 * have written or read through the links.
 */
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
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

const onLinux = process.platform === 'linux';
const MARK = `host-only-${Math.random().toString(36).slice(2)}`;

interface TestReport {
  total_count: number;
  test_suites: { name: string; total_count: number; test_cases: { name: string; classname: string }[] }[];
}

describe.runIf(onLinux)('job files are never followed out of the sandbox', () => {
  let t: TestCore;
  let user: { id: number; username: string; token: string };
  let hostTmp: string;

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t);
    hostTmp = mkdtempSync(path.join(os.tmpdir(), 'outpost-escape-host-'));
  });

  afterAll(async () => {
    await t.close();
    rmSync(hostTmp, { recursive: true, force: true });
  });

  /** A host directory (outside every build root) for one test. */
  function hostDir(name: string): string {
    const d = path.join(hostTmp, name);
    mkdirSync(d, { recursive: true });
    return d;
  }

  /** As the ordinary user: a project with `yaml`; resolves to its settled pipeline's jobs and traces. */
  async function run(yaml: string): Promise<{
    projectId: number;
    projectPath: string;
    pipelineId: number;
    jobs: Map<string, JobJson>;
    traces: Map<string, string>;
  }> {
    const created = await t.api<{ id: number; path: string }>('POST', '/projects', {
      token: user.token,
      json: { name: `escape-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    await commitFile(t, created.body.id, '.gitlab-ci.yml', yaml, { token: user.token });
    const p = await latestPipeline(t, created.body.id);
    const done = await waitForPipeline(t, created.body.id, p!.id, undefined, 90_000);
    const jobs = await pipelineJobs(t, created.body.id, done.id);
    const traces = new Map<string, string>();
    for (const [name, job] of jobs) traces.set(name, await jobTrace(t, created.body.id, job.id));
    return { projectId: created.body.id, projectPath: created.body.path, pipelineId: done.id, jobs, traces };
  }

  it("never writes through a symlink the job planted at $TMPDIR/after_script.sh; the after_script runs from the runner's copy", async () => {
    const victims = hostDir('victims');
    const names = ['after_script.sh', 'step_script.sh', 'ESCAPE_FILE.var'];
    for (const n of names) writeFileSync(path.join(victims, n), `original ${n}\n`, { mode: 0o644 });
    const before = names.map((n) => statSync(path.join(victims, n)).mtimeMs);
    const variable = await t.api('POST', '/admin/ci/variables', {
      json: { key: 'ESCAPE_FILE', value: 'file variable content', variable_type: 'file' },
    });
    expect(variable.status).toBe(201);
    try {
      const lines = [
        ...names.map((n) => `ln -sfn ${JSON.stringify(path.join(victims, n))} "$TMPDIR/${n}"`),
        'ls -l "$TMPDIR"',
        'echo "file variable at $ESCAPE_FILE: $(cat "$ESCAPE_FILE")"',
        '(echo payload > "$ESCAPE_FILE") 2>/dev/null && echo "FILE VARIABLE WRITABLE" || echo "file variable is read-only"',
        '(echo payload > "$(dirname "$ESCAPE_FILE")/planted") 2>/dev/null && echo "RUNNER DIR WRITABLE" || echo "runner dir is read-only"',
      ];
      const yaml = [
        'escape:',
        '  script:',
        ...lines.map((l) => `    - ${JSON.stringify(l)}`),
        '  after_script:',
        `    - ${JSON.stringify('echo "after_script ran from $0 with status $CI_JOB_STATUS"')}`,
        '',
      ].join('\n');
      const { jobs, traces } = await run(yaml);
      const trace = traces.get('escape')!;
      expect(jobs.get('escape')!.status).toBe('success');
      // The host files are untouched: same content, same mtime.
      names.forEach((n, i) => {
        expect(readFileSync(path.join(victims, n), 'utf8')).toBe(`original ${n}\n`);
        expect(statSync(path.join(victims, n)).mtimeMs).toBe(before[i]);
      });
      // The after_script ran, from the runner's directory, not from $TMPDIR.
      const ran = /^after_script ran from (\S+) with status success$/m.exec(trace);
      expect(ran, trace).not.toBeNull();
      const runnerDir = path.dirname(ran![1]!);
      expect(path.basename(ran![1]!)).toBe('after_script.sh');
      expect(runnerDir.startsWith(path.join(os.tmpdir(), 'outpost-runner-'))).toBe(true);
      // File variables live there too, readable and not writable by the job.
      expect(trace).toContain(
        `file variable at ${path.join(runnerDir, 'ESCAPE_FILE')}: file variable content`,
      );
      expect(trace).toMatch(/^file variable is read-only$/m);
      expect(trace).toMatch(/^runner dir is read-only$/m);
      expect(trace).not.toMatch(/^(FILE VARIABLE|RUNNER DIR) WRITABLE$/m);
      // The runner directory is removed after the job (right after its final state is stored).
      await eventually('the runner directory to be removed', async () =>
        existsSync(runnerDir) ? undefined : true,
      );
    } finally {
      await t.api('DELETE', '/admin/ci/variables/ESCAPE_FILE');
    }
  });

  it('writes nothing into a host directory the job put in place of $TMPDIR', async () => {
    const target = hostDir('tmp-target');
    const yaml = [
      'escape:',
      '  script:',
      `    - ${JSON.stringify(`rm -rf "$TMPDIR" && ln -s ${JSON.stringify(target)} "$TMPDIR" && ls -ld "$TMPDIR"`)}`,
      '  after_script:',
      `    - ${JSON.stringify('echo "after_script still ran"')}`,
      '',
    ].join('\n');
    const { jobs, traces } = await run(yaml);
    expect(readdirSync(target)).toEqual([]);
    expect(jobs.get('escape')!.status).toBe('success');
    expect(traces.get('escape')).toContain('after_script still ran');
  });

  it('reads no report through a symlinked project directory or namespace directory, and says why', async () => {
    const xml = `<testsuite name="host"><testcase classname="host" name="${MARK}"/></testsuite>`;
    const projectTarget = hostDir('project-target');
    writeFileSync(path.join(projectTarget, 'secret.xml'), xml);
    // The namespace variant: builds/<namespace> → a host dir whose <project path>/ holds the XML.
    const nsTarget = hostDir('namespace-target');
    const yaml = (projectPath: string) => {
      mkdirSync(path.join(nsTarget, projectPath), { recursive: true });
      writeFileSync(path.join(nsTarget, projectPath, 'secret.xml'), xml);
      return [
        'project_dir:',
        '  script:',
        `    - ${JSON.stringify(`cd / && rm -rf "$CI_PROJECT_DIR" && ln -s ${JSON.stringify(projectTarget)} "$CI_PROJECT_DIR"`)}`,
        '  artifacts:',
        '    reports:',
        '      junit: "*.xml"',
        'namespace_dir:',
        '  script:',
        `    - ${JSON.stringify(`cd / && ns="$(dirname "$CI_PROJECT_DIR")" && rm -rf "$ns" && ln -s ${JSON.stringify(nsTarget)} "$ns"`)}`,
        '  artifacts:',
        '    reports:',
        '      junit: "*.xml"',
        '',
      ].join('\n');
    };
    // The project's path is known only once it exists: create it first, then commit the YAML.
    const created = await t.api<{ id: number; path: string }>('POST', '/projects', {
      token: user.token,
      json: { name: `escape-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
    });
    expect(created.status).toBe(201);
    await commitFile(t, created.body.id, '.gitlab-ci.yml', yaml(created.body.path), { token: user.token });
    const p = await latestPipeline(t, created.body.id);
    const done = await waitForPipeline(t, created.body.id, p!.id, undefined, 90_000);
    const jobs = await pipelineJobs(t, created.body.id, done.id);
    const report = await t.api<TestReport>(
      'GET',
      `/projects/${created.body.id}/pipelines/${done.id}/test_report`,
    );
    expect(report.status).toBe(200);
    expect(report.text).not.toContain(MARK);
    expect(report.body.total_count).toBe(0);
    for (const name of ['project_dir', 'namespace_dir']) {
      const job = jobs.get(name)!;
      expect(job.status, name).toBe('success');
      const trace = await jobTrace(t, created.body.id, job.id);
      expect(trace, name).toContain('the report was refused and nothing was read');
      expect(trace, name).toContain('it is a symbolic link, which is not followed');
      expect(trace, name).not.toContain(MARK);
    }
  });

  it("reads neither a symlinked report file nor a symlinked subdirectory inside the project, but does read the job's own report", async () => {
    const target = hostDir('inside-target');
    writeFileSync(
      path.join(target, 'secret.xml'),
      `<testsuite name="host"><testcase classname="host" name="${MARK}"/></testsuite>`,
    );
    const own = '<testsuite name="own"><testcase classname="own" name="own_case"/></testsuite>';
    const lines = [
      'mkdir -p reports',
      `echo '${own}' > reports/own.xml`,
      `ln -s ${JSON.stringify(path.join(target, 'secret.xml'))} reports/leak.xml`,
      `ln -s ${JSON.stringify(target)} reports/hostdir`,
    ];
    const yaml = [
      'inside:',
      '  script:',
      ...lines.map((l) => `    - ${JSON.stringify(l)}`),
      '  artifacts:',
      '    reports:',
      '      junit: "reports/**/*.xml"',
      '',
    ].join('\n');
    const { projectId, pipelineId, jobs, traces } = await run(yaml);
    expect(jobs.get('inside')!.status).toBe('success');
    const report = await t.api<TestReport>(
      'GET',
      `/projects/${projectId}/pipelines/${pipelineId}/test_report`,
    );
    expect(report.status).toBe(200);
    expect(report.text).not.toContain(MARK);
    expect(report.body.total_count).toBe(1);
    expect(report.body.test_suites[0]!.test_cases.map((c) => c.name)).toEqual(['own_case']);
    const trace = traces.get('inside')!;
    expect(trace).toContain('reports/**/*.xml: found 1 matching files and directories');
    expect(trace).toContain('reports/leak.xml: it is a symbolic link, which is not followed; not read');
    expect(trace).toContain('reports/hostdir: it is a symbolic link, which is not followed; not read');
  });
  it("removes a crashed attempt's build root and runner directory on restart, without following links in them", async () => {
    const s2 = await startTestCore();
    let s3: TestCore | null = null;
    try {
      const victim = path.join(hostDir('crash-victim'), 'keep.txt');
      writeFileSync(victim, 'keep me');
      const created = await s2.api<{ id: number }>('POST', '/projects', {
        json: { name: `crash-${Math.random().toString(36).slice(2, 7)}`, initialize_with_readme: true },
      });
      await commitFile(s2, created.body.id, '.gitlab-ci.yml', 'a:\n  script: echo a\n');
      const p = (await latestPipeline(s2, created.body.id))!;
      await waitForPipeline(s2, created.body.id, p.id);
      await s2.stop();
      // A crash in the middle of job `a`: its row says running, its two directories are still there,
      // each holding a symlink to a host file.
      const marker = randomBytes(8).toString('hex');
      const root = path.join(os.tmpdir(), `outpost-job-${marker}`);
      const runnerDir = path.join(os.tmpdir(), `outpost-runner-${marker}`);
      for (const d of [path.join(root, 'tmp'), runnerDir]) {
        mkdirSync(d, { recursive: true });
        writeFileSync(path.join(d, 'step_script.sh'), 'echo a');
        symlinkSync(victim, path.join(d, 'link'));
      }
      const db = openCoreDatabase(s2.dataDir, { writable: true });
      db.prepare(
        `UPDATE ci_jobs SET status = 'running', finished_at = NULL, pid = NULL, marker = ? WHERE pipeline_id = ?`,
      ).run(marker, p.id);
      db.prepare(`UPDATE ci_pipelines SET status = 'running', finished_at = NULL WHERE id = ?`).run(p.id);
      db.close();
      s3 = await startTestCore({ dataDir: s2.dataDir });
      await waitForPipeline(s3, created.body.id, p.id, ['failed']);
      await eventually("the crashed attempt's directories to be removed", async () =>
        existsSync(root) || existsSync(runnerDir) ? undefined : true,
      );
      expect(readFileSync(victim, 'utf8')).toBe('keep me');
    } finally {
      if (s3) await s3.close();
      else await s2.close();
    }
  });
});
