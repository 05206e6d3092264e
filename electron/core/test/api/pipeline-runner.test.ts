/**
 * The local executor end to end (issue 7 "Done when"): `.gitlab-ci.yml` files committed through the files
 * API, real git working copies, real processes. A passing DAG, allowed failures, on_failure/always jobs, a
 * manual job played, a cancelled long job whose processes are gone, a timeout, automatic retry, coverage,
 * a JUnit report turned into the exact test_report counters, masked/protected/file variables, invalid
 * YAML, `[skip ci]`, branch and tag pipelines, change events, and a crash-restart that leaves no job
 * running.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobChangeEvent, PipelineChangeEvent } from '../../core-contract.js';
import { openCoreDatabase } from '../helpers/disk.js';
import {
  commitFile,
  createProject,
  eventually,
  jobTrace,
  latestPipeline,
  pipelineJobs,
  processAlive,
  waitForJob,
  waitForPipeline,
} from '../helpers/pipelines.js';
import type { JobJson } from '../helpers/pipelines.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

let t: TestCore;

beforeAll(async () => {
  t = await startTestCore();
  // Tests here protect `main` themselves (helpers/default-branch-protection.ts).
  await unprotectNewDefaultBranches(t);
});

afterAll(async () => {
  await t.close();
});

/**
 * Host pids of a job's processes: those whose environment holds the job's marker (read from the
 * database). A sandboxed job's `$$` is a pid of its own PID namespace, not of the host.
 */
