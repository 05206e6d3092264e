/**
 * Contract tests: responses of the embedded core validated against GitLab's own response schemas.
 * Relaxations are the ones ../INDEX.md documents for fields newer than the v4 contract we follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { loadSchemaOracle } from './schema-oracle.js';

const V4 = 'spec/fixtures/api/schemas/public_api/v4';
const oracle = loadSchemaOracle();

function expectValid(file: string, body: unknown, relax?: { required?: string[]; open?: boolean }): void {
  const validate = oracle.validator(file, relax);
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
}

describe('GitLab response schemas', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it('GET /user as an administrator matches user/admin.json', async () => {
    const res = await t.api('GET', '/user');
    expectValid(`${V4}/user/admin.json`, res.body);
  });

  it('GET /user as a regular user matches user/public.json', async () => {
    const u = await createUserWithToken(t);
    const res = await t.api('GET', '/user', { token: u.token });
    expectValid(`${V4}/user/public.json`, res.body);
    expect(res.body).not.toHaveProperty('is_admin');
  });

  it('GET /users items and embedded members match user/basics.json', async () => {
    const res = await t.api('GET', '/users');
    expectValid(`${V4}/user/basics.json`, res.body);
  });

  it('GET /projects?simple=true items match the strict project.json', async () => {
    await t.api('POST', '/projects', { json: { name: 'Contract', initialize_with_readme: true } });
    const res = await t.api<unknown[]>('GET', '/projects?simple=true');
    expect(res.body.length).toBeGreaterThan(0);
    for (const p of res.body) expectValid(`${V4}/project.json`, p);
  });

  it('GET /projects/:id carries every field project.json requires (plus the full-entity extras)', async () => {
    const created = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Contract full' } });
    const res = await t.api('GET', `/projects/${created.body.id}`);
    expectValid(`${V4}/project.json`, res.body, { open: true });
  });
});
