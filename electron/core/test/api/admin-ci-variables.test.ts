/**
 * Instance-level CI/CD variables over real HTTP (doc/api/instance_level_ci_variables.md;
 * spec/requests/api/admin/ci/variables_spec.rb): every endpoint, parameter shape, key/value/masking rule,
 * the count limit from plan limits, permissions, audit events, encryption at rest, and
 * `instanceVariablesForJob` as pipeline jobs will call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../crypto/secret-box.js';
import { loadOrCreateSecretKeySync } from '../../crypto/secret-key-file.js';
import { openDatabase } from '../../db/database.js';
import { BackgroundTasks } from '../../jobs/background-tasks.js';
import { instanceVariablesForJob } from '../../services/admin/ci-variables/ci-variables-service.js';
import type { ServiceContext } from '../../services/context.js';
import path from 'node:path';
import { auditEventsSince, filesContaining, lastAuditEventId } from '../helpers/secrets-on-disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { ApiCallOptions, TestCore } from '../helpers/test-core.js';

interface VariableJson {
  variable_type: string;
  key: string;
  value: string;
  protected: boolean;
  masked: boolean;
  raw: boolean;
  description: string | null;
}

const SECRET_VALUES = {
  plain: 'plain-value-8d7c6b5a4f3e',
  masked: 'MaskedSecret_0123456789+/=@:.~-',
  form: 'form-value-1a2b3c4d5e6f',
  multipart: 'multipart-value-6f5e4d3c2b1a',
  updated: 'UpdatedSecret-9z8y7x6w5v',
};

describe('instance CI/CD variables API', () => {
  let t: TestCore;
  let user: { token: string };

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t);
  });
  afterAll(async () => t.close());

  describe('permissions', () => {
    const calls: [string, string, ApiCallOptions?][] = [
      ['GET', '/admin/ci/variables'],
      ['GET', '/admin/ci/variables/ANY'],
      ['POST', '/admin/ci/variables', { json: { key: 'K', value: 'v' } }],
      ['PUT', '/admin/ci/variables/ANY', { json: { value: 'v' } }],
      ['DELETE', '/admin/ci/variables/ANY'],
    ];

    it('answers 401 without a token and 403 to a non-administrator', async () => {
      for (const [method, p, opts] of calls) {
        const anonymous = await t.api(method, p, { ...opts, token: null });
        expect(anonymous.status, `${method} ${p}`).toBe(401);
        expect(anonymous.body).toEqual({ message: '401 Unauthorized' });
        const regular = await t.api(method, p, { ...opts, token: user.token });
        expect(regular.status, `${method} ${p}`).toBe(403);
        expect(regular.body).toEqual({ message: '403 Forbidden' });
      }
    });
  });

  describe('POST /admin/ci/variables', () => {
    it('creates a variable from JSON with GitLab defaults', async () => {
      const before = lastAuditEventId(t.dataDir);
      const res = await t.api<VariableJson>('POST', '/admin/ci/variables', {
        json: { key: 'PLAIN_VAR', value: SECRET_VALUES.plain },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        variable_type: 'env_var',
        key: 'PLAIN_VAR',
        value: SECRET_VALUES.plain,
        protected: false,
        masked: false,
        raw: false,
        description: null,
      });
      expect(Object.keys(res.body).slice(0, 5)).toEqual([
        'variable_type',
        'key',
        'value',
        'protected',
        'masked',
      ]);
      const events = auditEventsSince(t.dataDir, before);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        entity_type: 'Gitlab::Audit::InstanceScope',
        entity_id: 1,
        author_id: 1,
      });
      expect(events[0]!.d).toMatchObject({
        add: 'variable',
        target_type: 'Ci::InstanceVariable',
        target_details: 'PLAIN_VAR',
        event_name: 'ci_instance_variable_created',
        entity_path: 'gitlab_instance',
      });
    });

    it('takes every parameter as an urlencoded form and as multipart', async () => {
      const form = await t.api<VariableJson>('POST', '/admin/ci/variables', {
        form: {
          key: 'FORM_FILE',
          value: SECRET_VALUES.form,
          variable_type: 'file',
          protected: 'true',
          masked: 'true',
        },
      });
      expect(form.status).toBe(201);
      expect(form.body).toMatchObject({
        key: 'FORM_FILE',
        variable_type: 'file',
        protected: true,
        masked: true,
      });
      const multipart = await t.api<VariableJson>('POST', '/admin/ci/variables', {
        multipart: [
          ['key', 'MULTIPART_VAR'],
          ['value', SECRET_VALUES.multipart],
          ['protected', '1'],
        ],
      });
      expect(multipart.status).toBe(201);
      expect(multipart.body).toMatchObject({ key: 'MULTIPART_VAR', protected: true, masked: false });
    });

    it.each([
      ['abcdefg', '7 characters'],
      ['abcdefgh\nijklmnop', 'a newline'],
      ['abcd efgh', 'a space'],
      ['abcdefgh!', 'a character outside the alphabet'],
      ['päßwörter', 'non-ASCII letters'],
    ])('refuses to mask %j (%s)', async (value) => {
      const res = await t.api('POST', '/admin/ci/variables', {
        json: { key: 'UNMASKABLE', value, masked: true },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { value: ['is invalid'] } });
    });

    it('masks a value of 8+ characters from the allowed alphabet', async () => {
      const res = await t.api<VariableJson>('POST', '/admin/ci/variables', {
        json: { key: 'MASKED_VAR', value: SECRET_VALUES.masked, masked: true },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ masked: true, value: SECRET_VALUES.masked });
      const exactlyEight = await t.api('POST', '/admin/ci/variables', {
        json: { key: 'EIGHT', value: 'abcd1234', masked: 'true' },
      });
      expect(exactlyEight.status).toBe(201);
    });

    it('allows unmasked values that could not be masked', async () => {
      const res = await t.api<VariableJson>('POST', '/admin/ci/variables', {
        json: { key: 'MULTILINE', value: 'line one\nline two', masked: false },
      });
      expect(res.status).toBe(201);
      expect(res.body.value).toBe('line one\nline two');
    });

    it.each([
      [{ key: 'K'.repeat(256), value: 'v' }, { key: ['is too long (maximum is 255 characters)'] }],
      [{ key: 'MY-KEY', value: 'v' }, { key: ["can contain only letters, digits and '_'."] }],
      [
        { key: '-'.repeat(256), value: 'v' },
        { key: ['is too long (maximum is 255 characters)', "can contain only letters, digits and '_'."] },
      ],
      [{ key: '', value: 'v' }, { key: ["can't be blank", "can contain only letters, digits and '_'."] }],
      [
        { key: 'TOO_LONG', value: 'x'.repeat(10_001) },
        { value: ['The value of the provided variable exceeds the 10000 character limit'] },
      ],
      [{ key: 'PLAIN_VAR', value: 'again' }, { key: ['(PLAIN_VAR) has already been taken'] }],
      [
        { key: 'BAD KEY', value: 'short', masked: true },
        { key: ["can contain only letters, digits and '_'."], value: ['is invalid'] },
      ],
    ])('refuses %j with GitLab messages', async (json, message) => {
      const before = lastAuditEventId(t.dataDir);
      const res = await t.api('POST', '/admin/ci/variables', { json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect(auditEventsSince(t.dataDir, before)).toEqual([]);
    });

    it('accepts a key of 255 characters and a value of 10,000', async () => {
      const res = await t.api<VariableJson>('POST', '/admin/ci/variables', {
        json: { key: 'K'.repeat(255), value: 'x'.repeat(10_000) },
      });
      expect(res.status).toBe(201);
      expect(res.body.value).toHaveLength(10_000);
      expect((await t.api('DELETE', `/admin/ci/variables/${'K'.repeat(255)}`)).status).toBe(204);
    });

    it.each([
      [{ value: 'v' }, 'key is missing'],
      [{ key: 'K' }, 'value is missing'],
      [{}, 'key is missing, value is missing'],
      [{ key: 'K', value: 'v', variable_type: 'secret' }, 'variable_type does not have a valid value'],
      [{ key: 'K', value: 'v', protected: 'sometimes' }, 'protected is invalid'],
      [{ key: 'K', value: 'v', masked: 'maybe' }, 'masked is invalid'],
    ])('refuses bad parameters in Grape words: %j', async (json, error) => {
      const res = await t.api('POST', '/admin/ci/variables', { json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });
  });

  describe('GET', () => {
    it('lists variables in creation order, paginated', async () => {
      const res = await t.api<VariableJson[]>('GET', '/admin/ci/variables');
      expect(res.status).toBe(200);
      expect(res.body.map((v) => v.key)).toEqual([
        'PLAIN_VAR',
        'FORM_FILE',
        'MULTIPART_VAR',
        'MASKED_VAR',
        'EIGHT',
        'MULTILINE',
      ]);
      expect(res.headers.get('x-total')).toBe('6');
      const page = await t.api<VariableJson[]>('GET', '/admin/ci/variables?per_page=4&page=2');
      expect(page.body.map((v) => v.key)).toEqual(['EIGHT', 'MULTILINE']);
      expect(page.headers.get('x-total-pages')).toBe('2');
    });

    it('shows one variable by key (case-sensitive); unknown keys 404', async () => {
      const res = await t.api<VariableJson>('GET', '/admin/ci/variables/FORM_FILE');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        variable_type: 'file',
        key: 'FORM_FILE',
        value: SECRET_VALUES.form,
        protected: true,
        masked: true,
        raw: false,
        description: null,
      });
      for (const key of ['form_file', 'NOPE']) {
        const missing = await t.api('GET', `/admin/ci/variables/${key}`);
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual({ message: '404 InstanceVariable Not Found' });
      }
    });
  });

  describe('PUT /admin/ci/variables/:key', () => {
    it('changes value and flags; the value change is audited without values', async () => {
      const before = lastAuditEventId(t.dataDir);
      const res = await t.api<VariableJson>('PUT', '/admin/ci/variables/PLAIN_VAR', {
        json: {
          key: 'RENAMED',
          value: SECRET_VALUES.updated,
          protected: true,
          masked: true,
          variable_type: 'file',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        variable_type: 'file',
        key: 'PLAIN_VAR',
        value: SECRET_VALUES.updated,
        protected: true,
        masked: true,
        raw: false,
        description: null,
      });
      const events = auditEventsSince(t.dataDir, before);
      expect(events.map((e) => [e.d.change, e.d.from, e.d.to])).toEqual([
        ['value', undefined, undefined],
        ['variable_type', 'env_var', 'file'],
        ['protected', false, true],
        ['masked', false, true],
      ]);
      expect(events[0]!.d).toMatchObject({
        custom_message: 'Changed value of variable PLAIN_VAR',
        target_type: 'Ci::InstanceVariable',
        target_details: 'PLAIN_VAR',
        event_name: 'ci_instance_variable_updated',
      });
      expect((await t.api('GET', '/admin/ci/variables/RENAMED')).status).toBe(404);
    });

    it('takes an urlencoded form and keeps unspecified flags', async () => {
      const res = await t.api<VariableJson>('PUT', '/admin/ci/variables/MULTIPART_VAR', {
        form: { value: SECRET_VALUES.multipart, variable_type: 'env_var' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ protected: true, masked: false, value: SECRET_VALUES.multipart });
    });

    it('applies the masking rule to the resulting value and flag', async () => {
      const maskShort = await t.api('PUT', '/admin/ci/variables/MULTILINE', {
        json: { value: 'line one\nline two', masked: true },
      });
      expect(maskShort.status).toBe(400);
      expect(maskShort.body).toEqual({ message: { value: ['is invalid'] } });
      const unmaskableValue = await t.api('PUT', '/admin/ci/variables/MASKED_VAR', {
        json: { value: 'has space 123' },
      });
      expect(unmaskableValue.status).toBe(400);
      expect(unmaskableValue.body).toEqual({ message: { value: ['is invalid'] } });
      const tooLong = await t.api('PUT', '/admin/ci/variables/MULTILINE', {
        json: { value: 'y'.repeat(10_001) },
      });
      expect(tooLong.body).toEqual({
        message: { value: ['The value of the provided variable exceeds the 10000 character limit'] },
      });
      const unmaskAndChange = await t.api<VariableJson>('PUT', '/admin/ci/variables/MASKED_VAR', {
        json: { value: 'now has space', masked: false },
      });
      expect(unmaskAndChange.status).toBe(200);
      expect(unmaskAndChange.body.masked).toBe(false);
    });

    it('requires a value (spec) and answers 404 for unknown keys', async () => {
      const noValue = await t.api('PUT', '/admin/ci/variables/EIGHT', { json: { protected: true } });
      expect(noValue.status).toBe(400);
      expect(noValue.body).toEqual({ error: 'value is missing' });
      const bad = await t.api('PUT', '/admin/ci/variables/EIGHT', {
        json: { value: 'abcd1234', variable_type: 'x' },
      });
      expect(bad.body).toEqual({ error: 'variable_type does not have a valid value' });
      const missing = await t.api('PUT', '/admin/ci/variables/NOPE', { json: { value: 'v' } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 InstanceVariable Not Found' });
    });

    it('records nothing when nothing changes', async () => {
      const before = lastAuditEventId(t.dataDir);
      const res = await t.api('PUT', '/admin/ci/variables/EIGHT', {
        json: { value: 'abcd1234', masked: true },
      });
      expect(res.status).toBe(200);
      expect(auditEventsSince(t.dataDir, before)).toEqual([]);
    });
  });

  describe('DELETE /admin/ci/variables/:key', () => {
    it('deletes (204) and audits; then 404', async () => {
      const before = lastAuditEventId(t.dataDir);
      const res = await t.api('DELETE', '/admin/ci/variables/EIGHT');
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      const events = auditEventsSince(t.dataDir, before);
      expect(events).toHaveLength(1);
      expect(events[0]!.d).toMatchObject({
        remove: 'variable',
        target_type: 'Ci::InstanceVariable',
        target_details: 'EIGHT',
        event_name: 'ci_instance_variable_deleted',
      });
      const again = await t.api('DELETE', '/admin/ci/variables/EIGHT');
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: '404 InstanceVariable Not Found' });
    });
  });

  describe('secrets', () => {
    it('never puts a value in an audit event', () => {
      const rows = auditEventsSince(t.dataDir, 0);
      expect(rows.filter((r) => r.d.target_type === 'Ci::InstanceVariable').length).toBeGreaterThan(5);
      for (const r of rows) for (const v of Object.values(SECRET_VALUES)) expect(r.details).not.toContain(v);
    });

    it('stores values encrypted: no file of the data dir holds one', () => {
      for (const v of Object.values(SECRET_VALUES)) expect(filesContaining(t.dataDir, v), v).toEqual([]);
    });
  });

  describe('the limit on the number of variables', () => {
    it('follows the default plan limit; 0 means no limit', async () => {
      const count = (await t.api<VariableJson[]>('GET', '/admin/ci/variables?per_page=100')).body.length;
      const set = await t.api('PUT', '/application/plan_limits', {
        json: { plan_name: 'default', ci_instance_level_variables: count + 1 },
      });
      expect(set.status).toBe(200);
      expect(
        (await t.api('POST', '/admin/ci/variables', { json: { key: 'LAST_ONE', value: 'v' } })).status,
      ).toBe(201);
      const over = await t.api('POST', '/admin/ci/variables', { json: { key: 'ONE_TOO_MANY', value: 'v' } });
      expect(over.status).toBe(400);
      expect(over.body).toEqual({
        message: { base: [`Maximum number of ci instance level variables (${count + 1}) exceeded`] },
      });
      // Updates are not creations.
      expect((await t.api('PUT', '/admin/ci/variables/LAST_ONE', { json: { value: 'w' } })).status).toBe(200);
      // Another plan's limit does not apply to instance variables.
      await t.api('PUT', '/application/plan_limits', {
        json: { plan_name: 'ultimate', ci_instance_level_variables: 0 },
      });
      expect(
        (await t.api('POST', '/admin/ci/variables', { json: { key: 'ONE_TOO_MANY', value: 'v' } })).status,
      ).toBe(400);
      await t.api('PUT', '/application/plan_limits', {
        json: { plan_name: 'default', ci_instance_level_variables: 0 },
      });
      expect(
        (await t.api('POST', '/admin/ci/variables', { json: { key: 'ONE_TOO_MANY', value: 'v' } })).status,
      ).toBe(201);
    });
  });
});

describe('instance CI/CD variables: default limit and pipeline jobs', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it('allows 25 variables by default', async () => {
    for (let i = 1; i <= 25; i++) {
      const res = await t.api('POST', '/admin/ci/variables', {
        json: { key: `VAR_${i}`, value: `value-${i}` },
      });
      expect(res.status, `VAR_${i}`).toBe(201);
    }
    const over = await t.api('POST', '/admin/ci/variables', { json: { key: 'VAR_26', value: 'v' } });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      message: { base: ['Maximum number of ci instance level variables (25) exceeded'] },
    });
    for (let i = 1; i <= 25; i++)
      expect((await t.api('DELETE', `/admin/ci/variables/VAR_${i}`)).status).toBe(204);
  });

  it('instanceVariablesForJob gives jobs the opened values; protected ones only on protected refs', async () => {
    const make = (json: Record<string, unknown>) => t.api('POST', '/admin/ci/variables', { json });
    expect((await make({ key: 'DEPLOY_USER', value: 'deployer' })).status).toBe(201);
    expect(
      (await make({ key: 'PROD_TOKEN', value: 'prod-token-123456', protected: true, masked: true })).status,
    ).toBe(201);
    expect(
      (await make({ key: 'KUBECONFIG', value: 'apiVersion: v1\nkind: Config\n', variable_type: 'file' }))
        .status,
    ).toBe(201);
    await t.stop();
    const db = openDatabase(path.join(t.dataDir, 'outpost.sqlite'));
    const ctx: ServiceContext = {
      db,
      shards: new Map(),
      actor: { user: null, scopes: [], ipAddress: null },
      externalUrl: () => 'http://localhost',
      tasks: new BackgroundTasks(),
      secrets: new SecretBox(loadOrCreateSecretKeySync(t.dataDir)),
    };
    try {
      expect(instanceVariablesForJob(ctx, { protectedRef: false })).toEqual([
        { key: 'DEPLOY_USER', value: 'deployer', variable_type: 'env_var', masked: false },
        { key: 'KUBECONFIG', value: 'apiVersion: v1\nkind: Config\n', variable_type: 'file', masked: false },
      ]);
      expect(instanceVariablesForJob(ctx, { protectedRef: true })).toEqual([
        { key: 'DEPLOY_USER', value: 'deployer', variable_type: 'env_var', masked: false },
        { key: 'PROD_TOKEN', value: 'prod-token-123456', variable_type: 'env_var', masked: true },
        { key: 'KUBECONFIG', value: 'apiVersion: v1\nkind: Config\n', variable_type: 'file', masked: false },
      ]);
    } finally {
      db.close();
    }
    t = await startTestCore({ dataDir: t.dataDir });
  });
});