function jobProcesses(dataDir: string, jobId: number): number[] {
  const db = openCoreDatabase(dataDir);
  const row = db.prepare('SELECT marker FROM ci_jobs WHERE id = ?').get(jobId) as { marker: string | null };
  db.close();
  if (!row.marker) return [];
  const wanted = `OUTPOST_JOB_MARKER=${row.marker}`;
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/environ`, 'latin1').split('\0').includes(wanted);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A project whose `.gitlab-ci.yml` is `yaml`; returns the push pipeline once it settled. */
async function runConfig(yaml: string, opts: { message?: string } = {}) {
  const project = await createProject(t);
  await commitFile(t, project.id, '.gitlab-ci.yml', yaml, { message: opts.message });
  const created = await latestPipeline(t, project.id);
  if (!created) throw new Error('no pipeline was created');
  const pipeline = await waitForPipeline(t, project.id, created.id);
  return { project, pipeline, jobs: await pipelineJobs(t, project.id, pipeline.id) };
}

describe('pipelines from pushes', () => {
  it('runs a DAG as needs complete, with GitLab variables, and succeeds', async () => {
    const events: (PipelineChangeEvent | JobChangeEvent)[] = [];
    const off = [
      t.core.events!.on('pipeline', (e) => events.push(e)),
      t.core.events!.on('job', (e) => events.push(e)),
    ];
    const { project, pipeline, jobs } = await runConfig(`
stages: [build, test, deploy]
build:
  stage: build
  script:
    - echo "built $CI_COMMIT_SHORT_SHA" > built.txt
    - test -f README.md
unit:
  stage: test
  needs: [build]
  script:
    - echo "unit on $CI_COMMIT_REF_NAME in $CI_PROJECT_NAME, job $CI_JOB_NAME/$CI_JOB_STAGE $CI_JOB_ID of $CI_PIPELINE_ID"
    - test "$CI" = true && test "$GITLAB_CI" = true && test "$CI_PIPELINE_SOURCE" = push
lint:
  stage: test
  needs: []
  script: sleep 0.2
deploy:
  stage: deploy
  needs: [unit, lint]
  script: echo "deploy by $GITLAB_USER_LOGIN from $CI_PROJECT_DIR"
`);
    off.forEach((f) => f());
    expect(pipeline.status).toBe('success');
    expect(pipeline.source).toBe('push');
    expect(pipeline.user?.username).toBe('root');
    expect(pipeline.started_at).not.toBeNull();
    expect(pipeline.finished_at).not.toBeNull();
    expect(pipeline.duration).toEqual(expect.any(Number));
    expect([...jobs.values()].map((j) => j.status)).toEqual(['success', 'success', 'success', 'success']);
    const unit = jobs.get('unit')!;
    const deploy = jobs.get('deploy')!;
    expect(Date.parse(unit.started_at!)).toBeGreaterThanOrEqual(Date.parse(jobs.get('build')!.finished_at!));
    expect(Date.parse(deploy.started_at!)).toBeGreaterThanOrEqual(Date.parse(jobs.get('lint')!.finished_at!));
    const trace = await jobTrace(t, project.id, unit.id);
    expect(trace).toContain(`\x1b[32;1m$ echo "unit on $CI_COMMIT_REF_NAME`);
    expect(trace).toContain(
      `unit on main in ${project.path.split('/')[1]}, job unit/test ${unit.id} of ${pipeline.id}`,
    );
    expect(trace).toContain('Job succeeded');
    expect(trace).toContain('section_start:');
    // Events: created → pending → running → success for each job; the pipeline's own changes.
    const jobEvents = events.filter((e): e is JobChangeEvent => 'jobId' in e && e.jobId === deploy.id);
    expect(jobEvents.map((e) => e.status)).toEqual(['created', 'pending', 'running', 'success']);
    const pipelineEvents = events
      .filter((e) => !('jobId' in e) && e.pipelineId === pipeline.id)
      .map((e) => e.status);
    expect(pipelineEvents[0]).toBe('created');
    expect(pipelineEvents).toContain('running');
    expect(pipelineEvents[pipelineEvents.length - 1]).toBe('success');
  });

  it('passes with warnings when an allowed failure fails, and applies on_failure/always', async () => {
    const { project, pipeline, jobs } = await runConfig(`
flaky:
  stage: build
  script: [echo trying, exit 3]
  allow_failure: true
tolerated:
  stage: build
  script: exit 4
  allow_failure: { exit_codes: [4] }
test:
  stage: test
  script: echo tests
  after_script: [echo "after with $CI_JOB_STATUS"]
on_fail:
  stage: deploy
  script: echo never
  when: on_failure
cleanup:
  stage: deploy
  script: echo cleanup
  when: always
`);
    expect(pipeline.status).toBe('success');
    expect(pipeline.detailed_status).toMatchObject({
      text: 'passed',
      label: 'passed with warnings',
      group: 'success-with-warnings',
    });
    expect(jobs.get('flaky')).toMatchObject({
      status: 'failed',
      allow_failure: true,
      failure_reason: 'script_failure',
    });
    expect(jobs.get('tolerated')).toMatchObject({ status: 'failed', allow_failure: true });
    expect(jobs.get('test')!.status).toBe('success');
    expect(jobs.get('on_fail')!.status).toBe('skipped');
    expect(jobs.get('cleanup')!.status).toBe('success');
    expect(await jobTrace(t, project.id, jobs.get('flaky')!.id)).toContain('ERROR: Job failed: exit code 3');
    expect(await jobTrace(t, project.id, jobs.get('test')!.id)).toContain('after with success');
  });

  it('fails the pipeline on a failure, skipping later stages and running on_failure jobs', async () => {
    const { pipeline, jobs } = await runConfig(`
build:
  stage: build
  script: [echo building, "false", echo unreachable]
test:
  stage: test
  script: echo never
notify:
  stage: deploy
  script: echo notify
  when: on_failure
`);
    expect(pipeline.status).toBe('failed');
    expect(jobs.get('build')).toMatchObject({ status: 'failed', failure_reason: 'script_failure' });
    expect(jobs.get('test')!.status).toBe('skipped');
    expect(jobs.get('notify')!.status).toBe('success');
  });

  it('blocks on a manual job until it is played', async () => {
    const project = await createProject(t);
    await commitFile(
      t,
      project.id,
      '.gitlab-ci.yml',
      `
build:
  stage: build
  script: echo build
gate:
  stage: test
  script: echo "played by $GITLAB_USER_LOGIN manual=$CI_JOB_MANUAL"
  when: manual
  allow_failure: false
deploy:
  stage: deploy
  script: echo deploy
`,
    );
    const created = (await latestPipeline(t, project.id))!;
    const blocked = await waitForPipeline(t, project.id, created.id, ['manual']);
    expect(blocked.detailed_status).toMatchObject({ text: 'blocked', group: 'manual' });
    let jobs = await pipelineJobs(t, project.id, created.id);
    expect(jobs.get('gate')!.status).toBe('manual');
    expect(jobs.get('deploy')!.status).toBe('created');
    const played = await t.api<JobJson>('POST', `/projects/${project.id}/jobs/${jobs.get('gate')!.id}/play`);
    expect(played.status).toBe(200);
    expect(['pending', 'running']).toContain(played.body.status);
    const done = await waitForPipeline(t, project.id, created.id, ['success', 'failed']);
    expect(done.status).toBe('success');
    jobs = await pipelineJobs(t, project.id, created.id);
    expect(jobs.get('deploy')!.status).toBe('success');
    expect(await jobTrace(t, project.id, jobs.get('gate')!.id)).toContain('played by root manual=true');
  });

  it('passes over an optional manual job', async () => {
    const { pipeline, jobs } = await runConfig(
      'build:\n  script: echo b\nmaybe:\n  stage: deploy\n  script: echo m\n  when: manual\n',
    );
    expect(pipeline.status).toBe('success');
    expect(jobs.get('maybe')).toMatchObject({ status: 'manual', allow_failure: true });
  });

  it('cancels a long job: the job and pipeline are canceled and its processes are gone', async () => {
    const project = await createProject(t);
    await commitFile(
      t,
      project.id,
      '.gitlab-ci.yml',
      `
long:
  script:
    - echo "SHELL $$"
    - sleep 30 &
    - echo "CHILD $!"
    - wait
after:
  stage: deploy
  script: echo never
`,
    );
    const created = (await latestPipeline(t, project.id))!;
    const job = await waitForJob(t, project.id, created.id, 'long', ['running']);
    const trace = await eventually('the pids in the trace', async () => {
      const text = await jobTrace(t, project.id, job.id);
      return /CHILD \d+/.test(text) ? text : undefined;
    });
    expect(trace).toMatch(/SHELL \d+/);
    const pids = jobProcesses(t.dataDir, job.id);
    expect(pids.filter(processAlive).length).toBeGreaterThanOrEqual(2);
    const res = await t.api<{ status: string }>(
      'POST',
      `/projects/${project.id}/pipelines/${created.id}/cancel`,
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('canceled');
    await eventually('processes to be gone', async () => (!pids.some(processAlive) ? true : undefined), 5000);
    const jobs = await pipelineJobs(t, project.id, created.id);
    expect(jobs.get('long')!.status).toBe('canceled');
    expect(jobs.get('after')!.status).toBe('canceled');
    const after = await waitForPipeline(t, project.id, created.id, ['canceled']);
    expect(after.finished_at).not.toBeNull();
    await eventually('the runner to let go of the job', async () =>
      (await t.api<JobJson>('GET', `/projects/${project.id}/jobs/${job.id}`)).body.finished_at
        ? true
        : undefined,
    );
  });

  it('fails a job that runs past its timeout', async () => {
    const started = Date.now();
    const { project, pipeline, jobs } = await runConfig(
      'slow:\n  timeout: 1s\n  script:\n    - echo start\n    - sleep 30\n',
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(pipeline.status).toBe('failed');
    expect(jobs.get('slow')).toMatchObject({ status: 'failed', failure_reason: 'job_execution_timeout' });
    expect(await jobTrace(t, project.id, jobs.get('slow')!.id)).toContain(
      'ERROR: Job failed: execution took longer than 1s seconds',
    );
  });

  it('retries a failing job automatically up to retry:max', async () => {
    const { project, pipeline } = await runConfig('flaky:\n  retry: 1\n  script: [echo "attempt", exit 1]\n');
    expect(pipeline.status).toBe('failed');
    const all = await t.api<JobJson[]>(
      'GET',
      `/projects/${project.id}/pipelines/${pipeline.id}/jobs?include_retried=true`,
    );
    expect(all.body.map((j) => j.status)).toEqual(['failed', 'failed']);
    const current = await t.api<JobJson[]>('GET', `/projects/${project.id}/pipelines/${pipeline.id}/jobs`);
    expect(current.body).toHaveLength(1);
    expect(current.body[0]!.id).toBe(Math.max(...all.body.map((j) => j.id)));
  });

  it('reads coverage from the trace and averages it on the pipeline', async () => {
    const { pipeline, jobs } = await runConfig(`
a:
  coverage: '/Coverage: \\d+\\.\\d+%/'
  script:
    - 'echo "Coverage: 10.00%"'
    - 'echo "Coverage: 80.50%"'
b:
  coverage: '/lines \\((\\d+)%\\)/'
  script: echo "lines (60%)"
`);
    expect(jobs.get('a')!.coverage).toBe(80.5);
    expect(jobs.get('b')!.coverage).toBe(60);
    expect(pipeline.coverage).toBe('70.25');
  });

  it('turns JUnit reports into the exact test report', async () => {
    const junit = `<?xml version="1.0"?>
<testsuites>
  <testsuite name="calc">
    <testcase classname="calc.Add" name="adds" time="0.5"/>
    <testcase classname="calc.Add" name="carries" time="0.25"/>
    <testcase classname="calc.Div" name="by zero" time="0.125"><failure message="div">Expected Infinity
  at div.test.js:3</failure></testcase>
    <testcase classname="calc.Div" name="rounds" time="1"><error message="TypeError: x">trace</error></testcase>
    <testcase classname="calc.Mul" name="later"><skipped/></testcase>
  </testsuite>
</testsuites>`;
    const indented = junit
      .split('\n')
      .map((l) => `      ${l}`)
      .join('\n');
    const { project, pipeline, jobs } = await runConfig(`
unit:
  script:
    - mkdir -p reports
    - |
      cat > reports/unit.xml <<'XML'
${indented}
      XML
  artifacts:
    when: always
    reports:
      junit: reports/*.xml
other:
  script:
    - echo '<testsuite><testcase classname="o" name="ok" time="2"/></testsuite>' > o.xml
    - exit 1
  allow_failure: true
  artifacts: { reports: { junit: o.xml } }
`);
    expect(pipeline.status).toBe('success');
    const report = await t.api<{
      total_time: number;
      total_count: number;
      success_count: number;
      failed_count: number;
      skipped_count: number;
      error_count: number;
      test_suites: {
        name: string;
        total_count: number;
        test_cases: {
          name: string;
          status: string;
          execution_time: number;
          system_output: string | null;
          classname: string;
        }[];
      }[];
    }>('GET', `/projects/${project.id}/pipelines/${pipeline.id}/test_report`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      total_time: 3.875,
      total_count: 6,
      success_count: 3,
      failed_count: 1,
      skipped_count: 1,
      error_count: 1,
    });
    const unit = report.body.test_suites.find((s) => s.name === 'unit')!;
    expect(unit).toMatchObject({
      total_count: 5,
      success_count: 2,
      failed_count: 1,
      skipped_count: 1,
      error_count: 1,
      total_time: 1.875,
    });
    expect(unit.test_cases.find((c) => c.name === 'by zero')).toMatchObject({
      status: 'failed',
      classname: 'calc.Div',
      execution_time: 0.125,
      system_output: 'Expected Infinity\n  at div.test.js:3',
    });
    expect(report.body.test_suites.find((s) => s.name === 'other')!.total_count).toBe(1);
    const unitJob = jobs.get('unit')!;
    expect(unitJob.artifacts.map((a) => a.file_type).sort()).toEqual(['junit', 'trace']);
  });
});

