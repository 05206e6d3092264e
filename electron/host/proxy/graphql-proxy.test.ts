/**
 * The bridge's `api:graphql` channel through the real host: to the embedded core's `POST /api/graphql`
 * (in-process), and to a remote instance's `POST <url>/api/graphql` (a real HTTP server on loopback standing
 * in for GitLab: doc/api/graphql/_index.md "the endpoint is /api/graphql", a JSON body of
 * `{query, variables, operationName}`, the token in `PRIVATE-TOKEN`), through the same per-instance rate
 * limiter as REST (a 429 with `Retry-After` is waited out and retried, doc/security/rate_limits.md), and
 * with nothing else reachable: the channel takes no path.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse, BrowserHostCallReply } from '../../../shared/ipc-contract.js';
import { createBridgeHandlers, dispatchBridgeCall, type BridgeHandlers } from '../bridge-handlers.js';
import { createHost, type Host } from '../host.js';
import { loadCreateCore } from '../load-core.js';
import { createKeyFileCipher } from '../vault/key-file-cipher.js';

const TOKEN = 'glpat-graphql-proxy-token-0123456789';

interface Seen {
  method: string;
  url: string;
  token: string | undefined;
  contentType: string | undefined;
  body: string;
}

let dir: string;
let host: Host;
let handlers: BridgeHandlers;
let server: Server;
let remoteUrl: string;
const seen: Seen[] = [];
/** Answers still to give to `/api/graphql` before the normal one (status, headers). */
const refusals: { status: number; headers: Record<string, string> }[] = [];

async function call(channel: 'api:graphql' | 'profiles:set-active', ...args: unknown[]) {
  const { reply } = await dispatchBridgeCall(handlers, channel, args);
  return reply;
}

function result<T>(reply: BrowserHostCallReply): T {
  if (!('result' in reply)) throw new Error(`expected a result, got ${JSON.stringify(reply)}`);
  return reply.result as T;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const token = req.headers['private-token'];
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        token: typeof token === 'string' ? token : undefined,
        contentType: req.headers['content-type'],
        body,
      });
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
      if (req.url === '/api/v4/version') return send(200, { version: '18.6.0-ee', revision: 'abc' });
      if (req.url === '/api/v4/user') return send(200, { id: 1, username: 'root', is_admin: true });
      if (req.url === '/api/graphql' && req.method === 'POST') {
        const refusal = refusals.shift();
        if (refusal) return send(refusal.status, { message: 'Retry later' }, refusal.headers);
        return send(200, { data: { project: null } });
      }
      return send(404, { message: '404 Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  dir = await mkdtemp(join(tmpdir(), 'outpost-graphql-proxy-'));
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '9.9.9',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    createCore: await loadCreateCore(),
    openExternal: async () => undefined,
    remoteTimeoutMs: 5000,
    env: {},
    exportDir: join(dir, 'exports'),
  });
  handlers = createBridgeHandlers(host);
});

afterAll(async () => {
  await host?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('api:graphql', () => {
  it('reaches the embedded core’s /api/graphql with the vault’s token', async () => {
    const project = await host.proxy.request({
      method: 'POST',
      path: '/projects',
      body: { name: 'GraphQL proxy' },
    });
    const fullPath = (project.body as { path_with_namespace: string }).path_with_namespace;
    const reply = await call('api:graphql', {
      query: 'query($p: ID!) { project(fullPath: $p) { fullPath alertManagementAlertStatusCounts { all } } }',
      variables: { p: fullPath },
    });
    const res = result<ApiResponse>(reply);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { project: { fullPath, alertManagementAlertStatusCounts: { all: 0 } } },
    });
    expect(JSON.stringify(res)).not.toContain((await host.vault.get('embedded')) as string);
  });

  it('takes no path: only /api/graphql is reachable', async () => {
    const reply = await call('api:graphql', { query: '{ __typename }', path: '/users' });
    expect(reply).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('posts to a remote instance’s /api/graphql with the token, through its rate limiter', async () => {
    const added = await host.profiles.addRemote({ name: 'GitLab', url: remoteUrl, token: TOKEN });
    seen.length = 0;
    refusals.push({ status: 429, headers: { 'retry-after': '1' } });
    const reply = await call('api:graphql', {
      query: 'query Alerts($p: ID!) { project(fullPath: $p) { id } }',
      variables: { p: 'shop/checkout' },
      operationName: 'Alerts',
      profileId: added.id,
    });
    const res = result<ApiResponse>(reply);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { project: null } });
    const graphql = seen.filter((request) => request.url === '/api/graphql');
    // The 429 was waited out and the request sent again, as the limiter does for REST.
    expect(graphql).toHaveLength(2);
    for (const request of graphql) {
      expect(request).toMatchObject({ method: 'POST', token: TOKEN, contentType: 'application/json' });
      expect(JSON.parse(request.body)).toEqual({
        query: 'query Alerts($p: ID!) { project(fullPath: $p) { id } }',
        variables: { p: 'shop/checkout' },
        operationName: 'Alerts',
      });
    }
    expect(seen.every((request) => request.url === '/api/graphql')).toBe(true);
    expect(JSON.stringify(res)).not.toContain(TOKEN);
  });
});
