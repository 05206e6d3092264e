/**
 * `default_branch_protection_defaults` over real HTTP (doc/api/settings.md: the 17.0 object form of the
 * deprecated `default_branch_protection`; presets of GitLab's Gitlab::Access::BranchProtection#to_hash,
 * lib/gitlab/access/branch_protection.rb). GET serves both forms in step; a PUT of either form changes
 * both, and the object form takes effect on the next new project's default branch; an object that matches
 * none of the five levels is refused with 400 and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface Settings {
  default_branch_protection: number;
  default_branch_protection_defaults: {
    allowed_to_push: { access_level: number }[];
    allowed_to_merge: { access_level: number }[];
    allow_force_push: boolean;
    developer_can_initial_push: boolean;
  };
}

const defaults = (push: number, merge: number, force: boolean, initial = false) => ({
  allowed_to_push: [{ access_level: push }],
  allowed_to_merge: [{ access_level: merge }],
  allow_force_push: force,
  developer_can_initial_push: initial,
});

describe('default_branch_protection_defaults (GitLab 17.0 form)', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async () => (await t.api<Settings>('GET', '/application/settings')).body;

  it('GET serves the object of the stored level (default 2: fully protected)', async () => {
    const settings = await read();
    expect(settings.default_branch_protection).toBe(2);
    expect(settings.default_branch_protection_defaults).toEqual(defaults(40, 40, false));
  });

  it('PUT of the integer changes the object', async () => {
    const res = await t.api<Settings>('PUT', '/application/settings', {
      json: { default_branch_protection: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body.default_branch_protection_defaults).toEqual(defaults(30, 30, true));
    expect((await read()).default_branch_protection_defaults).toEqual(defaults(30, 30, true));
  });

  it('PUT of the object changes the integer, and the next project is protected by it', async () => {
    const res = await t.api<Settings>('PUT', '/application/settings', {
      json: { default_branch_protection_defaults: defaults(40, 30, false) },
    });
    expect(res.status).toBe(200);
    expect(res.body.default_branch_protection).toBe(3);
    expect((await read()).default_branch_protection).toBe(3);

    const project = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'Defaults object', initialize_with_readme: true },
    });
    expect(project.status).toBe(201);
    const rules = await t.api<
      { push_access_levels: { access_level: number }[]; merge_access_levels: { access_level: number }[] }[]
    >('GET', `/projects/${project.body.id}/protected_branches`);
    expect(
      rules.body.map((rule) => [
        rule.push_access_levels[0]?.access_level,
        rule.merge_access_levels[0]?.access_level,
      ]),
    ).toEqual([[40, 30]]);
  });

  it('accepts the bracket form of a form-encoded body (developer_can_initial_push: level 4)', async () => {
    const res = await t.api<Settings>('PUT', '/application/settings', {
      form: [
        ['default_branch_protection_defaults[allowed_to_push][][access_level]', '40'],
        ['default_branch_protection_defaults[allowed_to_merge][][access_level]', '40'],
        ['default_branch_protection_defaults[allow_force_push]', 'false'],
        ['default_branch_protection_defaults[developer_can_initial_push]', 'true'],
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.default_branch_protection).toBe(4);
  });

  it('refuses an object matching none of the five levels, storing nothing of the request', async () => {
    const res = await t.api<{ message: Record<string, string[]> }>('PUT', '/application/settings', {
      json: { default_branch_protection_defaults: defaults(40, 40, true), default_projects_limit: 7 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message.default_branch_protection_defaults?.[0]).toContain('is not one of');
    const settings = await read();
    expect(settings.default_branch_protection).toBe(4);
    expect((settings as unknown as { default_projects_limit: number }).default_projects_limit).not.toBe(7);
  });
});
