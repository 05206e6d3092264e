/**
 * Contract tests for branches, tags, tag releases and protected branches: responses of the embedded core
 * validated against GitLab's own response schemas (see gitlab-schemas/INDEX.md). No relaxation is
 * needed: branch.json, tag.json and tag_release.json are strict and pass as they are. Two fields the core
 * sends are newer than 13.10 but allowed or required by today's schemas: the tag's `created_at` (16.11,
 * allowed by tag.json) and the access entries' `id` (required by entities/protected_ref_access.json).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { loadSchemaOracle } from './schema-oracle.js';

const V4 = 'spec/fixtures/api/schemas/public_api/v4';
const SCHEMAS = 'spec/fixtures/api/schemas';
const oracle = loadSchemaOracle();

function expectValid(file: string, body: unknown): void {
  const validate = oracle.validator(file);
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
}

describe('GitLab response schemas: branches, tags, protected branches', () => {
  let t: TestCore;
  let p: ImportedProject;
  let repo: string;

  beforeAll(async () => {
    t = await startTestCore();
    // The test protects `trunk` itself (helpers/default-branch-protection.ts).
    await unprotectNewDefaultBranches(t);
    p = await importFixtureProject(t, 'Contract Refs', { visibility: 'public' });
    repo = `/projects/${p.id}/repository`;
    const dev = await createUserWithToken(t);
    await addProjectMember(t, p.id, dev.id, 30);
    const protectedRes = await t.api('POST', `/projects/${p.id}/protected_branches`, {
      json: { name: 'trunk', push_access_level: 30, allowed_to_merge: [{ user_id: dev.id }] },
    });
    expect(protectedRes.status).toBe(201);
  });
  afterAll(async () => t.close());

  it('branch.json: GET single (default, protected) and POST', async () => {
    const single = await t.api('GET', `${repo}/branches/trunk`);
    expect(single.status).toBe(200);
    expectValid(`${V4}/branch.json`, single.body);
    const created = await t.api('POST', `${repo}/branches`, {
      json: { branch: 'contract/x', ref: 'feature' },
    });
    expect(created.status).toBe(201);
    expectValid(`${V4}/branch.json`, created.body);
  });

  it('branches.json: GET list, as a member and anonymously', async () => {
    const list = await t.api<unknown[]>('GET', `${repo}/branches`);
    expect(list.body.length).toBeGreaterThan(1);
    expectValid(`${V4}/branches.json`, list.body);
    expectValid(`${V4}/branches.json`, (await t.api('GET', `${repo}/branches`, { token: null })).body);
  });

  it('tag.json: annotated, lightweight, with release; POST responses', async () => {
    expectValid(`${V4}/tag.json`, (await t.api('GET', `${repo}/tags/v1.0`)).body);
    const light = await t.api('POST', `${repo}/tags`, { json: { tag_name: 'light', ref: 'feature' } });
    expect(light.status).toBe(201);
    expectValid(`${V4}/tag.json`, light.body);
    const annotated = await t.api('POST', `${repo}/tags`, {
      json: { tag_name: 'v2.0', ref: 'trunk', message: 'Two', release_description: 'Notes' },
    });
    expect(annotated.status).toBe(201);
    expect((annotated.body as { release: unknown }).release).not.toBeNull();
    expectValid(`${V4}/tag.json`, annotated.body);
  });

  it('tags.json: GET list', async () => {
    const list = await t.api<unknown[]>('GET', `${repo}/tags`);
    expect(list.body.length).toBeGreaterThan(1);
    expectValid(`${V4}/tags.json`, list.body);
  });

  it('release/tag_release.json: POST and PUT tag release', async () => {
    const created = await t.api('POST', `${repo}/tags/light/release`, {
      json: { description: 'Light notes' },
    });
    expect(created.status).toBe(201);
    expectValid(`${V4}/release/tag_release.json`, created.body);
    const updated = await t.api('PUT', `${repo}/tags/light/release`, { json: { description: 'Better' } });
    expect(updated.status).toBe(200);
    expectValid(`${V4}/release/tag_release.json`, updated.body);
  });

  it('protected_branch.json: GET, POST (wildcard, every kind) and PATCH', async () => {
    expectValid(
      `${SCHEMAS}/protected_branch.json`,
      (await t.api('GET', `/projects/${p.id}/protected_branches/trunk`)).body,
    );
    const created = await t.api('POST', `/projects/${p.id}/protected_branches`, {
      json: { name: 'release/*', push_access_level: 0, merge_access_level: 30, unprotect_access_level: 60 },
    });
    expect(created.status).toBe(201);
    expectValid(`${SCHEMAS}/protected_branch.json`, created.body);
    const patched = await t.api('PATCH', `/projects/${p.id}/protected_branches/release%2F%2A`, {
      json: { allow_force_push: true, allowed_to_push: [{ access_level: 40 }] },
    });
    expect(patched.status).toBe(200);
    expectValid(`${SCHEMAS}/protected_branch.json`, patched.body);
  });

  it('protected_branches.json: GET list', async () => {
    const list = await t.api<unknown[]>('GET', `/projects/${p.id}/protected_branches`);
    expect(list.body.length).toBe(2);
    expectValid(`${SCHEMAS}/protected_branches.json`, list.body);
    for (const rule of list.body as { push_access_levels: unknown[] }[])
      for (const entry of rule.push_access_levels)
        expectValid(`${SCHEMAS}/entities/protected_ref_access.json`, entry);
  });
});
