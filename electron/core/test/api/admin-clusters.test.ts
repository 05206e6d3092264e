/**
 * Instance clusters over real HTTP (doc/api/instance_clusters.md; spec/requests/api/admin/instance_clusters_spec.rb):
 * every endpoint, parameter shape (JSON, urlencoded brackets, multipart; both attribute spellings),
 * validation and permission rule, audit events, and the token never leaving the core in plaintext.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../app.js';
import { SecretBox } from '../../crypto/secret-box.js';
import { loadOrCreateSecretKeySync } from '../../crypto/secret-key-file.js';
import { BROKEN_PEM, TEST_CA_CERT } from '../helpers/certificates.js';
import { openCoreDatabase } from '../helpers/disk.js';
import {
  auditEventsSince,
  captureStdout,
  filesContaining,
  lastAuditEventId,
  sqliteFiles,
} from '../helpers/secrets-on-disk.js';
import { ROOT_TOKEN, createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { ApiCallOptions, ApiResult, TestCore } from '../helpers/test-core.js';

interface ClusterJson {
  id: number;
  name: string;
  created_at: string;
  managed: boolean;
  enabled: boolean;
  domain: string | null;
  provider_type: string;
  platform_type: string;
  environment_scope: string;
  cluster_type: string;
  user: { id: number; username: string } | null;
  platform_kubernetes: Record<string, unknown>;
  platform_cluster: Record<string, unknown>;
  provider_gcp: null;
  management_project: Record<string, unknown> | null;
  project?: null;
}

/** Every token handed to a cluster in this file; none may ever come back. */
const TOKENS = {
  first: 'kube-token-FIRST-3c1f6a0e9b',
  second: 'kube-token-SECOND-7d2e8b1f4c',
  form: 'kube-token-FORM-0a9b8c7d6e',
  multipart: 'kube-token-MULTIPART-5e4d3c2b1a',
  rotated: 'kube-token-ROTATED-9f8e7d6c5b',
  query: 'kube-token-QUERY-1b2c3d4e5f',
  gcp: 'kube-token-GCP-6a5b4c3d2e',
};