describe('variables', () => {
  it('masks masked instance variables, also when split across output chunks', async () => {
    const secret = 'Sup3rS3cretValue_42';
    const res = await t.api('POST', '/admin/ci/variables', {
      json: { key: 'MASKED_TOKEN', value: secret, masked: true },
    });
    expect(res.status).toBe(201);
    try {
      const { project, jobs } = await runConfig(`
leak:
  script:
    - echo "token=$MASKED_TOKEN"
    - printf '%s' "\${MASKED_TOKEN:0:7}"; sleep 0.2; printf '%s\\n' "\${MASKED_TOKEN:7}"
    - test "$MASKED_TOKEN" = "${secret}"
`);
      expect(jobs.get('leak')!.status).toBe('success');
      const trace = await jobTrace(t, project.id, jobs.get('leak')!.id);
      expect(trace).not.toContain(secret);
      expect(trace).toContain('token=[MASKED]');
      expect(trace.split('[MASKED]').length - 1).toBeGreaterThanOrEqual(2);
    } finally {
      await t.api('DELETE', '/admin/ci/variables/MASKED_TOKEN');
    }
  });

  it('gives protected variables only to protected refs, and writes file variables to files', async () => {
    await t.api('POST', '/admin/ci/variables', {
      json: { key: 'PROT_ONLY', value: 'prod-value', protected: true },
    });
    await t.api('POST', '/admin/ci/variables', {
      json: { key: 'KUBE_FILE', value: 'apiVersion: v1\nkind: Config\n', variable_type: 'file' },
    });
    try {
      const project = await createProject(t);
      expect(
        (await t.api('POST', `/projects/${project.id}/protected_branches`, { json: { name: 'main' } }))
          .status,
      ).toBe(201);
      const yaml = `
show:
  script:
    - echo "prot=\${PROT_ONLY:-absent}"
    - test -f "$KUBE_FILE" && echo "file at $KUBE_FILE" && cat "$KUBE_FILE"
    - cat "$EXTRA_FILE"
`;
      await commitFile(t, project.id, '.gitlab-ci.yml', yaml);
      const onMain = await t.api<{ id: number }>('POST', `/projects/${project.id}/pipeline`, {
        json: {
          ref: 'main',
          variables: [{ key: 'EXTRA_FILE', value: 'from the API', variable_type: 'file' }],
        },
      });
      expect(onMain.status).toBe(201);
      await waitForPipeline(t, project.id, onMain.body.id);
      const mainJob = (await pipelineJobs(t, project.id, onMain.body.id)).get('show')!;
      const mainTrace = await jobTrace(t, project.id, mainJob.id);
      expect(mainJob.status).toBe('success');
      expect(mainTrace).toContain('prot=prod-value');
      expect(mainTrace).toMatch(/file at \/.+KUBE_FILE/);
      expect(mainTrace).toContain('kind: Config');
      expect(mainTrace).toContain('from the API');

      await t.api('POST', `/projects/${project.id}/repository/branches`, {
        json: { branch: 'feature', ref: 'main' },
      });
      await t.core.idle();
      const onFeature = await latestPipeline(t, project.id);
      expect(onFeature!.ref).toBe('feature');
      await waitForPipeline(t, project.id, onFeature!.id);
      const featureJob = (await pipelineJobs(t, project.id, onFeature!.id)).get('show')!;
      expect(featureJob.status).toBe('failed');
      expect(await jobTrace(t, project.id, featureJob.id)).toContain('prot=absent');
    } finally {
      await t.api('DELETE', '/admin/ci/variables/PROT_ONLY');
      await t.api('DELETE', '/admin/ci/variables/KUBE_FILE');
    }
  });
});

