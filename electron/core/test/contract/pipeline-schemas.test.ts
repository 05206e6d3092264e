/**
 * Contract tests for pipelines and jobs: responses of the embedded core validated against GitLab's own
 * response schemas (gitlab-schemas/INDEX.md). pipeline/basic.json, pipelines.json and pipeline/detail.json
 * (with the strict status/ci_detailed_status.json) pass as they are; job.json (strict) passes as is for
 * jobs that did not fail, and with `additionalProperties` relaxed for failed ones, which carry
 * `failure_reason` (GitLab exposes it only for failed jobs; its fixture has none). Test cases of the test
 * report pass the strict entities/test_case.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitFile,
  createProject,
  latestPipeline,
  pipelineJobs,
  waitForPipeline,
} from '../helpers/pipelines.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { loadSchemaOracle } from './schema-oracle.js';

const V4 = 'spec/fixtures/api/schemas/public_api/v4';
const oracle = loadSchemaOracle();

function expectValid(file: string, body: unknown, relax?: { required?: string[]; open?: boolean }): void {
  const validate = oracle.validator(file, relax);
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
}

describe('GitLab response schemas: pipelines and jobs', () => {
  let t: TestCore;
  let projectId: number;
  let pipelineId: number;

  beforeAll(async () => {
    t = await startTestCore();
    const p = await createProject(t);
    projectId = p.id;
    await commitFile(
      t,
      p.id,
      '.gitlab-ci.yml',
      `
unit:
  script:
    - echo '<testsuite><testcase classname="a" name="ok" time="0.5"/><testcase classname="a" name="bad"><failure>x</failure></testcase></testsuite>' > r.xml
  artifacts: { reports: { junit: r.xml } }
broken:
  script: exit 1
  allow_failure: true
manual:
  stage: deploy
  script: echo later
  when: manual
`,
    );
    pipelineId = (await latestPipeline(t, p.id))!.id;
    await waitForPipeline(t, p.id, pipelineId);
  });

  afterAll(async () => {
    await t.close();
  });

  it('pipeline list and single forms', async () => {
    const list = await t.api('GET', `/projects/${projectId}/pipelines`);
    expectValid(`${V4}/pipelines.json`, list.body);
    const one = await t.api('GET', `/projects/${projectId}/pipelines/${pipelineId}`);
    expectValid(`${V4}/pipeline/detail.json`, one.body);
    const created = await t.api('POST', `/projects/${projectId}/pipeline`, { json: { ref: 'main' } });
    expect(created.status).toBe(201);
    expectValid(`${V4}/pipeline/detail.json`, created.body);
    await waitForPipeline(t, projectId, (created.body as { id: number }).id);
  });

  it('jobs, single and listed', async () => {
    const jobs = await pipelineJobs(t, projectId, pipelineId);
    for (const name of ['unit', 'manual']) {
      const one = await t.api('GET', `/projects/${projectId}/jobs/${jobs.get(name)!.id}`);
      expectValid(`${V4}/job.json`, one.body);
    }
    const failed = await t.api('GET', `/projects/${projectId}/jobs/${jobs.get('broken')!.id}`);
    expectValid(`${V4}/job.json`, failed.body, { open: true });
    const list = await t.api<unknown[]>('GET', `/projects/${projectId}/pipelines/${pipelineId}/jobs`);
    for (const item of list.body) expectValid(`${V4}/job.json`, item, { open: true });
  });

  it('test report cases', async () => {
    const report = await t.api<{ test_suites: { test_cases: unknown[] }[] }>(
      'GET',
      `/projects/${projectId}/pipelines/${pipelineId}/test_report`,
    );
    const cases = report.body.test_suites.flatMap((s) => s.test_cases);
    expect(cases).toHaveLength(2);
    for (const c of cases) expectValid('spec/fixtures/api/schemas/entities/test_case.json', c);
  });
});
