/**
 * Contract test for the built-in runner (issue 28): `GET /runners/all`, `GET /runners/1` and `PUT
 * /runners/1` validated against GitLab's runner.json (spec/fixtures/api/schemas/public_api/v4). The schema
 * predates `paused` (GitLab 14.8, doc/api/runners.md) and `runner_type`, and has none of the details
 * fields, so it is used open (extra fields allowed); every field it declares must be present with GitLab's
 * type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { loadSchemaOracle } from './schema-oracle.js';

const RUNNER = 'spec/fixtures/api/schemas/public_api/v4/runner.json';
const oracle = loadSchemaOracle();

function expectValid(body: unknown): void {
  const validate = oracle.validator(RUNNER, { open: true });
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
}

describe('GitLab response schemas: runners', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => {
    await t.close();
  });

  it('list, details and update answers are GitLab runners', async () => {
    const all = await t.api<unknown[]>('GET', '/runners/all');
    expect(all.body).toHaveLength(1);
    expectValid(all.body[0]);
    expectValid((await t.api('GET', '/runners/1')).body);
    expectValid((await t.api('PUT', '/runners/1', { json: { description: 'schema check' } })).body);
  });
});