describe('configuration problems and skips', () => {
  it('stores a failed pipeline with yaml_errors for an invalid configuration', async () => {
    const project = await createProject(t);
    await commitFile(t, project.id, '.gitlab-ci.yml', 'build:\n  script: make\n  foo: bar\n');
    const p = (await latestPipeline(t, project.id))!;
    expect(p.status).toBe('failed');
    expect(p.yaml_errors).toBe('jobs:build config contains unknown keys: foo');
    expect(await pipelineJobs(t, project.id, p.id)).toEqual(new Map());

    await commitFile(t, project.id, '.gitlab-ci.yml', 'build:\n  script: [oops\n');
    const syntax = (await latestPipeline(t, project.id))!;
    expect(syntax.status).toBe('failed');
    expect(syntax.yaml_errors).toMatch(/^\(<unknown>\): /);
    const list = await t.api<{ id: number }[]>('GET', `/projects/${project.id}/pipelines?yaml_errors=true`);
    expect(list.body.map((x) => x.id)).toEqual([syntax.id, p.id]);
  });

  it('stores a skipped pipeline without jobs for [skip ci] and [ci skip]', async () => {
    const project = await createProject(t);
    await commitFile(t, project.id, '.gitlab-ci.yml', 'job:\n  script: echo hi\n', {
      message: 'Add CI [skip ci]',
    });
    const p = (await latestPipeline(t, project.id))!;
    expect(p.status).toBe('skipped');
    expect(await pipelineJobs(t, project.id, p.id)).toEqual(new Map());
    await commitFile(t, project.id, 'x.txt', 'x', { message: 'Docs\n\n[ci skip]' });
    expect((await latestPipeline(t, project.id))!.status).toBe('skipped');
  });

  it('creates no pipeline without a configuration, or when no job matches', async () => {
    const project = await createProject(t);
    await commitFile(t, project.id, 'x.txt', 'x');
    expect(await latestPipeline(t, project.id)).toBeNull();
    await commitFile(t, project.id, '.gitlab-ci.yml', 'job:\n  script: x\n  only: [tags]\n');
    expect(await latestPipeline(t, project.id)).toBeNull();
  });

  it('creates tag pipelines on tag creation and evaluates changes against the previous commit', async () => {
    const project = await createProject(t);
    await commitFile(
      t,
      project.id,
      '.gitlab-ci.yml',
      `
docs:
  script: echo docs
  rules:
    - changes: [docs/**/*]
tag_job:
  script: echo "tag $CI_COMMIT_TAG"
  rules:
    - if: $CI_COMMIT_TAG
always:
  script: echo always
`,
    );
    const first = (await latestPipeline(t, project.id))!;
    expect([...(await pipelineJobs(t, project.id, first.id)).keys()]).toEqual(['always']);
    await commitFile(t, project.id, 'docs/guide.md', '# Guide');
    const docs = (await latestPipeline(t, project.id))!;
    expect([...(await pipelineJobs(t, project.id, docs.id)).keys()].sort()).toEqual(['always', 'docs']);
    expect(docs.before_sha).toBe(first.sha);
    const tag = await t.api('POST', `/projects/${project.id}/repository/tags`, {
      json: { tag_name: 'v1.0', ref: 'main' },
    });
    expect(tag.status).toBe(201);
    await t.core.idle();
    const tagged = (await latestPipeline(t, project.id))!;
    expect(tagged).toMatchObject({ ref: 'v1.0', tag: true });
    expect([...(await pipelineJobs(t, project.id, tagged.id)).keys()].sort()).toEqual([
      'always',
      'docs',
      'tag_job',
    ]);
    const done = await waitForPipeline(t, project.id, tagged.id);
    const tagJob = (await pipelineJobs(t, project.id, done.id)).get('tag_job')!;
    expect(await jobTrace(t, project.id, tagJob.id)).toContain('tag v1.0');
  });
});

