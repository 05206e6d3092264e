/**
 * Bad input never gives a 5xx (issue 15): a bounded, deterministic fuzz of every route of a real core over
 * real HTTP on loopback. The route list comes from Fastify itself (`onRoute`) while the core's own route
 * plugins register (the `/api/v4` tree, the alert receiver and git's smart HTTP, as app.ts mounts them).
 * Path parameters are filled with real ids of seeded resources (a project with a repository, a branch, a
 * tag, an MR with a note, a pipeline with a job, an issue, a label, a group, a user, an environment and a
 * deployment) or with hostile values; each route then gets the same fixed plan of malformed requests —
 * wrong types, 100 KB strings, control characters and NUL, bad JSON, multipart without a boundary or cut
 * short, wrong content types, bracket-array abuse, numbers too large for SQLite, invalid percent-encodings,
 * duplicate parameters — as the administrator and anonymously. A seeded PRNG picks the hostile values, so
 * every run sends the same requests. The test fails listing every (method, path, input) answered ≥ 500,
 * or answered JSON with another Content-Type than GitLab's exact `application/json` (issue 16).
 * About 4,300 requests; `FUZZ_OUT=<file>` writes the tally of statuses and the failures there, and
 * `FUZZ_LOG=1` turns on the core's log (each 500 is logged with its stack as "request failed").
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRoutes } from '../../graphql/route.js';
import { DEFAULT_ALERT_PAYLOAD_LIMIT } from '../../http/alert-intake.js';
import { alertReceiverRoutes } from '../../routes/alert-receiver.js';
import { gitHttpRoutes } from '../../routes/git-http.js';
import { apiRoutes } from '../../routes/index.js';
import { commitFile } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/** Mulberry32: a small seeded PRNG, so that every run sends the same requests. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface RouteInfo {
  method: string;
  url: string;
}

/** Every route the core registers, as Fastify reports them (HEAD twins dropped). */
async function listRoutes(): Promise<RouteInfo[]> {
  const routes: RouteInfo[] = [];
  const app = Fastify();
  app.addHook('onRoute', (r: RouteOptions) => {
    for (const m of Array.isArray(r.method) ? r.method : [r.method])
      if (m !== 'HEAD') routes.push({ method: m, url: r.url });
  });
  await app.register(apiRoutes, { prefix: '/api/v4', alertPayloadLimit: DEFAULT_ALERT_PAYLOAD_LIMIT });
  await app.register(graphqlRoutes);
  await app.register(alertReceiverRoutes, { payloadLimit: DEFAULT_ALERT_PAYLOAD_LIMIT });
  await app.register(gitHttpRoutes, { hooksDir: '/nonexistent' });
  await app.ready();
  await app.close();
  return routes;
}

/** Routes repeated per namespace depth (`/:p0/:p1/…`): only depths 1 and 2 are fuzzed, the rest are alike. */
function deepNamespaceRoute(url: string): boolean {
  return /^\/:p0\/:p1\/:p2\/:p3/.test(url);
}

interface Seed {
  projectId: number;
  projectPath: string;
  groupId: number;
  userId: number;
  mrIid: number;
  noteId: number;
  issueIid: number;
  labelId: number;
  pipelineId: number;
  jobId: number;
  sha: string;
  environmentId: number;
  deploymentId: number;
  tokenId: number;
  auditEventId: number;
}

/** Strings that have broken parsers, git and SQLite elsewhere. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'feature\u0000',
  '\u0001\u001f\u007f',
  '\t\r\n',
  'x'.repeat(100_000),
  '99999999999999999999',
  '-1',
  '1.5',
  '0x10',
  '',
  ' ',
  '%ff',
  '\ud800',
  '\u202e🙂',
  '../../etc/passwd',
  'refs/heads/main',
  '--upload-pack=touch /tmp/x',
  '-',
  'HEAD',
  'a..b',
  '@{-1}',
  'main~1',
  '*',
  'null',
  '[object Object]',
  '<script>alert(1)</script>',
  "'; DROP TABLE projects; --",
];

/** JSON values of the wrong type. */
const HOSTILE_VALUES: unknown[] = [
  1e20, // 99999999999999999999 as JSON reads it
  -1e20,
  1.5,
  -1,
  0,
  true,
  null,
  [],
  {},
  [[['x']]],
  { a: { b: { c: { d: { e: { f: 'x' } } } } } },
  ['\u0000'],
  { '0': 'x', x: ['y'] },
];

