/**
 * The launch secret stays off command lines (issue 25): the one-time code table, the `/launch` exchange
 * and the cookie-authenticated bridge over real HTTP on loopback against a real browser host (real
 * embedded core), and the app window opened with a fake "chromium" (a shell script) that records the
 * argv and environment it was started with, as `/proc/<pid>/cmdline` shows them to every local user.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLaunchCodes, sessionCookieName } from './launch-codes.js';
import { appWindowArgs, launchPageHtml, openAppWindow } from './open-app-window.js';
import { startBrowserHost, type BrowserHost } from './start-browser-host.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Raw HTTP (node:http): any Host, Origin or Cookie header a browser or another local program could send. */
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

describe('launch codes', () => {
  it('open once within their lifetime; used, expired and unknown codes are told apart', () => {
    let t = 1_000;
    const codes = createLaunchCodes(() => t);
    const a = codes.issue(60_000);
    const b = codes.issue(60_000);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(codes.redeem(a)).toBe('ok');
    expect(codes.redeem(a)).toBe('used');
    t += 60_000;
    expect(codes.redeem(b)).toBe('expired');
    expect(codes.redeem(b)).toBe('expired');
    for (const junk of [undefined, '', ['x'], 42, 'x'.repeat(5000), `${a}x`]) {
      expect(codes.redeem(junk)).toBe('unknown');
    }
  });
});

describe('the app window page and command line', () => {
  it('refreshes to the launch address with no referrer, and escapes it', () => {
    const html = launchPageHtml('http://127.0.0.1:5/launch?code=a&b="<x>');
    expect(html).toContain(
      '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:5/launch?code=a&amp;b=&quot;&lt;x&gt;">',
    );
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    expect(appWindowArgs('file:///p.html', '/prof', false)).toEqual([
      '--app=file:///p.html',
      '--user-data-dir=/prof',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ]);
    expect(appWindowArgs('file:///p.html', '/prof', true).slice(-2)).toEqual(['--no-sandbox', '--test-type']);
  });
});

let dir: string;
let bh: BrowserHost;
let port: number;
let secret: string;
const rootTokenFromEnv = 'glpat-browser-host-env-0123456789';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-launch-'));
  // Given to the host through the environment: it must not reach the browser either.
  process.env.OUTPOST_ROOT_TOKEN = rootTokenFromEnv;
  try {
    bh = await startBrowserHost({ appDataDir: join(dir, 'data'), port: 0, rendererDir: join(dir, 'none') });
    // Taken before startBrowserHost returns, so what the caller spawns next never inherits it.
    expect(process.env.OUTPOST_ROOT_TOKEN).toBeUndefined();
  } finally {
    delete process.env.OUTPOST_ROOT_TOKEN;
  }
  const launch = new URL(bh.urlWithSecret);
  port = Number(launch.port);
  secret = launch.searchParams.get('secret') as string;
}, 60_000);
afterAll(async () => {
  await bh?.close();
  await rm(dir, { recursive: true, force: true });
});

/** `GET /launch?code=…` of `launchUrl` (optionally with other headers). */
function useLaunch(launchUrl: string, headers: Record<string, string> = {}, method = 'GET') {
  const url = new URL(launchUrl);
  return send(port, { method, path: `${url.pathname}${url.search}`, headers });
}

/** The session cookie (`name=value`) a launch reply set, or undefined. */
function cookieOf(reply: Reply): string | undefined {
  const set = reply.headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : set;
  return first?.split(';')[0];
}

/** A bridge call as the app's page makes it: the cookie, the page's Origin, no secret header. */
function pageCall(channel: string, headers: Record<string, string>): Promise<Reply> {
  return send(port, {
    method: 'POST',
    path: `/bridge/${channel}`,
    headers: { 'content-type': 'application/json', ...headers },
    body: '{"args":[]}',
  });
}