describe('crash safety', () => {
  it('fails jobs interrupted by close() and finishes their pipelines', async () => {
    const t2 = await startTestCore();
    let t3: TestCore | null = null;
    try {
      const project = await createProject(t2);
      await commitFile(
        t2,
        project.id,
        '.gitlab-ci.yml',
        'long:\n  script: [echo "SHELL $$", sleep 30]\nnext:\n  stage: deploy\n  script: echo x\n',
      );
      const p = (await latestPipeline(t2, project.id))!;
      const job = await waitForJob(t2, project.id, p.id, 'long', ['running']);
      const trace = await eventually('the shell pid', async () => {
        const text = await jobTrace(t2, project.id, job.id);
        return /SHELL \d+/.test(text) ? text : undefined;
      });
      expect(trace).toMatch(/SHELL \d+/);
      const pids = jobProcesses(t2.dataDir, job.id);
      expect(pids.length).toBeGreaterThan(0);
      await t2.stop();
      expect(pids.filter(processAlive)).toEqual([]);
      t3 = await startTestCore({ dataDir: t2.dataDir });
      const jobs = await pipelineJobs(t3, project.id, p.id);
      expect(jobs.get('long')).toMatchObject({ status: 'failed', failure_reason: 'runner_system_failure' });
      expect(jobs.get('next')!.status).toBe('skipped');
      expect(
        (await t3.api<{ status: string }>('GET', `/projects/${project.id}/pipelines/${p.id}`)).body.status,
      ).toBe('failed');
      expect(await jobTrace(t3, project.id, job.id)).toContain(
        'The job was interrupted when Outpost stopped',
      );
    } finally {
      if (t3) await t3.close();
      else await t2.close();
    }
  });

  it('recovers jobs a crashed process left running, and runs pending ones', async () => {
    const t2 = await startTestCore();
    let t3: TestCore | null = null;
    try {
      const project = await createProject(t2);
      await commitFile(
        t2,
        project.id,
        '.gitlab-ci.yml',
        'a:\n  script: echo a\nb:\n  script: echo b\nc:\n  stage: deploy\n  script: echo c\n',
      );
      const p = (await latestPipeline(t2, project.id))!;
      await waitForPipeline(t2, project.id, p.id);
      await t2.stop();
      // Simulate a crash in the middle: `a` running, `b` pending, `c` waiting, the pipeline running.
      const db = openCoreDatabase(t2.dataDir, { writable: true });
      const ids = db.prepare('SELECT id, name FROM ci_jobs WHERE pipeline_id = ? ORDER BY id').all(p.id) as {
        id: number;
        name: string;
      }[];
      const id = (n: string) => ids.find((j) => j.name === n)!.id;
      db.prepare(
        `UPDATE ci_jobs SET status = 'running', finished_at = NULL, pid = 999999, marker = 'x' WHERE id = ?`,
      ).run(id('a'));
      db.prepare(
        `UPDATE ci_jobs SET status = 'pending', started_at = NULL, finished_at = NULL, trace_path = NULL WHERE id = ?`,
      ).run(id('b'));
      db.prepare(
        `UPDATE ci_jobs SET status = 'created', started_at = NULL, finished_at = NULL, trace_path = NULL WHERE id = ?`,
      ).run(id('c'));
      db.prepare(`UPDATE ci_pipelines SET status = 'running', finished_at = NULL WHERE id = ?`).run(p.id);
      db.close();
      t3 = await startTestCore({ dataDir: t2.dataDir });
      const done = await waitForPipeline(t3, project.id, p.id, ['failed', 'success']);
      expect(done.status).toBe('failed');
      const jobs = await pipelineJobs(t3, project.id, p.id);
      expect(jobs.get('a')).toMatchObject({ status: 'failed', failure_reason: 'runner_system_failure' });
      expect(jobs.get('b')!.status).toBe('success');
      expect(jobs.get('c')!.status).toBe('skipped');
      const running = await t3.api<unknown[]>('GET', `/projects/${project.id}/jobs?scope=running`);
      expect(running.body).toEqual([]);
      expect(path.isAbsolute(t3.dataDir)).toBe(true);
    } finally {
      if (t3) await t3.close();
      else await t2.close();
    }
  });
});