/** Raw query strings with bracket abuse, overflowing numbers, bad percent-encodings and duplicates. */
const HOSTILE_QUERIES = [
  'a[][][]=1',
  'labels[0][x]=1',
  'labels[]=&labels[][]=x',
  'per_page[]=1&page[x]=2',
  'page=99999999999999999999&per_page=99999999999999999999',
  'per_page=%ff',
  'search=%00',
  'search=%ff%fe',
  'ref=%00',
  'ref=a%00b',
  'ref_name=%C0%AF',
  'sha=%00',
  'id=1&id=2&per_page=1&per_page=2',
  'state[$ne]=x',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'order_by[]=x&sort[]=y',
  'scope=%00&status=%00',
  'updated_after=99999999999-01-01&created_before=%00',
  'with_counts[]=1&statistics[x]=1',
  'labels=' + 'a,'.repeat(3000),
  '%=%&%%=1',
  'search=' + 'x'.repeat(20_000),
  'service=%00',
  'private_token=%00',
];

/** Values for hostile path segments (already encoded for the URL). */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%ff',
  '%C0%AF',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '%2e%2e%2F%2e%2e',
  '%20',
  encodeURIComponent('feature\u0001'),
  'x'.repeat(1999),
  '%E2%80%AE',
  'null',
];

/** Field names routes read, filled with plausible values before one is replaced by a hostile one. */
function baselineFields(seed: Seed, n: number): Record<string, unknown> {
  return {
    title: `fz ${n}`,
    name: `fz-${n}`,
    path: `fz-${n}`,
    branch: `fz-${n}`,
    ref: 'main',
    tag_name: `fz-${n}`,
    description: 'd',
    color: '#ff0000',
    body: 'b',
    note: 'n',
    source_branch: 'feature',
    target_branch: 'main',
    content: 'c',
    commit_message: 'm',
    file_path: `fz-${n}.txt`,
    key: `FZ_${n}`,
    value: 'v',
    username: `fz-${n}`,
    email: `fz-${n}@example.com`,
    password: 'correct-horse-battery',
    labels: 'a,b',
    add_labels: 'c',
    state_event: 'close',
    visibility: 'private',
    access_level: 30,
    user_id: seed.userId,
    assignee_ids: [seed.userId],
    expires_at: '2099-01-01',
    scopes: ['api'],
    environment: 'fz',
    sha: seed.sha,
    status: 'success',
    tag: false,
    message: 'm',
    id: seed.projectId,
    namespace_id: seed.groupId,
    per_page: 2,
    page: 1,
  };
}

/** One planned request. */
interface Probe {
  label: string;
  path: string;
  token: string | null;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/** Fill `:params` of `url` from the seed (by name and the route's area), or with `override` for one of them. */
function fillPath(url: string, seed: Seed, override?: { index: number; value: string }): string {
  let i = -1;
  const area = url.replace(/^\/api\/v4\//, '').split('/')[0] ?? '';
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    i += 1;
    if (override && override.index === i) return override.value;
    switch (name) {
      case 'id':
        if (area === 'groups' || area === 'namespaces') return String(seed.groupId);
        if (area === 'users') return String(seed.userId);
        if (area === 'personal_access_tokens') return String(seed.tokenId);
        if (area === 'audit_events') return String(seed.auditEventId);
        return String(seed.projectId);
      case 'project_id':
        return String(seed.projectId);
      case 'user_id':
        return String(seed.userId);
      case 'merge_request_iid':
        return String(seed.mrIid);
      case 'note_id':
        return String(seed.noteId);
      case 'issue_iid':
        return String(seed.issueIid);
      case 'label_id':
        return String(seed.labelId);
      case 'pipeline_id':
        return String(seed.pipelineId);
      case 'job_id':
        return String(seed.jobId);
      case 'environment_id':
        return String(seed.environmentId);
      case 'deployment_id':
        return String(seed.deploymentId);
      case 'audit_event_id':
        return String(seed.auditEventId);
      case 'sha':
        return seed.sha;
      case 'branch':
        return 'feature';
      case 'tag_name':
        return 'v1';
      case 'file_path':
        return 'README.md';
      case 'key':
        return 'FZ_VAR';
      case 'name':
        return 'bug';
      case 'p0':
        return seed.projectPath.split('/')[0]!;
      case 'p1':
        return seed.projectPath.split('/')[1]!;
      case 'endpoint':
        return 'prometheus';
      default:
        return '1';
    }
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const MULTIPART_NO_BOUNDARY = { 'content-type': 'multipart/form-data' };
const TRUNCATED_MULTIPART =
  '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc\r\n--XyZ\r\nContent-Disposition: form-da';

/** The name of the `index`th `:param` of `url`. */
function paramName(url: string, index: number): string {
  return (url.match(/:[A-Za-z0-9_]+/g) ?? [])[index]!.slice(1);
}

/** Percent-encode for a query; a lone surrogate (which `encodeURIComponent` refuses) goes out as the invalid UTF-8 `%ED%A0%80`. */
function queryEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .replace(/[\ud800-\udfff]/g, '\u0001')
      .split('\u0001')
      .map(encodeURIComponent)
      .join('%ED%A0%80');
  }
}

/** `fields` with every string value passed through `f` (numbers and arrays too, as strings). */
function mapStrings(fields: Record<string, unknown>, f: (s: string) => unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, f(Array.isArray(v) ? v.join(',') : String(v))]),
  );
}

