/**
 * Contract tests for deployments and environments: responses of the embedded core validated against
 * GitLab's own response schemas (see gitlab-schemas/INDEX.md). No relaxation is needed: deployment.json
 * (lenient) with `deployable: null`, environment.json (strict; its `project` is project.json, strict,
 * which BasicProjectDetails satisfies; its `last_deployment` is deployment.json) and basic_environment.json
 * (strict, the `environment` embedded in a deployment, with the created_at/updated_at today's schema
 * requires) all pass as they are. Deployments of CI jobs (deployable → job.json, strict, also unrelaxed)
 * are checked in test/api/deployments.test.ts, which runs a real pipeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { loadSchemaOracle } from './schema-oracle.js';

const V4 = 'spec/fixtures/api/schemas/public_api/v4';
const oracle = loadSchemaOracle();

function expectValid(file: string, body: unknown): void {
  const validate = oracle.validator(file);
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
}

describe('GitLab response schemas: deployments and environments', () => {
  let t: TestCore;
  let p: ImportedProject;
  let deployment: { id: number; environment: { id: number } };

  beforeAll(async () => {
    t = await startTestCore();
    p = await importFixtureProject(t, 'Contract Deploys', { visibility: 'public' });
    const res = await t.api<typeof deployment>('POST', `/projects/${p.id}/deployments`, {
      json: { environment: 'production', sha: p.trunk[2], ref: 'trunk', tag: false, status: 'running' },
    });
    expect(res.status).toBe(201);
    deployment = res.body;
  });
  afterAll(async () => t.close());

  it('deployment.json: POST, GET, PUT and list items; basic_environment.json: their environment', async () => {
    const single = await t.api<{ environment: unknown }>(
      'GET',
      `/projects/${p.id}/deployments/${deployment.id}`,
    );
    expectValid(`${V4}/deployment.json`, single.body);
    expectValid(`${V4}/basic_environment.json`, single.body.environment);
    const put = await t.api('PUT', `/projects/${p.id}/deployments/${deployment.id}`, {
      json: { status: 'success' },
    });
    expect(put.status).toBe(200);
    expectValid(`${V4}/deployment.json`, put.body);
    const created = await t.api('POST', `/projects/${p.id}/deployments`, {
      json: { environment: 'review/x', sha: p.featureHead, ref: 'feature', tag: false, status: 'created' },
    });
    expectValid(`${V4}/deployment.json`, created.body);
    const list = await t.api<{ environment: unknown }[]>('GET', `/projects/${p.id}/deployments`);
    expect(list.body.length).toBe(2);
    for (const d of list.body) {
      expectValid(`${V4}/deployment.json`, d);
      expectValid(`${V4}/basic_environment.json`, d.environment);
    }
  });

  it('environment.json: GET single with and without last_deployment, list items, POST, PUT, stop', async () => {
    const env = deployment.environment.id;
    const withLast = await t.api<{ last_deployment: unknown }>(
      'GET',
      `/projects/${p.id}/environments/${env}`,
    );
    expect(withLast.body.last_deployment).not.toBeNull();
    expectValid(`${V4}/environment.json`, withLast.body);
    const posted = await t.api<{ id: number }>('POST', `/projects/${p.id}/environments`, {
      json: { name: 'staging', external_url: 'https://staging.example.com', tier: 'staging' },
    });
    expect(posted.status).toBe(201);
    expectValid(`${V4}/environment.json`, posted.body);
    expectValid(
      `${V4}/environment.json`,
      (await t.api('GET', `/projects/${p.id}/environments/${posted.body.id}`)).body,
    );
    const put = await t.api('PUT', `/projects/${p.id}/environments/${posted.body.id}`, {
      json: { external_url: '' },
    });
    expectValid(`${V4}/environment.json`, put.body);
    const stopped = await t.api('POST', `/projects/${p.id}/environments/${posted.body.id}/stop`);
    expectValid(`${V4}/environment.json`, stopped.body);
    const list = await t.api<unknown[]>('GET', `/projects/${p.id}/environments`);
    expect(list.body.length).toBe(3);
    for (const e of list.body) expectValid(`${V4}/environment.json`, e);
  });
});
