/**
 * The drift comparison and copy plan (pure). Shapes follow doc/api/instance_level_ci_variables.md
 * ("List all instance variables"), doc/api/plan_limits.md and doc/api/settings.md.
 */
import { describe, expect, it } from 'vitest';
import { applyCopyPlan } from './apply-copy.js';
import { countActions, planCopy } from './copy-plan.js';
import { buildDriftRows, canonicalJson, driftCount } from './diff.js';
import { sha256Hex, type ConfigSnapshot, type DriftCiVariable } from './snapshot.js';

const variable = async (
  key: string,
  value: string,
  extra: Partial<DriftCiVariable> = {},
): Promise<DriftCiVariable> => ({
  key,
  variable_type: 'env_var',
  protected: false,
  masked: false,
  raw: false,
  value,
  digest: await sha256Hex(value),
  ...extra,
});

const snapshot = (
  profileId: string,
  parts: {
    vars?: DriftCiVariable[];
    plans?: Record<string, Record<string, unknown>>;
    settings?: Record<string, unknown>;
  },
): ConfigSnapshot => ({
  kind: 'compared',
  profileId,
  ciVariables: { kind: 'value', value: parts.vars ?? [] },
  planLimits: { kind: 'value', value: parts.plans ?? {} },
  settings: { kind: 'value', value: parts.settings ?? {} },
  requests: 3,
});