/** `fields` as a query or urlencoded string. */
function formEncode(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${queryEncode(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

/**
 * The fixed plan of requests for one route (about 20): every field at once with NUL, control
 * characters, 100 KB or a wrong type (in JSON, urlencoded and the query); one field at a time with a
 * picked hostile string or value; hostile raw queries; broken bodies; hostile path segments; anonymous.
 */
function planFor(route: RouteInfo, seed: Seed, rnd: () => number, n: number): Probe[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const paramCount = (route.url.match(/:[A-Za-z0-9_]+/g) ?? []).length;
  const path = fillPath(route.url, seed);
  const fields = baselineFields(seed, n);
  const withField = (value: unknown) => {
    const name = pick(Object.keys(fields));
    return { name, body: JSON.stringify({ ...fields, [name]: value }) };
  };
  const show = (v: unknown) => {
    const text = JSON.stringify(v) ?? String(v);
    return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
  };
  const admin = 'ADMIN';
  const json = (label: string, body: unknown, token: string | null = admin): Probe => ({
    label,
    path,
    token,
    headers: JSON_TYPE,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const probes: Probe[] = [
    json(
      'json, every field with NUL',
      mapStrings(fields, (v) => `${v}\u0000x`),
    ),
    json(
      'json, every field NUL only',
      mapStrings(fields, () => '\u0000'),
    ),
    route.method === 'GET'
      ? {
          label: 'query, every field 300 characters',
          path: `${path}?${formEncode(mapStrings(fields, () => 'é'.repeat(300)))}`,
          token: admin,
        }
      : json(
          'json, every field 100 KB',
          mapStrings(fields, () => 'x'.repeat(100_000)),
        ),
    json(
      'json, every field a nested object',
      mapStrings(fields, () => ({ a: [{ b: 1 }] })),
    ),
    {
      label: 'urlencoded, every field with control characters',
      path,
      token: admin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formEncode(mapStrings(fields, (v) => `${v}\u0001\u001f\u007f\t`)),
    },
    {
      label: 'query, every field with NUL',
      path: `${path}?${formEncode(mapStrings(fields, (v) => `${v}\u0000`))}`,
      token: admin,
    },
    {
      label: 'query, every field overflowing integers',
      path: `${path}?${formEncode(mapStrings(fields, () => '99999999999999999999'))}`,
      token: admin,
    },
  ];
  {
    const q = pick(HOSTILE_QUERIES);
    probes.push({ label: `query ${q.slice(0, 60)}`, path: `${path}?${q}`, token: admin });
  }
  {
    const s = pick(HOSTILE_STRINGS);
    const f = withField(s);
    probes.push(json(`json ${f.name}=${show(s)}`, f.body));
    const v = pick(HOSTILE_VALUES);
    const g = withField(v);
    probes.push(json(`json ${g.name}=${show(v)}`, g.body));
  }
  probes.push(json('bad JSON', '{"title": "x", '));
  probes.push(json('JSON array body', '[1,2,3]'));
  probes.push({
    label: 'multipart without boundary',
    path,
    token: admin,
    headers: MULTIPART_NO_BOUNDARY,
    body: 'x',
  });
  probes.push({
    label: 'multipart cut short',
    path,
    token: admin,
    headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    body: TRUNCATED_MULTIPART,
  });
  const type = pick([
    'text/xml',
    'application/octet-stream',
    'application/x-www-form-urlencoded; charset=bogus',
    'image/png',
  ]);
  probes.push({
    label: `content type ${type}`,
    path,
    token: admin,
    headers: { 'content-type': type },
    body: '<x>\u0000</x>',
  });
  probes.push({
    label: 'urlencoded bracket abuse',
    path,
    token: admin,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `${pick(HOSTILE_QUERIES)}&title=%00&name=a%00b&labels[0][x]=1&branch[]=%00`,
  });
  for (let index = 0; index < paramCount; index++)
    probes.push({
      label: `path param #${index} with NUL`,
      path: fillPath(route.url, seed, {
        index,
        value: `${fillPath(`:${paramName(route.url, index)}`, seed)}%00`,
      }),
      token: admin,
    });
  if (paramCount > 0) {
    const index = Math.floor(rnd() * paramCount);
    const value = pick(HOSTILE_SEGMENTS);
    probes.push({
      label: `path param #${index}=${value.slice(0, 30)}`,
      path: fillPath(route.url, seed, { index, value }),
      token: admin,
    });
  }
  probes.push({
    label: 'anonymous, multipart without boundary',
    path,
    token: null,
    headers: MULTIPART_NO_BOUNDARY,
    body: 'x',
  });
  {
    const s = pick(HOSTILE_STRINGS);
    probes.push(
      json(
        `anonymous, every field ${show(s)}`,
        mapStrings(fields, () => s),
        null,
      ),
    );
  }
  return probes;
}

interface Sent {
  status: number;
  type: string | undefined;
  body: string;
}

/** Send one request with node:http (so GET may carry a body and the path goes out byte for byte). */
function send(base: URL, agent: http.Agent, method: string, probe: Probe, adminToken: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...probe.headers };
    if (probe.token) headers['private-token'] = adminToken;
    const body = method === 'GET' && !probe.body ? undefined : probe.body;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: probe.path,
        headers,
        agent,
        // Link headers repeat the query: a 20 KB query makes longer headers than Node's 16 KB default.
        maxHeaderSize: 1024 * 1024,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8').slice(0, 300),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

describe('fuzz: no input gives a 5xx', () => {
  let t: TestCore;
  let seed: Seed;
  let routes: RouteInfo[];

  beforeAll(async () => {
    t = await startTestCore(process.env.FUZZ_LOG ? { options: { logger: true } } : {});
    routes = (await listRoutes()).filter((r) => !deepNamespaceRoute(r.url));
    const ok = <R extends { status: number; text: string }>(res: R, what: string): R => {
      if (res.status >= 300) throw new Error(`seeding ${what} failed: ${res.status} ${res.text}`);
      return res;
    };
    const user = await createUserWithToken(t);
    const group = ok(
      await t.api<{ id: number }>('POST', '/groups', {
        json: { name: 'fz-group', path: 'fz-group', visibility: 'public' },
      }),
      'group',
    );
    const project = ok(
      await t.api<{ id: number; path_with_namespace: string }>('POST', '/projects', {
        json: {
          name: 'fz-project',
          namespace_id: group.body.id,
          initialize_with_readme: true,
          visibility: 'public',
        },
      }),
      'project',
    ).body;
    const pid = project.id;
    ok(
      await t.api('POST', `/projects/${pid}/members`, { json: { user_id: user.id, access_level: 30 } }),
      'member',
    );
    await commitFile(t, pid, '.gitlab-ci.yml', 'build:\n  script: echo hi\n  when: manual\n', {
      message: 'CI',
    });
    ok(
      await t.api('POST', `/projects/${pid}/repository/branches`, {
        json: { branch: 'feature', ref: 'main' },
      }),
      'branch',
    );
    await commitFile(t, pid, 'feature.txt', 'feature\n', { branch: 'feature', message: 'Feature' });
    ok(
      await t.api('POST', `/projects/${pid}/repository/tags`, { json: { tag_name: 'v1', ref: 'main' } }),
      'tag',
    );
    const mr = ok(
      await t.api<{ iid: number }>('POST', `/projects/${pid}/merge_requests`, {
        json: { source_branch: 'feature', target_branch: 'main', title: 'Fuzz MR' },
      }),
      'merge request',
    ).body;
    const note = ok(
      await t.api<{ id: number }>('POST', `/projects/${pid}/merge_requests/${mr.iid}/notes`, {
        json: { body: 'hello' },
      }),
      'note',
    ).body;
    const issue = ok(
      await t.api<{ iid: number }>('POST', `/projects/${pid}/issues`, { json: { title: 'Fuzz issue' } }),
      'issue',
    ).body;
    const label = ok(
      await t.api<{ id: number }>('POST', `/projects/${pid}/labels`, {
        json: { name: 'bug', color: '#ff0000' },
      }),
      'label',
    ).body;
    const pipeline = ok(
      await t.api<{ id: number; sha: string }>('POST', `/projects/${pid}/pipeline`, {
        json: { ref: 'main' },
      }),
      'pipeline',
    ).body;
    const jobs = ok(
      await t.api<{ id: number }[]>('GET', `/projects/${pid}/pipelines/${pipeline.id}/jobs`),
      'jobs',
    ).body;
    const env = ok(
      await t.api<{ id: number }>('POST', `/projects/${pid}/environments`, { json: { name: 'fz-env' } }),
      'environment',
    ).body;
    const dep = await t.api<{ id: number }>('POST', `/projects/${pid}/deployments`, {
      json: { environment: 'fz-env', sha: pipeline.sha, ref: 'main', tag: false, status: 'success' },
    });
    const tokens = ok(await t.api<{ id: number }[]>('GET', '/personal_access_tokens'), 'tokens').body;
    const audit = await t.api<{ id: number }[]>('GET', '/audit_events');
    ok(await t.api('POST', '/admin/ci/variables', { json: { key: 'FZ_VAR', value: 'x' } }), 'variable');
    await t.core.idle();
    seed = {
      projectId: pid,
      projectPath: project.path_with_namespace,
      groupId: group.body.id,
      userId: user.id,
      mrIid: mr.iid,
      noteId: note.id,
      issueIid: issue.iid,
      labelId: label.id,
      pipelineId: pipeline.id,
      jobId: jobs[0]?.id ?? 1,
      sha: pipeline.sha,
      environmentId: env.id,
      deploymentId: dep.status === 201 ? dep.body.id : 1,
      tokenId: tokens[0]?.id ?? 1,
      auditEventId: Array.isArray(audit.body) ? (audit.body[0]?.id ?? 1) : 1,
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  it(
    'answers every malformed request to every route below 500, JSON as application/json',
    { timeout: 240_000 },
    async () => {
      const rnd = prng(0x15_f022);
      const base = new URL(t.url);
      const agent = new http.Agent({ keepAlive: false });
      // Deletions and state changes of the seeded resources last, so the other routes see them alive.
      const destructive = (r: RouteInfo) =>
        r.method === 'DELETE' || /\/(archive|transfer|block|ban|deactivate)$/.test(r.url);
      const ordered = [...routes.filter((r) => !destructive(r)), ...routes.filter(destructive)];
      const failures: string[] = [];
      let sent = 0;
      const statuses = new Map<number, number>();
      const slow: [number, string][] = [];
      for (const [n, route] of ordered.entries()) {
        const started = performance.now();
        for (const probe of planFor(route, seed, rnd, n)) {
          sent += 1;
          let res: Sent;
          try {
            res = await send(base, agent, route.method, probe, t.rootToken);
          } catch (err) {
            failures.push(`${route.method} ${route.url} [${probe.label}] → no response: ${String(err)}`);
            continue;
          }
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          // Issue 16: JSON goes out as exactly `application/json`, error answers included.
          if (res.type?.startsWith('application/json') && res.type !== 'application/json')
            failures.push(
              `${route.method} ${probe.path.slice(0, 120)} [${probe.label}] → Content-Type ${res.type}`,
            );
          if (res.status >= 500)
            failures.push(
              `${route.method} ${probe.path.slice(0, 120)} [${probe.label}] → ${res.status} ${res.body}`,
            );
        }
        slow.push([performance.now() - started, `${route.method} ${route.url}`]);
      }
      agent.destroy();
      slow.sort((a, b) => b[0] - a[0]);
      await t.core.idle();
      expect(routes.length).toBeGreaterThan(150);
      expect(sent).toBeGreaterThan(routes.length * 10);
      if (process.env.FUZZ_OUT)
        writeFileSync(
          process.env.FUZZ_OUT,
          [
            `${sent} requests to ${routes.length} routes`,
            ...slow.slice(0, 15).map(([ms, r]) => `${Math.round(ms)} ms ${r}`),
            JSON.stringify([...statuses].sort()),
            ...failures,
          ].join('\n'),
        );
      expect(failures).toEqual([]);
    },
  );
});