describe('GET /launch?code=… over real HTTP', () => {
  it('exchanges a code once for an HttpOnly SameSite=Strict cookie and a redirect to a clean URL', async () => {
    const launchUrl = bh.launchUrl();
    expect(launchUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/launch\\?code=[\\w-]{43}$`));
    expect(launchUrl).not.toContain(secret);
    const settled = bh.launchSettled(launchUrl);

    const first = await useLaunch(launchUrl);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    expect(first.headers['cache-control']).toBe('no-store');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      new RegExp(`^${sessionCookieName(port)}=[\\w-]+; Path=/; HttpOnly; SameSite=Strict$`),
    );
    expect(await settled).toBe(true);

    // The cookie opens the bridge for this server's own page.
    const origin = `http://127.0.0.1:${port}`;
    const cookie = cookieOf(first) as string;
    const info = await pageCall('app:info', { cookie, origin, 'sec-fetch-site': 'same-origin' });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.text)).toMatchObject({ result: { shell: 'browser-host' } });

    // Used: a page saying so, no cookie, never the app.
    const again = await useLaunch(launchUrl);
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.text).toContain('already used');
    expect(again.text).not.toContain('id="root"');
  }, 60_000);

  it('refuses an expired code, an unknown one, and never spends a code on HEAD or a foreign Host', async () => {
    const short = bh.launchUrl(50);
    const settled = bh.launchSettled(short);
    expect(await settled).toBe(false); // expired unused
    const expired = await useLaunch(short);
    expect(expired.status).toBe(403);
    expect(expired.headers['set-cookie']).toBeUndefined();
    expect(expired.text).toContain('expired');

    const unknown = await send(port, { path: '/launch?code=not-a-code-of-this-launch' });
    expect(unknown.status).toBe(403);
    expect(unknown.text).toContain('not one this Outpost gave out');
    expect((await send(port, { path: '/launch' })).status).toBe(403);

    const launchUrl = bh.launchUrl();
    expect((await useLaunch(launchUrl, {}, 'HEAD')).headers['set-cookie']).toBeUndefined();
    const rebound = await useLaunch(launchUrl, { host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.headers['set-cookie']).toBeUndefined();
    expect((await useLaunch(launchUrl)).status).toBe(303);
  });

  it('takes the cookie only from the page itself: same Origin required, other ports and sites refused', async () => {
    const cookie = cookieOf(await useLaunch(bh.launchUrl())) as string;
    const own = `http://127.0.0.1:${port}`;
    const refused: Array<Record<string, string>> = [
      { cookie }, // no Origin: a browser always sends one on POST
      { cookie, origin: `http://127.0.0.1:${port + 1}` }, // another loopback port: same site, not same origin
      { cookie, origin: 'http://evil.example' },
      { cookie, origin: own, 'sec-fetch-site': 'same-site' },
      { cookie: `${sessionCookieName(port)}=wrong`, origin: own },
      { cookie: `${sessionCookieName(port + 1)}=${cookie.split('=')[1]}`, origin: own }, // another host's name
      { origin: own },
    ];
    for (const headers of refused) {
      const res = await pageCall('app:info', headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.text).not.toContain('browser-host');
    }
    // A wrong secret header is not rescued by a good cookie.
    expect((await pageCall('app:info', { cookie, origin: own, 'x-outpost-secret': 'nope' })).status).toBe(
      403,
    );
    // The good cases: the page (with or without Sec-Fetch-Site), and localhost as the page's host.
    expect((await pageCall('app:info', { cookie, origin: own })).status).toBe(200);
    expect(
      (
        await pageCall('app:info', {
          cookie: `other=1; ${cookie}`,
          origin: `http://localhost:${port}`,
          host: `localhost:${port}`,
        })
      ).status,
    ).toBe(200);
  });
});

