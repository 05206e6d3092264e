/**
 * Plan limits over real HTTP (doc/api/plan_limits.md; spec/requests/api/admin/plan_limits_spec.rb): the
 * seeded plans and defaults of the spec's Limits table, partial updates, type and range validation,
 * permissions and audit events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventsSince, lastAuditEventId } from '../helpers/secrets-on-disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const DEFAULTS = {
  ci_instance_level_variables: 25,
  conan_max_file_size: 3221225472,
  generic_packages_max_file_size: 5368709120,
  maven_max_file_size: 3221225472,
  npm_max_file_size: 524288000,
  nuget_max_file_size: 524288000,
  pypi_max_file_size: 3221225472,
};

describe('plan limits API', () => {
  let t: TestCore;
  let user: { token: string };

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t);
  });
  afterAll(async () => t.close());

  it('answers 401 without a token and 403 to a non-administrator', async () => {
    for (const [method, json] of [
      ['GET', undefined],
      ['PUT', { plan_name: 'default', npm_max_file_size: 1 }],
    ] as const) {
      const anonymous = await t.api(method, '/application/plan_limits', { json, token: null });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ message: '401 Unauthorized' });
      const regular = await t.api(method, '/application/plan_limits', { json, token: user.token });
      expect(regular.status).toBe(403);
      expect(regular.body).toEqual({ message: '403 Forbidden' });
    }
    expect((await t.api('GET', '/application/plan_limits')).body).toEqual(DEFAULTS);
  });

  it('GET returns the default plan with the spec defaults', async () => {
    const res = await t.api('GET', '/application/plan_limits');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULTS);
    expect(Object.keys(res.body as object)).toEqual(Object.keys(DEFAULTS));
  });

  it('knows the enterprise plans, seeded with the defaults; unknown plans 404', async () => {
    for (const plan of ['default', 'free', 'bronze', 'silver', 'premium', 'gold', 'ultimate']) {
      const res = await t.api('GET', `/application/plan_limits?plan_name=${plan}`);
      expect(res.status, plan).toBe(200);
      expect(res.body).toEqual(DEFAULTS);
    }
    for (const plan of ['platinum', '', 'DEFAULT']) {
      const res = await t.api('GET', `/application/plan_limits?plan_name=${plan}`);
      expect(res.status, plan).toBe(404);
      expect(res.body).toEqual({ message: '404 Plan Not Found' });
    }
    const put = await t.api('PUT', '/application/plan_limits', {
      json: { plan_name: 'platinum', npm_max_file_size: 1 },
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: '404 Plan Not Found' });
  });

  it('PUT changes only the given limits of one plan and audits each change', async () => {
    const before = lastAuditEventId(t.dataDir);
    const res = await t.api('PUT', '/application/plan_limits', {
      json: {
        plan_name: 'default',
        conan_max_file_size: 10,
        npm_max_file_size: 0,
        maven_max_file_size: 3221225472,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...DEFAULTS, conan_max_file_size: 10, npm_max_file_size: 0 });
    expect((await t.api('GET', '/application/plan_limits')).body).toEqual(res.body);
    expect((await t.api('GET', '/application/plan_limits?plan_name=ultimate')).body).toEqual(DEFAULTS);

    const events = auditEventsSince(t.dataDir, before);
    expect(events.map((e) => [e.d.change, e.d.from, e.d.to])).toEqual([
      ['conan_max_file_size', 3221225472, 10],
      ['npm_max_file_size', 524288000, 0],
    ]);
    for (const e of events) {
      expect(e.entity_type).toBe('Gitlab::Audit::InstanceScope');
      expect(e.d).toMatchObject({
        target_type: 'PlanLimits',
        target_details: 'default',
        event_name: 'plan_limits_updated',
        entity_path: 'gitlab_instance',
      });
    }
  });

  it('PUT takes urlencoded and multipart integers, and every limit', async () => {
    const form = await t.api('PUT', '/application/plan_limits', {
      form: {
        plan_name: 'premium',
        generic_packages_max_file_size: '1073741824',
        nuget_max_file_size: '1',
        pypi_max_file_size: '2',
      },
    });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({
      generic_packages_max_file_size: 1073741824,
      nuget_max_file_size: 1,
      pypi_max_file_size: 2,
    });
    const multipart = await t.api('PUT', '/application/plan_limits', {
      multipart: [
        ['plan_name', 'premium'],
        ['maven_max_file_size', '3'],
        ['ci_instance_level_variables', '100'],
      ],
    });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({ maven_max_file_size: 3, ci_instance_level_variables: 100 });
    const query = await t.api('PUT', '/application/plan_limits?plan_name=premium&conan_max_file_size=4');
    expect(query.body).toMatchObject({ conan_max_file_size: 4 });
  });

  it('PUT with nothing to change answers the limits and audits nothing', async () => {
    const before = lastAuditEventId(t.dataDir);
    const res = await t.api('PUT', '/application/plan_limits', { json: { plan_name: 'gold' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULTS);
    expect(auditEventsSince(t.dataDir, before)).toEqual([]);
  });

  it.each([
    [{ npm_max_file_size: 1 }, 'plan_name is missing'],
    [{ plan_name: 'default', conan_max_file_size: 'big' }, 'conan_max_file_size is invalid'],
    [{ plan_name: 'default', conan_max_file_size: 1.5 }, 'conan_max_file_size is invalid'],
    [{ plan_name: 'default', maven_max_file_size: '1e9' }, 'maven_max_file_size is invalid'],
    [{ plan_name: 'default', pypi_max_file_size: true }, 'pypi_max_file_size is invalid'],
    [{ plan_name: 'default', npm_max_file_size: [1] }, 'npm_max_file_size is invalid'],
    [
      { plan_name: 'default', generic_packages_max_file_size: 2 ** 60 },
      'generic_packages_max_file_size is invalid',
    ],
    [
      { plan_name: 'default', nuget_max_file_size: 'x', ci_instance_level_variables: 'y' },
      'ci_instance_level_variables is invalid, nuget_max_file_size is invalid',
    ],
  ])('PUT refuses wrong types in Grape words: %j', async (json, error) => {
    const res = await t.api('PUT', '/application/plan_limits', { json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('PUT refuses negative limits and changes nothing', async () => {
    const before = await t.api('GET', '/application/plan_limits?plan_name=silver');
    const res = await t.api('PUT', '/application/plan_limits', {
      json: {
        plan_name: 'silver',
        npm_max_file_size: -1,
        ci_instance_level_variables: -5,
        pypi_max_file_size: 7,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: {
        ci_instance_level_variables: ['must be greater than or equal to 0'],
        npm_max_file_size: ['must be greater than or equal to 0'],
      },
    });
    expect((await t.api('GET', '/application/plan_limits?plan_name=silver')).body).toEqual(before.body);
  });

  it('keeps changed limits across a restart', async () => {
    await t.api('PUT', '/application/plan_limits', { json: { plan_name: 'bronze', npm_max_file_size: 42 } });
    await t.stop();
    t = await startTestCore({ dataDir: t.dataDir });
    expect((await t.api('GET', '/application/plan_limits?plan_name=bronze')).body).toMatchObject({
      npm_max_file_size: 42,
    });
  });
});