describe('sha256Hex', () => {
  it('is the SHA-256 of the UTF-8 text (FIPS 180-2 test vector "abc")', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('buildDriftRows', () => {
  it('compares variables by digest and flags, and counts a missing variable as drift', async () => {
    const prod = snapshot('prod', {
      vars: [await variable('DEPLOY_HOST', 'prod.example.com'), await variable('LOG_LEVEL', 'info')],
    });
    const staging = snapshot('staging', {
      vars: [await variable('DEPLOY_HOST', 'prod.example.com', { protected: true })],
    });
    const rows = buildDriftRows([prod, staging]);
    expect(rows.map((row) => [row.label, row.differs])).toEqual([
      ['DEPLOY_HOST', true],
      ['LOG_LEVEL', true],
    ]);
    expect(rows[1]!.cells.staging).toEqual({ kind: 'absent' });
    const same = buildDriftRows([
      prod,
      snapshot('copy', {
        vars: await Promise.all([variable('DEPLOY_HOST', 'prod.example.com'), variable('LOG_LEVEL', 'info')]),
      }),
    ]);
    expect(same.every((row) => !row.differs)).toBe(true);
  });

  it('compares raw only when both instances report it (raw arrived in GitLab 15.7)', async () => {
    const modern = snapshot('modern', { vars: [await variable('A', 'x', { raw: true })] });
    const old = snapshot('old', { vars: [await variable('A', 'x', { raw: null })] });
    expect(buildDriftRows([modern, old])[0]!.differs).toBe(false);
  });

  it('compares a setting or plan limit only where both report it, whatever the key order', () => {
    const a = snapshot('a', {
      settings: {
        signup_enabled: true,
        default_branch_protection_defaults: {
          allow_force_push: false,
          allowed_to_push: [{ access_level: 40 }],
        },
      },
      plans: { default: { ci_pipeline_size: 0, npm_max_file_size: 500 }, premium: { ci_pipeline_size: 10 } },
    });
    const b = snapshot('b', {
      settings: {
        signup_enabled: false,
        default_branch_protection_defaults: {
          allowed_to_push: [{ access_level: 40 }],
          allow_force_push: false,
        },
      },
      plans: { default: { ci_pipeline_size: 0, npm_max_file_size: 100 } },
    });
    const rows = buildDriftRows([a, b]);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId['settings:signup_enabled']!.differs).toBe(true);
    expect(byId['settings:default_branch_protection_defaults']!.differs).toBe(false);
    expect(byId['plan-limits:default:npm_max_file_size']!.differs).toBe(true);
    expect(byId['plan-limits:default:ci_pipeline_size']!.differs).toBe(false);
    expect(byId['plan-limits:premium:ci_pipeline_size']!.differs).toBe(false);
    expect(byId['plan-limits:premium:ci_pipeline_size']!.cells.b).toEqual({
      kind: 'not-applicable',
      why: 'This instance has no premium plan.',
    });
    expect(driftCount(a, b)).toBe(2);
  });

  it('never counts an instance that could not be read as drift', async () => {
    const a = snapshot('a', { vars: [await variable('A', 'x')] });
    const blocked: ConfigSnapshot = {
      kind: 'not-comparable',
      profileId: 'b',
      title: 'Admin Mode blocks this token',
      why: 'GitLab refused with 403.',
      requests: 1,
    };
    const rows = buildDriftRows([a, blocked]);
    expect(rows[0]!.differs).toBe(false);
    expect(rows[0]!.cells.b).toEqual({ kind: 'unavailable', why: 'GitLab refused with 403.' });
    expect(driftCount(a, blocked)).toBeNull();
  });
});

describe('planCopy', () => {
  it('adds a missing variable with POST, changes a differing one with PUT, leaves an equal one', async () => {
    const source = snapshot('prod', {
      vars: [
        await variable('NEW_ONE', 's3cret', { masked: true }),
        await variable('CHANGED', 'v2'),
        await variable('SAME', 'x'),
      ],
    });
    const target = snapshot('dr', { vars: [await variable('CHANGED', 'v1'), await variable('SAME', 'x')] });
    const rows = buildDriftRows([source, target]);
    const [plan] = planCopy(rows, 'prod', ['prod', 'dr'], new Set(rows.map((row) => row.id)));
    expect(plan!.profileId).toBe('dr');
    const byLabel = Object.fromEntries(plan!.steps.map((step) => [step.label, step]));
    expect(byLabel.NEW_ONE!.action).toBe('add');
    expect(byLabel.NEW_ONE!.request).toEqual({
      method: 'POST',
      path: '/admin/ci/variables',
      body: {
        key: 'NEW_ONE',
        value: 's3cret',
        variable_type: 'env_var',
        protected: false,
        masked: true,
        raw: false,
      },
    });
    expect(byLabel.NEW_ONE!.summary).not.toContain('s3cret');
    expect(byLabel.CHANGED!.action).toBe('change');
    expect(byLabel.CHANGED!.request?.method).toBe('PUT');
    expect(byLabel.CHANGED!.request?.path).toBe('/admin/ci/variables/CHANGED');
    expect(byLabel.SAME!.action).toBe('unchanged');
    expect(byLabel.SAME!.request).toBeNull();
    expect(countActions(plan!)).toEqual({ add: 1, change: 1, unchanged: 1, skip: 0 });
  });

  it('puts one limit or one setting per request, and skips what the target lacks', () => {
    const source = snapshot('prod', {
      settings: { max_attachment_size: 100, default_branch_protection_defaults: { allow_force_push: false } },
      plans: { premium: { ci_pipeline_size: 10 } },
    });
    const target = snapshot('old', { settings: { max_attachment_size: 10 }, plans: {} });
    const rows = buildDriftRows([source, target]);
    const [plan] = planCopy(rows, 'prod', ['old'], new Set(rows.map((row) => row.id)));
    const byId = Object.fromEntries(plan!.steps.map((step) => [step.rowId, step]));
    expect(byId['settings:max_attachment_size']!.request).toEqual({
      method: 'PUT',
      path: '/application/settings',
      body: { max_attachment_size: 100 },
    });
    expect(byId['settings:max_attachment_size']!.summary).toBe('10 → 100');
    expect(byId['settings:default_branch_protection_defaults']!.action).toBe('skip');
    expect(byId['plan-limits:premium:ci_pipeline_size']!.action).toBe('skip');
    expect(byId['plan-limits:premium:ci_pipeline_size']!.why).toBe('This instance has no premium plan.');
  });
});

describe('applyCopyPlan', () => {
  it('reports stopped and skipped steps without sending them', async () => {
    const source = snapshot('prod', { settings: { signup_enabled: false } });
    const target = snapshot('dr', { settings: { signup_enabled: true } });
    const rows = buildDriftRows([source, target]);
    const plans = planCopy(rows, 'prod', ['dr'], new Set(rows.map((row) => row.id)));
    const progress: number[] = [];
    const outcomes = await applyCopyPlan(plans, {
      shouldStop: () => true,
      onProgress: (done) => progress.push(done),
    });
    expect(outcomes).toEqual([
      {
        profileId: 'dr',
        rowId: 'settings:signup_enabled',
        label: 'signup_enabled',
        outcome: 'skipped',
        message: 'Stopped before this change was sent.',
      },
    ]);
    expect(progress).toEqual([1]);
  });
});

describe('canonicalJson', () => {
  it('sorts object keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
  });
});
