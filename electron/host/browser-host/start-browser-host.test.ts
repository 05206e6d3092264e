import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../csp.js';
import type { CreateCore } from '../embedded-core.js';
import { loadCreateCore } from '../load-core.js';
import { startBrowserHost, type BrowserHost } from './start-browser-host.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Raw HTTP (node:http), so tests can send any Host/Origin header a browser or attacker could. */
function send(
  port: number,
  {
    method = 'GET',
    path = '/',
    headers = {},
    body,
  }: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers, setHost: !('host' in headers) },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let dir: string;
let rendererDir: string;
let bh: BrowserHost;
let port: number;
let secret: string;
let rootToken: string;
const allReplies: string[] = [];

async function bridge(
  channel: string,
  args: unknown[],
  headers: Record<string, string> = {},
): Promise<Reply> {
  const reply = await send(port, {
    method: 'POST',
    path: `/bridge/${channel}`,
    headers: { 'content-type': 'application/json', 'x-outpost-secret': secret, ...headers },
    body: JSON.stringify({ args }),
  });
  allReplies.push(reply.text, JSON.stringify(reply.headers));
  return reply;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-bh-'));
  rendererDir = join(dir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    '<!doctype html><title>Outpost</title><script src="./color-scheme.js"></script><div id="root"></div>',
  );
  await writeFile(join(rendererDir, 'color-scheme.js'), 'document.documentElement.dataset.scheme = "dark";');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log("app")');
  await writeFile(join(rendererDir, 'assets', 'app-Bx3_k-9Q.js'), 'console.log("app")');
  await writeFile(join(rendererDir, 'assets', 'app-Bx3_k-9Q.js.map'), '{"version":3}');
  bh = await startBrowserHost({ appDataDir: join(dir, 'data'), port: 0, rendererDir });
  const launch = new URL(bh.urlWithSecret);
  port = Number(launch.port);
  secret = launch.searchParams.get('secret') as string;
  rootToken = (await (await bh.ready).vault.get('embedded')) as string;
});
afterAll(async () => {
  await bh?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('browser host', () => {
  it('listens on 127.0.0.1 with a 32-byte launch secret in the URL', () => {
    expect(bh.url).toBe(`http://127.0.0.1:${port}`);
    expect(bh.urlWithSecret).toBe(`${bh.url}/?secret=${secret}`);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
  });

  it('serves the renderer with security headers, and index.html for unknown paths', async () => {
    for (const path of ['/', '/?secret=x', '/projects/12/merge_requests', '/assets', '/assets/']) {
      const res = await send(port, { path });
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const asset = await send(port, { path: '/assets/app.js' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('lets the browser keep content-named files for good, and revalidate or never store the rest', async () => {
    const hashed = await send(port, { path: '/assets/app-Bx3_k-9Q.js' });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const map = await send(port, { path: '/assets/app-Bx3_k-9Q.js.map' });
    expect(map.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Not named by its content (no 8-character hash): revalidated on each use.
    const plain = await send(port, { path: '/assets/app.js' });
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    // The page names the current build's files: never stored, whichever path serves it.
    for (const path of ['/', '/index.html', '/projects']) {
      expect((await send(port, { path })).headers['cache-control'], path).toBe('no-store');
    }
  });

  it("names the page's classic script by its content; the browser may keep that version", async () => {
    const versionIn = (html: string) => /src="\.\/color-scheme\.js\?v=([\w-]{12})"/.exec(html)?.[1];
    const version = versionIn((await send(port, { path: '/projects' })).text);
    expect(version).toBeDefined();
    const kept = await send(port, { path: `/color-scheme.js?v=${version}` });
    expect(kept.status).toBe(200);
    expect(kept.text).toContain('dataset.scheme');
    expect(kept.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/color-scheme.js', '/color-scheme.js?v=old-version1']) {
      expect((await send(port, { path })).headers['cache-control'], path).toBe('no-cache');
    }
    // A rebuilt script gets a new version in the page, and the old version is no longer kept.
    const script = join(rendererDir, 'color-scheme.js');
    const original = await readFile(script, 'utf8');
    await writeFile(script, 'document.documentElement.dataset.scheme = "light";');
    try {
      const next = versionIn((await send(port, { path: '/' })).text);
      expect(next).toBeDefined();
      expect(next).not.toBe(version);
      const old = await send(port, { path: `/color-scheme.js?v=${version}` });
      expect(old.headers['cache-control']).toBe('no-cache');
    } finally {
      await writeFile(script, original);
    }
  });

  it('runs a bridge call with the secret', async () => {
    const res = await bridge('app:info', []);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      result: { shell: 'browser-host', dataDir: join(dir, 'data') },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('api:request reaches the embedded core and returns projects', async () => {
    const created = await bridge('api:request', [
      { method: 'POST', path: '/projects', body: { name: 'over-http' } },
    ]);
    expect(JSON.parse(created.text)).toMatchObject({ result: { status: 201 } });
    const res = await bridge('api:request', [
      { method: 'GET', path: '/projects', query: { search: 'over' } },
    ]);
    const { result } = JSON.parse(res.text) as { result: { status: number; body: Array<{ name: string }> } };
    expect(result.status).toBe(200);
    expect(result.body.map((p) => p.name)).toEqual(['over-http']);
  });

  it('refuses a missing or wrong secret with 403, and runs nothing', async () => {
    const input = { name: 'evil', url: 'https://evil.example', token: 'glpat-evil-evil-evil' };
    for (const headers of [
      { 'x-outpost-secret': '' },
      { 'x-outpost-secret': `${secret}x` },
      { 'x-outpost-secret': 'a' },
    ]) {
      const res = await bridge('profiles:add-remote', [input], headers);
      expect(res.status).toBe(403);
    }
    const noHeader = await send(port, {
      method: 'POST',
      path: '/bridge/profiles:add-remote',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: [input] }),
    });
    expect(noHeader.status).toBe(403);
    // The secret in the query string is not accepted either (only the header).
    const inQuery = await send(port, {
      method: 'POST',
      path: `/bridge/profiles:list?secret=${secret}`,
      headers: { 'content-type': 'application/json' },
      body: '{"args":[]}',
    });
    expect(inQuery.status).toBe(403);
    expect((await bh.ready).profiles.list()).toHaveLength(1);
  });

  it('refuses foreign Host headers (DNS rebinding) and foreign Origins with 403', async () => {
    const rebound = await bridge('profiles:list', [], { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect((await send(port, { path: '/', headers: { host: `attacker.example:${port}` } })).status).toBe(403);
    expect((await bridge('profiles:list', [], { host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await bridge('profiles:list', [], { origin: 'https://attacker.example' })).status).toBe(403);
    expect((await bridge('profiles:list', [], { origin: 'null' })).status).toBe(403);
    expect(
      (await bridge('profiles:list', [], { origin: `http://localhost:${port}`, host: `localhost:${port}` }))
        .status,
    ).toBe(200);
    expect((await bridge('profiles:list', [], { origin: `http://127.0.0.1:${port}` })).status).toBe(200);
  });

  it('guards encoded bridge paths too', async () => {
    const res = await send(port, {
      method: 'POST',
      path: '/%62ridge/profiles:list',
      headers: { 'content-type': 'application/json' },
      body: '{"args":[]}',
    });
    expect([403, 404]).toContain(res.status);
    expect(res.text).not.toContain('"result"');
  });

  it('answers 404 for unknown channels and 400 for bad bodies', async () => {
    const unknown = await bridge('fs:read', []);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: { code: 'not_found' } });
    const bad = await send(port, {
      method: 'POST',
      path: '/bridge/profiles:list',
      headers: { 'content-type': 'application/json', 'x-outpost-secret': secret },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: { code: 'bad_request' } });
    const noArgs = await send(port, {
      method: 'POST',
      path: '/bridge/profiles:list',
      headers: { 'content-type': 'application/json', 'x-outpost-secret': secret },
      body: '{}',
    });
    expect(noArgs.status).toBe(400);
    expect(
      (await send(port, { path: '/bridge/profiles:list', headers: { 'x-outpost-secret': secret } })).status,
    ).toBe(404);
  });

  it('never returns the root token in any reply', () => {
    expect(rootToken).toMatch(/^glpat-/);
    expect(allReplies.length).toBeGreaterThan(10);
    for (const text of allReplies) expect(text).not.toContain(rootToken);
  });
});

describe('browser host without a built renderer', () => {
  it('serves a 503 page that says how to build', async () => {
    const other = await startBrowserHost({
      appDataDir: join(dir, 'data2'),
      port: 0,
      rendererDir: join(dir, 'missing'),
    });
    try {
      const res = await send(Number(new URL(other.url).port), { path: '/projects' });
      expect(res.status).toBe(503);
      expect(res.text).toContain('renderer not built: run npm run build');
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    } finally {
      await other.close();
    }
  });
});

/** Bridge call on another browser host, by its launch URL. */
async function bridgeOn(bhOther: BrowserHost, channel: string, args: unknown[]): Promise<Reply> {
  const launch = new URL(bhOther.urlWithSecret);
  return send(Number(launch.port), {
    method: 'POST',
    path: `/bridge/${channel}`,
    headers: {
      'content-type': 'application/json',
      'x-outpost-secret': launch.searchParams.get('secret') as string,
    },
    body: JSON.stringify({ args }),
  });
}

describe('browser host start order', () => {
  it('serves the renderer before the core has started; bridge calls wait for the core', async () => {
    const realCreateCore = await loadCreateCore();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let coreStarted = false;
    const gatedCreateCore: CreateCore = async (options) => {
      await gate;
      coreStarted = true;
      return realCreateCore(options);
    };
    const other = await startBrowserHost({
      appDataDir: join(dir, 'data-gated'),
      port: 0,
      rendererDir,
      createCore: gatedCreateCore,
    });
    try {
      const page = await send(Number(new URL(other.url).port), { path: '/' });
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root">');
      expect(coreStarted).toBe(false);
      const pending = bridgeOn(other, 'profiles:list', []).then((reply) => ({ reply, coreStarted }));
      release();
      const { reply, coreStarted: startedBeforeReply } = await pending;
      expect(startedBeforeReply).toBe(true);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text)).toMatchObject({ result: [{ id: 'embedded' }] });
      expect((await other.ready).core).not.toBeNull();
    } finally {
      release();
      await other.close();
    }
  });

  it("closes at once while a page's events:poll waits, answering the poll", async () => {
    const other = await startBrowserHost({ appDataDir: join(dir, 'data-poll'), port: 0, rendererDir });
    const now = JSON.parse((await bridgeOn(other, 'events:poll', [-1, 0])).text) as {
      result: { seq: number };
    };
    // A poll for what comes after now, willing to wait 60 s (the renderer waits 25 s): it is left waiting.
    // Sent with fetch, which keeps its connection open for the next request once answered, as a browser does.
    const launch = new URL(other.urlWithSecret);
    const poll = fetch(`${other.url}/bridge/events:poll`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-outpost-secret': launch.searchParams.get('secret') as string,
      },
      body: JSON.stringify({ args: [now.result.seq, 60_000] }),
    }).then(async (res) => ({ status: res.status, text: await res.text() }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const closed = other.close().then(() => 'closed' as const);
    const waited = new Promise<'still waiting'>((resolve) =>
      setTimeout(() => resolve('still waiting'), 10_000),
    );
    expect(await Promise.race([closed, waited])).toBe('closed');
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ result: { events: [] } });
  }, 20_000);

  it('without a port: reuses the last launch port, and a free one when that is taken', async () => {
    const appDataDir = join(dir, 'data-port-remembered');
    const first = await startBrowserHost({ appDataDir, rendererDir });
    const firstPort = Number(new URL(first.url).port);
    await first.close();
    const portFile = join(appDataDir, 'host', 'browser-host-port.json');
    expect(JSON.parse(await readFile(portFile, 'utf8'))).toEqual({ port: firstPort });
    const second = await startBrowserHost({ appDataDir, rendererDir });
    try {
      expect(Number(new URL(second.url).port)).toBe(firstPort);
      expect((await send(firstPort, { path: '/' })).status).toBe(200);
      // Another data dir that remembers the same port, taken now by `second`: a free port instead.
      const otherDataDir = join(dir, 'data-port-taken-remembered');
      await mkdir(join(otherDataDir, 'host'), { recursive: true });
      await writeFile(
        join(otherDataDir, 'host', 'browser-host-port.json'),
        JSON.stringify({ port: firstPort }),
      );
      const third = await startBrowserHost({ appDataDir: otherDataDir, rendererDir });
      try {
        const thirdPort = Number(new URL(third.url).port);
        expect(thirdPort).not.toBe(firstPort);
        expect(
          JSON.parse(await readFile(join(otherDataDir, 'host', 'browser-host-port.json'), 'utf8')),
        ).toEqual({ port: thirdPort });
      } finally {
        await third.close();
      }
    } finally {
      await second.close();
    }
  });

  it('starts nothing when the server cannot listen (port in use)', async () => {
    const appDataDir = join(dir, 'data-port-taken');
    let coreCalls = 0;
    const failed = startBrowserHost({
      appDataDir,
      port,
      rendererDir,
      createCore: (options) => {
        coreCalls += 1;
        return loadCreateCore().then((createCore) => createCore(options));
      },
    });
    await expect(failed).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(coreCalls).toBe(0);
    // Neither the vault nor the core's data folder was created.
    expect(existsSync(appDataDir)).toBe(false);
  });

  it('when the core cannot start: the page is served, bridge calls say why, ready rejects', async () => {
    const other = await startBrowserHost({
      appDataDir: join(dir, 'data-broken'),
      port: 0,
      rendererDir,
      createCore: () => Promise.reject(new Error('the database file is damaged')),
    });
    try {
      expect((await send(Number(new URL(other.url).port), { path: '/' })).status).toBe(200);
      const reply = await bridgeOn(other, 'onboarding:status', []);
      expect(reply.status).toBe(500);
      expect(JSON.parse(reply.text)).toEqual({
        error: { code: 'internal', message: 'Outpost could not start: the database file is damaged' },
      });
      await expect(other.ready).rejects.toThrow('the database file is damaged');
    } finally {
      await other.close();
    }
  });
});
