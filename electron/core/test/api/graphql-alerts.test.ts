/**
 * `POST /api/graphql` (the alert management subset of GitLab's schema, electron/core/graphql/) over real
 * HTTP: reading alerts, counts and integrations, the mutations, pagination with `first`/`after`, GitLab's
 * permission rules (Developer reads alerts, Maintainer manages integrations;
 * doc/operations/incident_management/alerts.md, spec/requests/api/graphql/project/alert_management/
 * http_integrations_spec.rb), authentication (401 "Invalid token"), malformed input (never a 5xx) and the
 * depth/complexity limits of app/graphql/gitlab_schema.rb.
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitErrors, limitsFor } from '../../graphql/limits.js';
import { createAlertProject, createIntegration, notify } from '../helpers/alerts.js';
import type { AlertProject, CreatedIntegration } from '../helpers/alerts.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface GraphqlReply<T = Record<string, unknown>> {
  status: number;
  body: { data?: T; errors?: { message: string; path?: unknown[] }[] };
  text: string;
}

let t: TestCore;
let project: AlertProject;
let integration: CreatedIntegration;

/** POST /api/graphql with the root token unless `token` is given (null: anonymous). */
async function gql<T = Record<string, unknown>>(
  query: string,
  variables?: unknown,
  opts: { token?: string | null; raw?: string; headers?: Record<string, string> } = {},
): Promise<GraphqlReply<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  const token = opts.token === undefined ? t.rootToken : opts.token;
  if (token !== null) headers['private-token'] = token;
  const res = await fetch(`${t.url}/api/graphql`, {
    method: 'POST',
    headers,
    body: opts.raw ?? JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  let body: GraphqlReply<T>['body'] = {};
  try {
    body = JSON.parse(text) as GraphqlReply<T>['body'];
  } catch {
    // left empty: the test will say what came back
  }
  return { status: res.status, body, text };
}

const ALERTS = /* GraphQL */ `
  query Alerts(
    $fullPath: ID!
    $statuses: [AlertManagementStatus!]
    $first: Int
    $after: String
    $search: String
  ) {
    project(fullPath: $fullPath) {
      alertManagementAlerts(
        statuses: $statuses
        first: $first
        after: $after
        search: $search
        sort: STARTED_AT_ASC
      ) {
        count
        nodes {
          iid
          title
          severity
          status
          eventCount
          startedAt
          endedAt
          monitoringTool
          service
          hosts
          details
          webUrl
        }
        pageInfo {
          hasNextPage
          hasPreviousPage
          startCursor
          endCursor
        }
      }
    }
  }
`;

const COUNTS = /* GraphQL */ `
  query Counts($fullPath: ID!, $search: String) {
    project(fullPath: $fullPath) {
      alertManagementAlertStatusCounts(search: $search) {
        all
        open
        triggered
        acknowledged
        resolved
        ignored
      }
    }
  }
`;

const INTEGRATIONS = /* GraphQL */ `
  query Integrations($fullPath: ID!) {
    project(fullPath: $fullPath) {
      alertManagementHttpIntegrations {
        nodes {
          id
          name
          active
          type
          url
          token
          apiUrl
        }
      }
    }
  }
`;

type AlertsData = {
  project: {
    alertManagementAlerts: {
      count: number;
      nodes: Record<string, unknown>[];
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
    } | null;
  } | null;
};

beforeAll(async () => {
  t = await startTestCore();
  project = await createAlertProject(t, { depth: 1 });
  integration = await createIntegration(t, project.id, { name: 'Prometheus prod' });
  for (let i = 1; i <= 5; i++) {
    const res = await notify(t, integration.url, integration.token, {
      title: `Disk ${i} almost full`,
      severity: i === 5 ? 'low' : 'high',
      start_time: `2026-01-0${i}T10:00:00Z`,
      service: 'db',
      monitoring_tool: 'Prometheus',
      hosts: [`db-0${i}`],
      runbook: 'https://runbooks.example.com/disk',
    });
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('reading alerts', () => {
  it('lists alerts as AlertManagementAlert nodes, paginated with first/after', async () => {
    const first = await gql<AlertsData>(ALERTS, { fullPath: project.fullPath, first: 2 });
    expect(first.status).toBe(200);
    expect(first.body.errors).toBeUndefined();
    const page1 = first.body.data!.project!.alertManagementAlerts!;
    expect(page1.count).toBe(5);
    expect(page1.nodes.map((n) => n.title)).toEqual(['Disk 1 almost full', 'Disk 2 almost full']);
    expect(page1.nodes[0]).toMatchObject({
      iid: '1',
      severity: 'HIGH',
      status: 'TRIGGERED',
      eventCount: 1,
      monitoringTool: 'Prometheus',
      service: 'db',
      hosts: ['db-01'],
      endedAt: null,
      details: { runbook: 'https://runbooks.example.com/disk' },
    });
    expect(page1.nodes[0]!.webUrl).toMatch(new RegExp(`/${project.fullPath}/-/alert_management/1/details$`));
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const second = await gql<AlertsData>(ALERTS, {
      fullPath: project.fullPath,
      first: 2,
      after: page1.pageInfo.endCursor,
    });
    const page2 = second.body.data!.project!.alertManagementAlerts!;
    expect(page2.nodes.map((n) => n.title)).toEqual(['Disk 3 almost full', 'Disk 4 almost full']);
    expect(page2.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    const third = await gql<AlertsData>(ALERTS, {
      fullPath: project.fullPath,
      first: 2,
      after: page2.pageInfo.endCursor,
    });
    const page3 = third.body.data!.project!.alertManagementAlerts!;
    expect(page3.nodes.map((n) => n.title)).toEqual(['Disk 5 almost full']);
    expect(page3.pageInfo.hasNextPage).toBe(false);
  });

  it('filters by statuses and search; counts per status with the same search', async () => {
    const res = await gql<AlertsData>(ALERTS, { fullPath: project.fullPath, search: 'Disk 3' });
    expect(res.body.data!.project!.alertManagementAlerts!.nodes.map((n) => n.title)).toEqual([
      'Disk 3 almost full',
    ]);
    const counts = await gql<{ project: { alertManagementAlertStatusCounts: Record<string, number> } }>(
      COUNTS,
      { fullPath: project.fullPath },
    );
    expect(counts.body.data!.project.alertManagementAlertStatusCounts).toEqual({
      all: 5,
      open: 5,
      triggered: 5,
      acknowledged: 0,
      resolved: 0,
      ignored: 0,
    });
    const none = await gql<AlertsData>(ALERTS, { fullPath: project.fullPath, statuses: ['RESOLVED'] });
    expect(none.body.data!.project!.alertManagementAlerts!.nodes).toEqual([]);
  });

  it('finds one alert by iid', async () => {
    const res = await gql<AlertsData>(
      `query($p: ID!) { project(fullPath: $p) { alertManagementAlerts(iid: "4") { nodes { iid title } } } }`,
      { p: project.fullPath },
    );
    expect(res.body.data!.project!.alertManagementAlerts!.nodes).toEqual([
      { iid: '4', title: 'Disk 4 almost full' },
    ]);
  });

  it('an unknown or unreadable project is null, with no error', async () => {
    const missing = await gql<AlertsData>(ALERTS, { fullPath: 'nobody/nothing' });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ data: { project: null } });
    const stranger = await gql<AlertsData>(
      ALERTS,
      { fullPath: project.fullPath },
      { token: project.users.stranger.token },
    );
    expect(stranger.body).toEqual({ data: { project: null } });
  });

  it('a Reporter sees no alerts (Developer or above reads them), nor integrations', async () => {
    const res = await gql<AlertsData>(
      ALERTS,
      { fullPath: project.fullPath },
      { token: project.users.reporter.token },
    );
    expect(res.body.data!.project!.alertManagementAlerts).toMatchObject({ count: 0, nodes: [] });
    const integrations = await gql(
      INTEGRATIONS,
      { fullPath: project.fullPath },
      {
        token: project.users.reporter.token,
      },
    );
    expect(integrations.body.data).toEqual({ project: { alertManagementHttpIntegrations: null } });
  });

  it('a Developer reads alerts but sees no integration; a Maintainer sees them, without the key', async () => {
    const dev = await gql<AlertsData>(
      ALERTS,
      { fullPath: project.fullPath },
      { token: project.users.developer.token },
    );
    expect(dev.body.data!.project!.alertManagementAlerts!.count).toBe(5);
    const devIntegrations = await gql(
      INTEGRATIONS,
      { fullPath: project.fullPath },
      {
        token: project.users.developer.token,
      },
    );
    expect(devIntegrations.body.data).toEqual({
      project: { alertManagementHttpIntegrations: { nodes: [] } },
    });
    const maintainer = await gql(
      INTEGRATIONS,
      { fullPath: project.fullPath },
      {
        token: project.users.maintainer.token,
      },
    );
    expect(maintainer.body.data).toEqual({
      project: {
        alertManagementHttpIntegrations: {
          nodes: [
            {
              id: `gid://gitlab/AlertManagement::HttpIntegration/${integration.id}`,
              name: 'Prometheus prod',
              active: true,
              type: 'HTTP',
              url: integration.url,
              token: null,
              apiUrl: null,
            },
          ],
        },
      },
    });
  });
});

describe('mutations', () => {
  const UPDATE = /* GraphQL */ `
    mutation ($input: UpdateAlertStatusInput!) {
      updateAlertStatus(input: $input) {
        alert {
          iid
          status
          endedAt
        }
        errors
        clientMutationId
      }
    }
  `;

  it('updateAlertStatus: a Developer acknowledges and resolves; a Reporter is refused', async () => {
    const ack = await gql(
      UPDATE,
      { input: { projectPath: project.fullPath, iid: '1', status: 'ACKNOWLEDGED', clientMutationId: 'x' } },
      { token: project.users.developer.token },
    );
    expect(ack.body).toEqual({
      data: {
        updateAlertStatus: {
          alert: { iid: '1', status: 'ACKNOWLEDGED', endedAt: null },
          errors: [],
          clientMutationId: 'x',
        },
      },
    });
    const resolved = await gql<{ updateAlertStatus: { alert: { endedAt: string | null } } }>(UPDATE, {
      input: { projectPath: project.fullPath, iid: '1', status: 'RESOLVED' },
    });
    expect(resolved.body.data!.updateAlertStatus.alert.endedAt).toEqual(expect.any(String));

    const refused = await gql(
      UPDATE,
      { input: { projectPath: project.fullPath, iid: '2', status: 'IGNORED' } },
      { token: project.users.reporter.token },
    );
    expect(refused.status).toBe(200);
    expect(refused.body.data).toEqual({ updateAlertStatus: null });
    expect(refused.body.errors![0]!.message).toBe(
      "The resource that you are attempting to access does not exist or you don't have permission to perform this action",
    );
    const counts = await gql<{ project: { alertManagementAlertStatusCounts: Record<string, number> } }>(
      COUNTS,
      { fullPath: project.fullPath },
    );
    expect(counts.body.data!.project.alertManagementAlertStatusCounts).toMatchObject({
      resolved: 1,
      ignored: 0,
      triggered: 4,
    });
  });

  it('the integration mutations: create (key shown once), update, reset the key, destroy; Maintainer only', async () => {
    const create = await gql<{
      httpIntegrationCreate: {
        integration: { id: string; token: string; url: string; active: boolean } | null;
        errors: string[];
      };
    }>(
      `mutation($input: HttpIntegrationCreateInput!) {
        httpIntegrationCreate(input: $input) { integration { id name active token url } errors }
      }`,
      { input: { projectPath: project.fullPath, name: 'Grafana', active: false } },
      { token: project.users.maintainer.token },
    );
    const created = create.body.data!.httpIntegrationCreate.integration!;
    expect(created).toMatchObject({ active: false });
    expect(created.token).toMatch(/^[0-9a-f]{32}$/);
    expect(created.id).toMatch(/^gid:\/\/gitlab\/AlertManagement::HttpIntegration\/\d+$/);

    const blank = await gql<{ httpIntegrationCreate: { integration: null; errors: string[] } }>(
      `mutation { httpIntegrationCreate(input: {projectPath: "${project.fullPath}", name: " ", active: true}) { integration { id } errors } }`,
    );
    expect(blank.body.data!.httpIntegrationCreate.integration).toBeNull();
    expect(blank.body.data!.httpIntegrationCreate.errors.length).toBeGreaterThan(0);

    const byDeveloper = await gql(
      `mutation($id: AlertManagementHttpIntegrationID!) { httpIntegrationUpdate(input: {id: $id, active: true}) { integration { id } errors } }`,
      { id: created.id },
      { token: project.users.developer.token },
    );
    expect(byDeveloper.body.data).toEqual({ httpIntegrationUpdate: null });

    const update = await gql<{ httpIntegrationUpdate: { integration: { name: string; active: boolean } } }>(
      `mutation($id: AlertManagementHttpIntegrationID!) { httpIntegrationUpdate(input: {id: $id, name: "Grafana prod", active: true}) { integration { name active } errors } }`,
      { id: created.id },
    );
    expect(update.body.data!.httpIntegrationUpdate.integration).toEqual({
      name: 'Grafana prod',
      active: true,
    });

    const reset = await gql<{ httpIntegrationResetToken: { integration: { token: string } } }>(
      `mutation($id: AlertManagementHttpIntegrationID!) { httpIntegrationResetToken(input: {id: $id}) { integration { token } errors } }`,
      { id: created.id },
    );
    const newKey = reset.body.data!.httpIntegrationResetToken.integration.token;
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    expect(newKey).not.toBe(created.token);
    expect((await notify(t, created.url, created.token, { title: 'old key' })).status).toBe(401);
    expect((await notify(t, created.url, newKey, { title: 'new key' })).status).toBe(200);

    const destroy = await gql<{ httpIntegrationDestroy: { integration: { id: string } } }>(
      `mutation($id: AlertManagementHttpIntegrationID!) { httpIntegrationDestroy(input: {id: $id}) { integration { id } errors } }`,
      { id: created.id },
    );
    expect(destroy.body.data!.httpIntegrationDestroy.integration.id).toBe(created.id);
    const again = await gql(
      `mutation($id: AlertManagementHttpIntegrationID!) { httpIntegrationDestroy(input: {id: $id}) { errors } }`,
      { id: created.id },
    );
    expect(again.body.data).toEqual({ httpIntegrationDestroy: null });
    expect(again.body.errors).toHaveLength(1);
  });
});

describe('authentication', () => {
  it('an unknown token is 401 {"errors":[{"message":"Invalid token"}]}', async () => {
    const res = await gql(ALERTS, { fullPath: project.fullPath }, { token: 'glpat-not-a-real-token-000000' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [{ message: 'Invalid token' }] });
  });

  it('Authorization: Bearer works as PRIVATE-TOKEN does', async () => {
    const res = await gql<AlertsData>(
      ALERTS,
      { fullPath: project.fullPath },
      {
        token: null,
        headers: { authorization: `Bearer ${project.users.developer.token}` },
      },
    );
    expect(res.body.data!.project!.alertManagementAlerts!.count).toBeGreaterThan(0);
  });

  it('anonymous callers may query but see nothing private', async () => {
    const res = await gql(ALERTS, { fullPath: project.fullPath }, { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { project: null } });
  });

  it('a read_api token queries but may not mutate', async () => {
    const dev = await createUserWithToken(t, { scopes: ['read_api'] });
    const m = await t.api('POST', `/projects/${project.id}/members`, {
      json: { user_id: dev.id, access_level: 30 },
    });
    expect(m.status).toBe(201);
    const read = await gql<AlertsData>(ALERTS, { fullPath: project.fullPath }, { token: dev.token });
    expect(read.status).toBe(200);
    expect(read.body.data!.project!.alertManagementAlerts!.count).toBeGreaterThan(0);
    const write = await gql(
      `mutation($p: ID!) { updateAlertStatus(input: {projectPath: $p, iid: "3", status: IGNORED}) { errors } }`,
      { p: project.fullPath },
      { token: dev.token },
    );
    expect(write.status).toBe(200);
    expect(write.body.data).toBeUndefined();
    expect(write.body.errors![0]!.message).toMatch(/^The resource that you are attempting to access/);
    // REST writes stay refused to read_api (lib/api/api.rb: read_api only for GET/HEAD).
    const rest = await t.api('PUT', `/projects/${project.id}/alert_management/alerts/3`, {
      token: dev.token,
      json: { status: 'ignored' },
    });
    expect(rest.status).toBe(403);
  });

  it('a token without the api scope is 403 in GraphQL shape', async () => {
    const user = await createUserWithToken(t, { scopes: ['read_user'] });
    const res = await gql(ALERTS, { fullPath: project.fullPath }, { token: user.token });
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.message).toEqual(expect.any(String));
  });
});

describe('malformed input never answers 5xx', () => {
  const cases: [string, string, number][] = [
    ['not JSON', '{"query": ', 400],
    ['a JSON array', '[{"query": "{ project(fullPath: \\"a/b\\") { id } }"}]', 400],
    ['no query', '{}', 200],
    ['a syntax error', '{"query": "{ project(fullPath: "}', 200],
    ['an unknown field', '{"query": "{ nope }"}', 200],
    ['variables that are not an object', '{"query": "{ __typename }", "variables": "[1]"}', 422],
    ['a missing variable', '{"query": "query($p: ID!) { project(fullPath: $p) { id } }"}', 200],
    [
      'a wrong variable type',
      '{"query": "query($f: Int) { project(fullPath: \\"a/b\\") { alertManagementAlerts(first: $f) { count } } }", "variables": {"f": "x"}}',
      200,
    ],
    [
      'a bad cursor',
      `{"query": "{ project(fullPath: \\"PATH\\") { alertManagementAlerts(after: \\"zzz\\") { count } } }"}`,
      200,
    ],
    [
      'first over 100',
      `{"query": "{ project(fullPath: \\"PATH\\") { alertManagementAlerts(first: 101) { count } } }"}`,
      200,
    ],
    [
      'a bad global id',
      '{"query": "mutation { httpIntegrationDestroy(input: {id: \\"gid://gitlab/Project/1\\"}) { errors } }"}',
      200,
    ],
    [
      'a non-numeric iid',
      `{"query": "mutation { updateAlertStatus(input: {projectPath: \\"PATH\\", iid: \\"x\\", status: RESOLVED}) { errors } }"}`,
      200,
    ],
  ];
  for (const [name, raw, status] of cases) {
    it(`${name}: ${status} with errors`, async () => {
      const res = await gql('', undefined, { raw: raw.replaceAll('PATH', project.fullPath) });
      expect(res.status, res.text).toBe(status);
      expect(res.body.errors?.length, res.text).toBeGreaterThan(0);
      expect(typeof res.body.errors![0]!.message).toBe('string');
    });
  }
});

describe('limits (app/graphql/gitlab_schema.rb)', () => {
  it('refuses a query over the authenticated complexity of 250', async () => {
    const fields = Array.from({ length: 320 }, (_, i) => `a${i}: id`).join(' ');
    const res = await gql(`{ project(fullPath: "${project.fullPath}") { ${fields} } }`);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors![0]!.message).toMatch(
      /^Query has complexity of \d+, which exceeds max complexity of 300$/,
    );
    const user = await gql(`{ project(fullPath: "${project.fullPath}") { ${fields} } }`, undefined, {
      token: project.users.developer.token,
    });
    expect(user.body.errors![0]!.message).toMatch(/exceeds max complexity of 250$/);
  });

  it('measures depth with fragments expanded: 16 levels are over the anonymous limit of 15', () => {
    // The served schema has no recursive type, so depth is checked on the document alone (limits.ts).
    let selection = 'id';
    for (let i = 0; i < 15; i++) selection = `f${i} { ${selection} }`;
    const doc = parse(`query { ...Deep } fragment Deep on Query { ${selection} }`);
    expect(limitErrors(doc, undefined, limitsFor('anonymous'))).toEqual([
      'Query has depth of 16, which exceeds max depth of 15',
    ]);
    expect(limitErrors(doc, undefined, limitsFor('user'))).toEqual([]);
  });
});
