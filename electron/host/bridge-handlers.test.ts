import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_CHANNELS, type BridgeChannel, type BrowserHostCallReply } from '../../shared/ipc-contract.js';
import { createBridgeHandlers, dispatchBridgeCall, type BridgeHandlers } from './bridge-handlers.js';
import { createHost, type Host } from './host.js';
import { loadCreateCore } from './load-core.js';
import { freePort, startFakeGitLab, type FakeGitLab } from './test/fake-gitlab.js';
import { createKeyFileCipher } from './vault/key-file-cipher.js';

const REMOTE_TOKEN = 'glpat-remote-bridge-token-QWERTY12345';
let dir: string;
let gitlab: FakeGitLab;
let host: Host;
let handlers: BridgeHandlers;
let rootToken: string;
const opened: string[] = [];
/** Every reply any channel gave in this file, scanned for tokens at the end. */
const replies: Array<{ channel: BridgeChannel; reply: BrowserHostCallReply }> = [];

async function call(channel: BridgeChannel, ...args: unknown[]): Promise<BrowserHostCallReply> {
  const { reply } = await dispatchBridgeCall(handlers, channel, args);
  replies.push({ channel, reply });
  return reply;
}

function result<T>(reply: BrowserHostCallReply): T {
  if (!('result' in reply)) throw new Error(`expected a result, got ${JSON.stringify(reply)}`);
  return reply.result as T;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-bridge-'));
  gitlab = await startFakeGitLab(REMOTE_TOKEN);
  host = await createHost({
    appDataDir: dir,
    shell: 'browser-host',
    version: '9.9.9',
    cipher: await createKeyFileCipher(join(dir, 'host')),
    cipherId: 'key-file',
    createCore: await loadCreateCore(),
    openExternal: async (url) => void opened.push(url),
    remoteTimeoutMs: 2000,
    env: {},
    exportDir: join(dir, 'exports'),
  });
  handlers = createBridgeHandlers(host);
  rootToken = (await host.vault.get('embedded')) as string;
});
afterAll(async () => {
  await host?.close();
  await gitlab?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('bridge handlers over a real embedded core', () => {
  it('moved the first-start root token into the vault', async () => {
    expect(rootToken).toMatch(/^glpat-/);
    // Only the vault holds it: no plaintext copy is left in the data dir (embedded-root-token.test.ts).
    await expect(readFile(join(dir, 'core', 'initial_root_token'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(result<Array<{ id: string; hasToken: boolean }>>(await call('profiles:list'))).toEqual([
      expect.objectContaining({ id: 'embedded', hasToken: true, active: true }),
    ]);
  });

  it('api:request reaches the embedded core as root', async () => {
    const user = result<{ status: number; body: { username: string } }>(
      await call('api:request', { method: 'GET', path: '/user' }),
    );
    expect(user.status).toBe(200);
    expect(user.body.username).toBe('root');

    const created = result<{ status: number; body: { id: number; name: string } }>(
      await call('api:request', { method: 'POST', path: '/projects', body: { name: 'bridge-demo' } }),
    );
    expect(created.status).toBe(201);
    // api:graphql: the same instance's POST /api/graphql, with the same token.
    const graphql = result<{ status: number; body: unknown }>(
      await call('api:graphql', {
        query: 'query($p: ID!) { project(fullPath: $p) { name } }',
        variables: { p: 'root/bridge-demo' },
      }),
    );
    expect(graphql).toMatchObject({ status: 200, body: { data: { project: { name: 'bridge-demo' } } } });
    const list = result<{ status: number; headers: Record<string, string>; body: Array<{ name: string }> }>(
      await call('api:request', {
        method: 'GET',
        path: '/projects',
        query: { search: 'bridge', per_page: 5 },
      }),
    );
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.name)).toContain('bridge-demo');
    expect(Object.keys(list.headers).every((h) => h === h.toLowerCase())).toBe(true);

    const missing = result<{ status: number }>(
      await call('api:request', { method: 'GET', path: '/projects/999999' }),
    );
    expect(missing.status).toBe(404);
    const tokens = result<{ status: number }>(
      await call('api:request', { method: 'GET', path: '/personal_access_tokens' }),
    );
    expect(tokens.status).toBeLessThan(500);
  });

  it('validates arguments before running anything', async () => {
    expect(await call('api:request', { method: 'TRACE', path: '/user' })).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(await call('api:request', { method: 'GET', path: '/../oauth/token' })).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(await call('api:request', { method: 'GET', path: '/user', extra: 1 })).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(
      await call('profiles:add-remote', { name: 'x', url: 'https://x.example', token: 42 }),
    ).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(await call('profiles:remove')).toMatchObject({ error: { code: 'bad_request' } });
    expect(await call('app:info', 'extra')).toMatchObject({ error: { code: 'bad_request' } });
    expect((await dispatchBridgeCall(handlers, 'profiles:list', 'not-an-array')).status).toBe(400);
  });

  it('manages remote profiles, proxies to them and checks them', async () => {
    const added = result<{ id: string; hasToken: boolean; url: string }>(
      await call('profiles:add-remote', { name: 'Fake', url: `${gitlab.url}/`, token: REMOTE_TOKEN }),
    );
    expect(added).toMatchObject({ hasToken: true, url: gitlab.url });
    expect(result(await call('profiles:check', added.id))).toEqual({
      ok: true,
      version: '17.5.0-ee',
      username: 'alice',
    });
    expect(result(await call('profiles:check', 'embedded'))).toMatchObject({ ok: true, username: 'root' });
    // The check waited for the capability detection (issue 26): the profile list carries it, token-free.
    const listed = result<Array<{ id: string; capabilities?: unknown }>>(await call('profiles:list'));
    expect(listed.find((profile) => profile.id === added.id)?.capabilities).toMatchObject({
      kind: 'gitlab',
      version: '17.5.0-ee',
      edition: 'ee',
      user: { username: 'alice', isAdmin: false },
      adminMode: 'not-admin',
    });
    expect(listed.find((profile) => profile.id === 'embedded')?.capabilities).toBeUndefined();

    expect(result(await call('profiles:set-active', added.id))).toMatchObject({ id: added.id, active: true });
    const echoed = result<{ body: unknown; headers: Record<string, string> }>(
      await call('api:request', { method: 'GET', path: '/echo-token' }),
    );
    expect(echoed.body).toEqual({ token: '[REDACTED]', note: 'you sent [REDACTED]' });
    expect(echoed.headers['set-cookie']).toBeUndefined();
    // profileId overrides the active profile.
    const embeddedUser = result<{ body: { username: string } }>(
      await call('api:request', { method: 'GET', path: '/user', profileId: 'embedded' }),
    );
    expect(embeddedUser.body.username).toBe('root');

    const down = result<{ id: string }>(
      await call('profiles:add-remote', {
        name: 'Down',
        url: `http://127.0.0.1:${await freePort()}`,
        token: REMOTE_TOKEN,
      }),
    );
    expect(await call('api:request', { method: 'GET', path: '/version', profileId: down.id })).toMatchObject({
      error: {
        code: 'unreachable',
        message: expect.stringMatching(/^Could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/),
      },
    });
    expect(result<{ ok: boolean; error: string }>(await call('profiles:check', down.id)).error).toMatch(
      /ECONNREFUSED/,
    );
    const wrong = result<{ id: string }>(
      await call('profiles:add-remote', { name: 'Wrong', url: gitlab.url, token: 'glpat-wrong' }),
    );
    expect(result<{ error: string }>(await call('profiles:check', wrong.id)).error).toMatch(
      /rejected \(401\)/,
    );

    // profiles:update: a wrong token is refused (the stored one kept), the right one replaces it.
    expect(await call('profiles:update', { id: wrong.id, token: 'glpat-still-wrong' })).toMatchObject({
      error: { code: 'bad_request', message: expect.stringMatching(/rejected \(401\)/) },
    });
    expect(
      result(await call('profiles:update', { id: wrong.id, name: 'Fixed', token: REMOTE_TOKEN })),
    ).toMatchObject({ id: wrong.id, name: 'Fixed', hasToken: true });
    expect(result(await call('profiles:check', wrong.id))).toMatchObject({ ok: true });
    expect(await call('profiles:update', { id: wrong.id, extra: 1 })).toMatchObject({
      error: { code: 'bad_request' },
    });

    expect(await call('profiles:check', 'nope')).toMatchObject({ error: { code: 'not_found' } });
    expect(await call('profiles:remove', 'embedded')).toMatchObject({ error: { code: 'bad_request' } });
    expect(await call('profiles:remove', added.id)).toEqual({ result: null });
    expect(host.vault.has(added.id)).toBe(false);
    expect(result<Array<{ id: string; active: boolean }>>(await call('profiles:list'))[0]).toMatchObject({
      id: 'embedded',
      active: true,
    });
    expect(
      await call('profiles:add-remote', { name: 'Bad', url: 'ftp://x', token: REMOTE_TOKEN }),
    ).toMatchObject({
      error: { code: 'bad_request' },
    });
  });

  it('app:info and shell:open-external', async () => {
    expect(result(await call('app:info'))).toEqual({
      version: '9.9.9',
      shell: 'browser-host',
      dataDir: dir,
      platform: process.platform,
      embeddedCoreUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    expect(await call('shell:open-external', 'https://docs.gitlab.com/')).toEqual({ result: null });
    expect(await call('shell:open-external', 'file:///etc/passwd')).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(opened).toEqual(['https://docs.gitlab.com/']);
  });

  it('export:start, export:status and export:cancel run an audit events export', async () => {
    const started = result<{ exportId: string }>(
      await call('export:start', {
        kind: 'audit_events',
        format: 'ndjson',
        filters: { created_after: '2000-01-01T00:00:00Z', entity_type: 'Project' },
      }),
    );
    expect(started.exportId).toEqual(expect.any(String));
    let status = result<{ state: string; written: number; file?: string }>(
      await call('export:status', started.exportId),
    );
    for (let i = 0; i < 200 && status.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = result(await call('export:status', started.exportId));
    }
    expect(status).toMatchObject({ state: 'done', written: expect.any(Number) });
    expect(status.written).toBeGreaterThan(0);
    expect(status.file?.startsWith(join(dir, 'exports'))).toBe(true);
    const exported = await readFile(status.file as string, 'utf8');
    expect(exported).toContain('"entity_type":"Project"');
    expect(exported).not.toContain(rootToken);
    expect(result(await call('export:cancel', started.exportId))).toMatchObject({ state: 'done' });

    expect(await call('export:status', 'unknown-export')).toMatchObject({ error: { code: 'not_found' } });
    expect(
      await call('export:start', {
        kind: 'audit_events',
        format: 'csv',
        filters: { created_after: '2025-01-01' },
      }),
    ).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('created_after') } });
    expect(
      await call('export:start', { kind: 'audit_events', format: 'csv', filters: { entity_id: 3 } }),
    ).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('entity_type') } });
    expect(
      await call('export:start', { kind: 'audit_events', format: 'xlsx', filters: {}, file: '/etc/passwd' }),
    ).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('events:poll long-polls the embedded core’s pipeline and job events; notify:show', async () => {
    const start = result<{ seq: number; live: boolean }>(await call('events:poll', -1, 0));
    expect(start.live).toBe(true);
    const project = result<{ status: number; body: { id: number } }>(
      await call('api:request', {
        method: 'POST',
        path: '/projects',
        body: { name: 'events-feed', initialize_with_readme: true },
      }),
    );
    expect(project.status).toBe(201);
    const waiting = call('events:poll', start.seq, 20_000);
    const commit = result<{ status: number }>(
      await call('api:request', {
        method: 'POST',
        path: `/projects/${project.body.id}/repository/files/.gitlab-ci.yml`,
        body: {
          branch: 'main',
          content: 'say:\n  script:\n    - echo hello\n',
          commit_message: 'Add CI',
        },
      }),
    );
    expect(commit.status).toBe(201);
    const polled = result<{ seq: number; events: Array<Record<string, unknown>> }>(await waiting);
    expect(polled.seq).toBeGreaterThan(start.seq);
    expect(polled.events[0]).toMatchObject({
      profileId: 'embedded',
      projectId: project.body.id,
      pipelineId: expect.any(Number),
      status: expect.any(String),
    });
    expect(await call('events:poll', 'x', 10)).toMatchObject({ error: { code: 'bad_request' } });
    expect(await call('events:poll', 0, 10 ** 9)).toMatchObject({ error: { code: 'bad_request' } });
    // The embedded core is never throttled: no slow-down notice (electron/host/events/slow-down-feed.test.ts
    // covers a throttling instance).
    expect(result(await call('events:slow-downs', -1, 0))).toEqual({ seq: 0, notices: [] });
    // The browser host has no OS notifications (the renderer uses the Web Notifications API there).
    expect(result(await call('notify:show', { title: 'Pipeline #1 passed', body: 'main' }))).toEqual({
      shown: false,
    });
    expect(await call('notify:show', { title: '', body: 'x' })).toMatchObject({
      error: { code: 'bad_request' },
    });
    await host.core?.idle();
  });

  it('onboarding: first run until a choice is recorded; bad choices are refused', async () => {
    expect(result(await call('onboarding:status'))).toMatchObject({ firstRun: true, choice: null });
    expect(await call('onboarding:finish', 'somewhere')).toMatchObject({ error: { code: 'bad_request' } });
    expect(result(await call('onboarding:finish', 'embedded'))).toMatchObject({
      firstRun: false,
      choice: 'embedded',
    });
    expect(result(await call('onboarding:status'))).toMatchObject({ firstRun: false, choice: 'embedded' });
    expect(await call('demo:load', { repositoryPath: 42 })).toMatchObject({ error: { code: 'bad_request' } });
    expect(result(await call('demo:status'))).toMatchObject({ state: expect.any(String) });
  });

  it('no reply on any channel, success or error, ever contains a token', () => {
    expect(new Set(replies.map((r) => r.channel))).toEqual(new Set(BRIDGE_CHANNELS));
    expect(replies.some((r) => 'error' in r.reply)).toBe(true);
    for (const { channel, reply } of replies) {
      const text = JSON.stringify(reply);
      expect(text, channel).not.toContain(rootToken);
      expect(text, channel).not.toContain(REMOTE_TOKEN);
    }
  });
});

describe('embedded core restart', () => {
  it('re-reads an initial_root_token (older versions left one) when the vault lost the embedded token', async () => {
    const again = await mkdtemp(join(tmpdir(), 'outpost-restart-'));
    try {
      const options = {
        appDataDir: again,
        shell: 'browser-host' as const,
        version: '0',
        cipherId: 'key-file',
        createCore: await loadCreateCore(),
        openExternal: async () => undefined,
        env: {},
      };
      const first = await createHost({ ...options, cipher: await createKeyFileCipher(join(again, 'host')) });
      const token = await first.vault.get('embedded');
      await first.vault.delete('embedded');
      await first.close();
      // What an older version left behind; the next start moves it into the vault and deletes it.
      await writeFile(join(again, 'core', 'initial_root_token'), `${token}\n`, { mode: 0o600 });
      const second = await createHost({ ...options, cipher: await createKeyFileCipher(join(again, 'host')) });
      expect(second.core?.initialRootToken).toBeNull();
      expect(await second.vault.get('embedded')).toBe(token);
      await expect(readFile(join(again, 'core', 'initial_root_token'), 'utf8')).rejects.toThrow(/ENOENT/);
      await second.close();
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  });
});