describe('instance clusters API', () => {
  let t: TestCore;
  let user: { id: number; token: string };
  let projectId = 0;
  const responses: string[] = [];

  /** `t.api` that keeps every response body for the token check. */
  async function api<T = unknown>(
    method: string,
    apiPath: string,
    opts?: ApiCallOptions,
  ): Promise<ApiResult<T>> {
    const res = await t.api<T>(method, apiPath, opts);
    responses.push(res.text, JSON.stringify([...res.headers]));
    return res;
  }

  const minimal = (over: Record<string, unknown> = {}, attrs: Record<string, unknown> = {}) => ({
    name: 'cluster-one',
    platform_kubernetes_attributes: {
      api_url: 'https://kubernetes.example.com',
      token: TOKENS.first,
      ...attrs,
    },
    ...over,
  });

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t);
    const project = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'cluster-management' },
    });
    expect(project.status).toBe(201);
    projectId = project.body.id;
  });
  afterAll(async () => t.close());

  describe('permissions', () => {
    const calls: [string, string, ApiCallOptions?][] = [
      ['GET', '/admin/clusters'],
      ['GET', '/admin/clusters/1'],
      ['POST', '/admin/clusters/add', { json: minimal() }],
      ['PUT', '/admin/clusters/1', { json: { name: 'x' } }],
      ['DELETE', '/admin/clusters/1'],
    ];

    it('answers 401 without a token', async () => {
      for (const [method, p, opts] of calls) {
        const res = await api(method, p, { ...opts, token: null });
        expect(res.status, `${method} ${p}`).toBe(401);
        expect(res.body).toEqual({ message: '401 Unauthorized' });
      }
    });

    it('answers 403 to a non-administrator, before looking at parameters', async () => {
      for (const [method, p, opts] of [...calls, ['POST', '/admin/clusters/add', { json: {} }] as const]) {
        const res = await api(method, p, { ...opts, token: user.token });
        expect(res.status, `${method} ${p}`).toBe(403);
        expect(res.body).toEqual({ message: '403 Forbidden' });
      }
    });

    it('lets another administrator in', async () => {
      const admin = await createUserWithToken(t, { admin: true });
      const res = await api('GET', '/admin/clusters', { token: admin.token });
      expect(res.status).toBe(200);
    });
  });

  describe('POST /admin/clusters/add', () => {
    let firstId = 0;

    it('adds a cluster from JSON with GitLab defaults and the response of the docs', async () => {
      const before = lastAuditEventId(t.dataDir);
      const res = await api<ClusterJson>('POST', '/admin/clusters/add', { json: minimal() });
      expect(res.status).toBe(201);
      firstId = res.body.id;
      const platform = {
        api_url: 'https://kubernetes.example.com',
        namespace: null,
        authorization_type: 'rbac',
        ca_cert: null,
      };
      expect(res.body).toEqual({
        id: firstId,
        name: 'cluster-one',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        managed: true,
        enabled: true,
        domain: null,
        provider_type: 'user',
        platform_type: 'kubernetes',
        environment_scope: '*',
        cluster_type: 'instance_type',
        user: {
          id: 1,
          username: 'root',
          name: expect.any(String),
          state: 'active',
          avatar_url: null,
          web_url: `${t.url}/root`,
        },
        platform_kubernetes: platform,
        platform_cluster: platform,
        provider_gcp: null,
        management_project: null,
      });
      expect(Object.keys(res.body).slice(0, 11)).toEqual([
        'id',
        'name',
        'created_at',
        'managed',
        'enabled',
        'domain',
        'provider_type',
        'platform_type',
        'environment_scope',
        'cluster_type',
        'user',
      ]);
      expect(res.body).not.toHaveProperty('project');

      const events = auditEventsSince(t.dataDir, before);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        entity_type: 'Gitlab::Audit::InstanceScope',
        entity_id: 1,
        author_id: 1,
      });
      expect(events[0]!.d).toMatchObject({
        add: 'cluster',
        target_id: firstId,
        target_type: 'Clusters::Cluster',
        target_details: 'cluster-one',
        entity_path: 'gitlab_instance',
        event_name: 'cluster_created',
        author_name: expect.any(String),
      });
    });

    it('takes the neutral spelling and every parameter as an urlencoded bracket form', async () => {
      const res = await api<ClusterJson>('POST', '/admin/clusters/add', {
        form: [
          ['name', 'form-cluster'],
          ['domain', 'apps.example.com'],
          ['environment_scope', 'production'],
          ['management_project_id', String(projectId)],
          ['enabled', 'false'],
          ['managed', 'false'],
          ['platform_cluster_attributes[api_url]', 'http://10.0.0.5:6443'],
          ['platform_cluster_attributes[token]', TOKENS.form],
          ['platform_cluster_attributes[ca_cert]', TEST_CA_CERT],
          ['platform_cluster_attributes[namespace]', 'My-Apps'],
          ['platform_cluster_attributes[authorization_type]', 'abac'],
        ],
      });
      expect(res.status).toBe(201);
      const platform = {
        api_url: 'http://10.0.0.5:6443',
        namespace: 'my-apps',
        authorization_type: 'abac',
        ca_cert: TEST_CA_CERT,
      };
      expect(res.body).toMatchObject({
        name: 'form-cluster',
        domain: 'apps.example.com',
        environment_scope: 'production',
        enabled: false,
        managed: false,
        platform_type: 'kubernetes',
        platform_kubernetes: platform,
        platform_cluster: platform,
        management_project: {
          id: projectId,
          name: 'cluster-management',
          path: 'cluster-management',
          path_with_namespace: 'root/cluster-management',
          name_with_namespace: expect.stringMatching(/ \/ cluster-management$/),
          description: null,
          created_at: expect.any(String),
        },
      });
      expect(Object.keys(res.body.management_project!).sort()).toEqual(
        [
          'created_at',
          'description',
          'id',
          'name',
          'name_with_namespace',
          'path',
          'path_with_namespace',
        ].sort(),
      );
    });

    it('takes GitLab spelling as multipart form data', async () => {
      const res = await api<ClusterJson>('POST', '/admin/clusters/add', {
        multipart: [
          ['name', 'multipart-cluster'],
          ['environment_scope', 'staging/*'],
          ['platform_kubernetes_attributes[api_url]', 'https://k8s.internal:443'],
          ['platform_kubernetes_attributes[token]', TOKENS.multipart],
          ['platform_kubernetes_attributes[authorization_type]', 'unknown_authorization'],
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.environment_scope).toBe('staging/*');
      expect(res.body.platform_kubernetes).toEqual({
        api_url: 'https://k8s.internal:443',
        namespace: null,
        authorization_type: 'unknown_authorization',
        ca_cert: null,
      });
    });

    it('takes the neutral spelling as JSON', async () => {
      const res = await api<ClusterJson>('POST', '/admin/clusters/add', {
        json: {
          name: 'neutral-json',
          environment_scope: 'review/*',
          platform_cluster_attributes: { api_url: 'https://neutral.example.com', token: TOKENS.second },
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.platform_cluster).toMatchObject({ api_url: 'https://neutral.example.com' });
    });

    it.each([
      [
        { platform_kubernetes_attributes: { api_url: 'https://a.example.com', token: 't' } },
        'name is missing',
      ],
      [
        { name: 'x' },
        'platform_kubernetes_attributes, platform_cluster_attributes are missing, exactly one parameter must be provided',
      ],
      [
        { name: 'x', platform_kubernetes_attributes: {} },
        'platform_kubernetes_attributes[api_url] is missing, platform_kubernetes_attributes[token] is missing',
      ],
      [
        { platform_cluster_attributes: { api_url: 'https://a.example.com' } },
        'name is missing, platform_cluster_attributes[token] is missing',
      ],
      [
        {
          name: 'x',
          platform_kubernetes_attributes: { api_url: 'https://a.example.com', token: 't' },
          platform_cluster_attributes: { api_url: 'https://a.example.com', token: 't' },
        },
        'platform_kubernetes_attributes, platform_cluster_attributes are mutually exclusive',
      ],
      [minimal({}, { api_url: '' }), 'platform_kubernetes_attributes[api_url] is empty'],
      [
        minimal({}, { authorization_type: 'root' }),
        'platform_kubernetes_attributes[authorization_type] does not have a valid value',
      ],
      [
        minimal({ platform_kubernetes_attributes: 'https://a.example.com' }),
        'platform_kubernetes_attributes is invalid',
      ],
      [minimal({ enabled: 'maybe' }), 'enabled is invalid'],
      [minimal({ managed: 'perhaps' }), 'managed is invalid'],
      [minimal({ management_project_id: 'abc' }), 'management_project_id is invalid'],
    ])('refuses bad parameters in Grape words: %j', async (json, error) => {
      const res = await api('POST', '/admin/clusters/add', { json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });

    it.each([
      [
        minimal({ environment_scope: 'unique-1' }, { api_url: 'invalid_api_url' }),
        { 'platform_kubernetes.api_url': ['is blocked: Only allowed schemes are http, https'] },
      ],
      [
        minimal({ environment_scope: 'unique-1' }, { api_url: 'ftp://files.example.com' }),
        { 'platform_kubernetes.api_url': ['is blocked: Only allowed schemes are http, https'] },
      ],
      [
        minimal({ environment_scope: 'unique-1' }, { api_url: 'https://bad host' }),
        { 'platform_kubernetes.api_url': ['is blocked: URI is invalid'] },
      ],
      [
        {
          name: 'x',
          environment_scope: 'unique-1',
          platform_cluster_attributes: { api_url: 'gopher://x', token: 't' },
        },
        { 'platform_cluster.api_url': ['is blocked: Only allowed schemes are http, https'] },
      ],
      [
        minimal({ environment_scope: 'unique-1' }, { ca_cert: 'not a certificate' }),
        { 'platform_kubernetes.ca_cert': ['must be a valid PEM certificate'] },
      ],
      [
        minimal({ environment_scope: 'unique-1' }, { ca_cert: BROKEN_PEM }),
        { 'platform_kubernetes.ca_cert': ['must be a valid PEM certificate'] },
      ],
      [
        minimal({ environment_scope: '*' }),
        { environment_scope: ['cannot add duplicated environment scope'] },
      ],
      [
        minimal({ environment_scope: 'prod!' }),
        {
          environment_scope: [
            "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces",
          ],
        },
      ],
      [
        minimal({ environment_scope: 'unique-1', domain: 'invalid domain' }),
        { domain: ['contains invalid characters (valid characters: [a-z0-9\\-])'] },
      ],
      [minimal({ environment_scope: 'unique-1', name: '' }), { name: [' has to be present'] }],
      [
        minimal({ environment_scope: 'unique-1' }, { token: '   ' }),
        { 'platform_kubernetes.token': ["can't be blank"] },
      ],
      [
        minimal({ environment_scope: 'unique-1' }, { namespace: 'apps' }),
        { 'platform_kubernetes.namespace': ['only allowed for project cluster'] },
      ],
      [
        minimal({ environment_scope: 'unique-1', managed: false }, { namespace: 'Bad_NS' }),
        {
          'platform_kubernetes.namespace': [
            "can contain only lowercase letters, digits, and '-'. Must start with a letter, and cannot end with '-'",
          ],
        },
      ],
      [
        minimal({ environment_scope: 'unique-1', management_project_id: 999999 }),
        {
          management_project_id: [
            "Project does not exist or you don't have permission to perform this action",
          ],
        },
      ],
    ])('refuses invalid clusters with GitLab messages: %j', async (json, message) => {
      const before = lastAuditEventId(t.dataDir);
      const res = await api('POST', '/admin/clusters/add', { json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect(auditEventsSince(t.dataDir, before)).toEqual([]);
    });

    it('reports several model errors at once', async () => {
      const res = await api('POST', '/admin/clusters/add', {
        json: minimal({ environment_scope: '*', domain: '-x-' }, { api_url: 'nope', ca_cert: 'nope' }),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: {
          domain: ['begins or ends with hyphen'],
          environment_scope: ['cannot add duplicated environment scope'],
          'platform_kubernetes.api_url': ['is blocked: Only allowed schemes are http, https'],
          'platform_kubernetes.ca_cert': ['must be a valid PEM certificate'],
        },
      });
    });

    it('GET /admin/clusters/:id returns the cluster; unknown ids 404, non-numbers 400', async () => {
      const res = await api<ClusterJson>('GET', `/admin/clusters/${firstId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: firstId, name: 'cluster-one', environment_scope: '*' });
      expect(res.body).not.toHaveProperty('project');
      const missing = await api('GET', '/admin/clusters/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Cluster Not Found' });
      const bad = await api('GET', '/admin/clusters/abc');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'cluster_id is invalid' });
    });
  });

  describe('GET /admin/clusters', () => {
    it('lists every instance cluster oldest first, paginated', async () => {
      const all = await api<ClusterJson[]>('GET', '/admin/clusters');
      expect(all.status).toBe(200);
      expect(all.body.map((c) => c.name)).toEqual([
        'cluster-one',
        'form-cluster',
        'multipart-cluster',
        'neutral-json',
      ]);
      expect(all.headers.get('x-total')).toBe('4');
      const page = await api<ClusterJson[]>('GET', '/admin/clusters?per_page=3&page=2');
      expect(page.body.map((c) => c.name)).toEqual(['neutral-json']);
      expect(page.headers.get('x-total-pages')).toBe('2');
      expect(page.headers.get('x-page')).toBe('2');
      expect(page.headers.get('link')).toContain('rel="first"');
    });
  });

  describe('PUT /admin/clusters/:cluster_id', () => {
    let id = 0;
    beforeAll(async () => {
      const res = await api<ClusterJson>('POST', '/admin/clusters/add', {
        json: {
          name: 'to-edit',
          environment_scope: 'edit/*',
          domain: 'old-domain.com',
          platform_kubernetes_attributes: { api_url: 'https://old.example.com', token: TOKENS.second },
        },
      });
      expect(res.status).toBe(201);
      id = res.body.id;
    });

    it('changes only the given attributes and answers with project: null', async () => {
      const before = lastAuditEventId(t.dataDir);
      const res = await api<ClusterJson>('PUT', `/admin/clusters/${id}`, {
        json: { domain: 'new-domain.com', managed: false, enabled: false },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        name: 'to-edit',
        domain: 'new-domain.com',
        managed: false,
        enabled: false,
        environment_scope: 'edit/*',
        project: null,
        platform_kubernetes: { api_url: 'https://old.example.com', authorization_type: 'rbac' },
      });
      const events = auditEventsSince(t.dataDir, before);
      expect(events.map((e) => [e.d.change, e.d.from, e.d.to])).toEqual([
        ['domain', 'old-domain.com', 'new-domain.com'],
        ['enabled', true, false],
        ['managed', true, false],
      ]);
      for (const e of events) {
        expect(e.entity_type).toBe('Gitlab::Audit::InstanceScope');
        expect(e.d).toMatchObject({
          target_type: 'Clusters::Cluster',
          target_id: id,
          event_name: 'cluster_updated',
        });
      }
    });

    it('changes name, api_url, token, ca_cert and namespace of a cluster added through the API (neutral spelling, urlencoded)', async () => {
      const before = lastAuditEventId(t.dataDir);
      const res = await api<ClusterJson>('PUT', `/admin/clusters/${id}`, {
        form: [
          ['name', 'edited'],
          ['environment_scope', 'edited/*'],
          ['management_project_id', String(projectId)],
          ['platform_cluster_attributes[api_url]', 'https://new-api-url.com'],
          ['platform_cluster_attributes[token]', TOKENS.rotated],
          ['platform_cluster_attributes[ca_cert]', TEST_CA_CERT],
          ['platform_cluster_attributes[namespace]', 'edited-ns'],
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'edited',
        environment_scope: 'edited/*',
        management_project: { id: projectId },
        platform_cluster: {
          api_url: 'https://new-api-url.com',
          ca_cert: TEST_CA_CERT,
          namespace: 'edited-ns',
          authorization_type: 'rbac',
        },
      });
      const events = auditEventsSince(t.dataDir, before);
      expect(events.map((e) => e.d.change)).toEqual([
        'name',
        'environment_scope',
        'management_project_id',
        'api_url',
        'ca_cert',
        'namespace',
        'token',
      ]);
      const tokenEvent = events.find((e) => e.d.change === 'token')!;
      expect(tokenEvent.d).toMatchObject({ custom_message: 'Changed token of instance cluster edited' });
      expect(tokenEvent.d).not.toHaveProperty('from');
      expect(tokenEvent.d).not.toHaveProperty('to');
      const caEvent = events.find((e) => e.d.change === 'ca_cert')!;
      expect(caEvent.d).not.toHaveProperty('from');
    });

    it('clears the management project and the namespace with null', async () => {
      const res = await api<ClusterJson>('PUT', `/admin/clusters/${id}`, {
        json: { management_project_id: null, platform_kubernetes_attributes: { namespace: null } },
      });
      expect(res.status).toBe(200);
      expect(res.body.management_project).toBeNull();
      expect(res.body.platform_kubernetes.namespace).toBeNull();
    });

    it('records nothing when nothing changes', async () => {
      const before = lastAuditEventId(t.dataDir);
      const res = await api('PUT', `/admin/clusters/${id}`, {
        json: { name: 'edited', platform_kubernetes_attributes: { token: TOKENS.rotated } },
      });
      expect(res.status).toBe(200);
      expect(auditEventsSince(t.dataDir, before)).toEqual([]);
    });

    it('refuses invalid changes and keeps the cluster as it was', async () => {
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [
          { domain: 'invalid domain' },
          { domain: ['contains invalid characters (valid characters: [a-z0-9\\-])'] },
        ],
        [{ environment_scope: '*' }, { environment_scope: ['cannot add duplicated environment scope'] }],
        [{ name: ' ' }, { name: [' has to be present'] }],
        [
          { platform_kubernetes_attributes: { api_url: 'nope' } },
          { 'platform_kubernetes.api_url': ['is blocked: Only allowed schemes are http, https'] },
        ],
        [
          { platform_cluster_attributes: { ca_cert: 'nope' } },
          { 'platform_cluster.ca_cert': ['must be a valid PEM certificate'] },
        ],
        [
          { platform_kubernetes_attributes: { token: '' } },
          { 'platform_kubernetes.token': ["can't be blank"] },
        ],
        [{ managed: true }, { 'platform_kubernetes.namespace': ['only allowed for project cluster'] }],
        [
          { management_project_id: 424242 },
          {
            management_project_id: [
              "Project does not exist or you don't have permission to perform this action",
            ],
          },
        ],
      ];
      await api('PUT', `/admin/clusters/${id}`, {
        json: { managed: false, platform_kubernetes_attributes: { namespace: 'keep-ns' } },
      });
      const before = await api<ClusterJson>('GET', `/admin/clusters/${id}`);
      for (const [json, message] of cases) {
        const res = await api('PUT', `/admin/clusters/${id}`, { json });
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(res.body).toEqual({ message });
      }
      const after = await api<ClusterJson>('GET', `/admin/clusters/${id}`);
      expect(after.body).toEqual(before.body);
    });

    it('keeps its own environment scope and refuses bad parameters', async () => {
      const same = await api('PUT', `/admin/clusters/${id}`, { json: { environment_scope: 'edited/*' } });
      expect(same.status).toBe(200);
      const bad = await api('PUT', `/admin/clusters/${id}`, { json: { enabled: 'sometimes' } });
      expect(bad.body).toEqual({ error: 'enabled is invalid' });
      const both = await api('PUT', `/admin/clusters/${id}`, {
        json: { platform_kubernetes_attributes: {}, platform_cluster_attributes: {} },
      });
      expect(both.body).toEqual({
        error: 'platform_kubernetes_attributes, platform_cluster_attributes are mutually exclusive',
      });
      const missing = await api('PUT', '/admin/clusters/999999', { json: { name: 'x' } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Cluster Not Found' });
    });

    it('forgets a deleted management project', async () => {
      const p = await api<{ id: number }>('POST', '/projects', { json: { name: 'short-lived' } });
      await api('PUT', `/admin/clusters/${id}`, { json: { management_project_id: p.body.id } });
      expect((await api('DELETE', `/projects/${p.body.id}`)).status).toBe(202);
      await t.core.idle();
      const res = await api<ClusterJson>('GET', `/admin/clusters/${id}`);
      expect(res.body.management_project).toBeNull();
    });
  });

  describe('DELETE /admin/clusters/:cluster_id', () => {
    it('removes the cluster (204), audits it, then answers 404', async () => {
      const created = await api<ClusterJson>('POST', '/admin/clusters/add', {
        json: minimal({ name: 'doomed', environment_scope: 'doomed' }),
      });
      const before = lastAuditEventId(t.dataDir);
      const res = await api('DELETE', `/admin/clusters/${created.body.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await api('GET', `/admin/clusters/${created.body.id}`)).status).toBe(404);
      const again = await api('DELETE', `/admin/clusters/${created.body.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: '404 Cluster Not Found' });
      const events = auditEventsSince(t.dataDir, before);
      expect(events).toHaveLength(1);
      expect(events[0]!.d).toMatchObject({
        remove: 'cluster',
        target_type: 'Clusters::Cluster',
        target_id: created.body.id,
        target_details: 'doomed',
        event_name: 'cluster_deleted',
      });
      // The scope is free again.
      const reuse = await api('POST', '/admin/clusters/add', {
        json: minimal({ name: 'reborn', environment_scope: 'doomed' }),
      });
      expect(reuse.status).toBe(201);
    });
  });

  describe('the token', () => {
    it('never appears in a response', () => {
      const all = responses.join('\n');
      for (const token of Object.values(TOKENS)) expect(all).not.toContain(token);
      expect(all).not.toMatch(/"token"/);
    });

    it('never appears in an audit event', () => {
      const rows = auditEventsSince(t.dataDir, 0);
      expect(rows.some((r) => r.d.target_type === 'Clusters::Cluster')).toBe(true);
      for (const r of rows) {
        for (const token of Object.values(TOKENS)) expect(r.details).not.toContain(token);
      }
    });

    it('is stored encrypted: no file of the data dir holds it, yet the core reads it back', () => {
      expect(sqliteFiles(t.dataDir).length).toBeGreaterThan(0);
      for (const token of [TOKENS.first, TOKENS.second, TOKENS.form, TOKENS.multipart, TOKENS.rotated]) {
        expect(filesContaining(t.dataDir, token), token).toEqual([]);
      }
      const db = openCoreDatabase(t.dataDir);
      try {
        const row = db
          .prepare("SELECT platform_token_encrypted AS sealed FROM clusters WHERE name = 'cluster-one'")
          .get() as { sealed: string };
        expect(row.sealed.startsWith('v1:')).toBe(true);
        const box = new SecretBox(loadOrCreateSecretKeySync(t.dataDir));
        expect(box.open(row.sealed, 'clusters.platform_token')).toBe(TOKENS.first);
      } finally {
        db.close();
      }
    });
  });
});

describe('instance clusters: provider clusters, restarts and logs', () => {
  let t: TestCore;

  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it('keeps name, api_url, token and ca_cert of a provider (gcp) cluster, but lets domain change', async () => {
    // A cluster created by a cloud provider integration can't be added through the API; write one directly.
    await t.stop();
    const box = new SecretBox(loadOrCreateSecretKeySync(t.dataDir));
    const db = openCoreDatabase(t.dataDir, { writable: true });
    try {
      db.prepare(
        `INSERT INTO clusters (user_id, name, provider_type, environment_scope, platform_api_url,
           platform_token_encrypted, created_at, updated_at)
         VALUES (1, 'gke-cluster', 'gcp', '*', 'https://35.1.2.3', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      ).run(box.seal(TOKENS.gcp, 'clusters.platform_token'));
    } finally {
      db.close();
    }
    t = await startTestCore({ dataDir: t.dataDir });
    const [gcp] = (await t.api<ClusterJson[]>('GET', '/admin/clusters')).body;
    expect(gcp).toMatchObject({ name: 'gke-cluster', provider_type: 'gcp', platform_type: 'kubernetes' });

    const name = await t.api('PUT', `/admin/clusters/${gcp!.id}`, { json: { name: 'renamed' } });
    expect(name.status).toBe(400);
    expect(name.body).toEqual({
      message: { name: [" can not be changed because it's synchronized with provider"] },
    });
    for (const attrs of [
      { api_url: 'https://new-api-url.com' },
      { token: 'new-sample-token' },
      { ca_cert: TEST_CA_CERT },
    ]) {
      const res = await t.api('PUT', `/admin/clusters/${gcp!.id}`, {
        json: { platform_kubernetes_attributes: attrs },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: { 'platform_kubernetes.base': ['Cannot modify managed Kubernetes cluster'] },
      });
    }
    const neutral = await t.api('PUT', `/admin/clusters/${gcp!.id}`, {
      json: { platform_cluster_attributes: { api_url: 'https://other.example.com' } },
    });
    expect(neutral.body).toEqual({
      message: { 'platform_cluster.base': ['Cannot modify managed Kubernetes cluster'] },
    });
    // Sending the same values is not a change.
    const same = await t.api('PUT', `/admin/clusters/${gcp!.id}`, {
      json: {
        name: 'gke-cluster',
        platform_kubernetes_attributes: { api_url: 'https://35.1.2.3', token: TOKENS.gcp },
      },
    });
    expect(same.status).toBe(200);
    const domain = await t.api<ClusterJson>('PUT', `/admin/clusters/${gcp!.id}`, {
      json: { domain: 'new-domain.com' },
    });
    expect(domain.status).toBe(200);
    expect(domain.body.domain).toBe('new-domain.com');
  });

  it('reads tokens sealed before a restart (the key file survives it)', async () => {
    const add = await t.api<ClusterJson>('POST', '/admin/clusters/add', {
      json: {
        name: 'before-restart',
        environment_scope: 'restart',
        platform_kubernetes_attributes: { api_url: 'https://k.example.com', token: 'restart-token-12345' },
      },
    });
    expect(add.status).toBe(201);
    await t.stop();
    t = await startTestCore({ dataDir: t.dataDir });
    // Re-sending the same token is not a change: the stored token was opened and compared.
    const before = lastAuditEventId(t.dataDir);
    const res = await t.api('PUT', `/admin/clusters/${add.body.id}`, {
      json: { platform_kubernetes_attributes: { token: 'restart-token-12345' } },
    });
    expect(res.status).toBe(200);
    expect(auditEventsSince(t.dataDir, before)).toEqual([]);
  });

  it('never writes the token to the request log, even when sent in the query string', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-core-log-'));
    const capture = captureStdout();
    const core = await createCore({ dataDir, rootToken: ROOT_TOKEN, logger: true });
    try {
      const url = await core.listen({ port: 0 });
      const headers = { 'PRIVATE-TOKEN': ROOT_TOKEN, 'content-type': 'application/json' };
      const q = new URLSearchParams({
        name: 'logged',
        'platform_kubernetes_attributes[api_url]': 'https://log.example.com',
        'platform_kubernetes_attributes[token]': TOKENS.query,
      });
      const viaQuery = await fetch(`${url}/api/v4/admin/clusters/add?${q.toString()}`, {
        method: 'POST',
        headers,
      });
      expect(viaQuery.status).toBe(201);
      const viaBody = await fetch(`${url}/api/v4/admin/clusters/add`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'logged-body',
          environment_scope: 'body',
          platform_kubernetes_attributes: { api_url: 'https://log.example.com', token: TOKENS.first },
        }),
      });
      expect(viaBody.status).toBe(201);
      const list = await fetch(`${url}/api/v4/admin/clusters`, { headers });
      expect(await list.text()).not.toContain(TOKENS.query);
      await expect.poll(() => capture.text()).toContain('/api/v4/admin/clusters');
    } finally {
      await core.close();
      capture.restore();
    }
    const log = capture.text();
    expect(log).toContain('[REDACTED]');
    expect(log).not.toContain(TOKENS.query);
    expect(log).not.toContain(TOKENS.first);
    expect(filesContaining(dataDir, TOKENS.query)).toEqual([]);
    await rm(dataDir, { recursive: true, force: true });
  });
});