describe.runIf(process.platform !== 'win32')('the app window (a fake chromium recording its start)', () => {
  it('gets neither the secret nor a code on its command line or in its environment; its page opens once', async () => {
    const record = join(dir, 'record');
    const fake = join(dir, 'fake-chromium');
    // argv one per line, the environment, /proc/self/cmdline as other users see it, and the page it was
    // pointed at; then it stays up like a browser until the test stops it.
    await writeFile(
      fake,
      `#!/bin/sh
for a in "$@"; do printf '%s\\n' "$a"; done > '${record}.argv'
env > '${record}.env'
if [ -r /proc/self/cmdline ]; then tr '\\0' '\\n' < /proc/self/cmdline > '${record}.cmdline'; fi
for a in "$@"; do
  case "$a" in --app=file://*) cat "\${a#--app=file://}" > '${record}.page'; ls -l "\${a#--app=file://}" > '${record}.ls' ;; esac
done
touch '${record}.done'
exec sleep 60
`,
    );
    await chmod(fake, 0o755);
    const launchDir = join(dir, 'data', 'host', 'launch');
    const child = await openAppWindow({
      browser: fake,
      host: bh,
      profileDir: join(dir, 'data', 'host', 'chromium-profile'),
      launchDir,
    });
    try {
      for (let i = 0; i < 600 && !existsSync(`${record}.done`); i++)
        await new Promise((r) => setTimeout(r, 50));
      const [argv, env, page] = (await Promise.all(
        ['argv', 'env', 'page'].map((ext) => readFile(`${record}.${ext}`, 'utf8')),
      )) as [string, string, string];
      const cmdline = existsSync(`${record}.cmdline`) ? await readFile(`${record}.cmdline`, 'utf8') : argv;
      const launchUrl = /content="0;url=([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&') as string;
      const code = new URL(launchUrl).searchParams.get('code') as string;
      expect(code).toMatch(/^[\w-]{43}$/);
      for (const seen of [argv, env, cmdline]) {
        expect(seen).not.toContain(secret);
        expect(seen).not.toContain(code);
        expect(seen).not.toContain('/launch?code');
        expect(seen).not.toContain(rootTokenFromEnv);
        expect(seen).not.toContain('OUTPOST_ROOT_TOKEN');
      }
      expect(argv).toMatch(/^--app=file:\/\/.+\/launch-[0-9a-f]{32}\.html$/m);
      const pagePath = decodeURIComponent(/^--app=file:\/\/(.+)$/m.exec(argv)?.[1] as string);
      // Only this user can read the page.
      expect((await stat(pagePath)).mode & 0o777).toBe(0o600);
      expect((await stat(launchDir)).mode & 0o777).toBe(0o700);

      // The page's address works exactly once, over real HTTP.
      const first = await useLaunch(launchUrl);
      expect(first.status).toBe(303);
      const cookie = cookieOf(first) as string;
      const origin = `http://127.0.0.1:${port}`;
      expect((await pageCall('app:info', { cookie, origin })).status).toBe(200);
      const second = await useLaunch(launchUrl);
      expect(second.status).toBe(403);
      expect(second.headers['set-cookie']).toBeUndefined();
      // Used: the page is deleted.
      for (let i = 0; i < 100 && existsSync(pagePath); i++) await new Promise((r) => setTimeout(r, 20));
      expect(existsSync(pagePath)).toBe(false);
    } finally {
      child.kill('SIGTERM');
    }
    // The root token given in the environment still made it to the host, in-process.
    const host = await bh.ready;
    expect(await host.vault.get('embedded')).toBe(rootTokenFromEnv);
    expect(spawnSync('env', [], { encoding: 'utf8' }).stdout).not.toContain(rootTokenFromEnv);
  }, 60_000);
});

/** A real Chromium for the browser-side check: $OUTPOST_CHROMIUM or /usr/bin/chromium, when installed. */
const realChromium = [process.env.OUTPOST_CHROMIUM, '/usr/bin/chromium'].find((p) => p && existsSync(p));

describe.runIf(realChromium)('a real Chromium (headless) on the launch page', () => {
  it('follows it to the app, keeps the session in an HttpOnly cookie the page cannot read, and calls the bridge', async () => {
    const { chromium } = await import('@playwright/test');
    const pagePath = join(dir, 'real-launch.html');
    const launchUrl = bh.launchUrl();
    await writeFile(pagePath, launchPageHtml(launchUrl), { mode: 0o600 });
    const browser = await chromium.launch({
      executablePath: realChromium,
      args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`file://${pagePath}`);
      await page.waitForURL((u) => u.protocol === 'http:' && u.pathname === '/', { timeout: 30_000 });
      expect(page.url()).toBe(`http://127.0.0.1:${port}/`);
      const [cookie] = await context.cookies();
      expect(cookie).toMatchObject({
        name: sessionCookieName(port),
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        domain: '127.0.0.1',
      });
      const fromPage = await page.evaluate(async () => {
        const res = await fetch('/bridge/app:info', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"args":[]}',
        });
        // `document` of the page (this file is compiled without the DOM library).
        const doc = (globalThis as unknown as { document: { cookie: string } }).document;
        return { status: res.status, body: await res.text(), visible: doc.cookie };
      });
      expect(fromPage.status).toBe(200);
      expect(JSON.parse(fromPage.body)).toMatchObject({ result: { shell: 'browser-host' } });
      expect(fromPage.visible).toBe('');
      // The same page again: the code is spent.
      await page.goto(`file://${pagePath}`);
      await page.waitForURL((u) => u.pathname === '/launch', { timeout: 30_000 });
      await expect.poll(() => page.textContent('body')).toContain('already used');
    } finally {
      await browser.close();
    }
  }, 90_000);
});
