import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnNode, startScriptPath } from '../bench/start-process.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = existsSync(
  join(root, 'dist', 'node', 'electron', 'host', 'browser-host', 'start-browser-host.js'),
);
const dirs: string[] = [];
/** No display: start.js never tries to open a browser. */
const env = { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' };

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Runs scripts/start.js with `args`; resolves once it printed its first line. */
function start(args: string[], withEnv: NodeJS.ProcessEnv = env) {
  return spawnNode([startScriptPath(root), ...args], { cwd: root, env: withEnv });
}

/** The printed one-time address: `http://127.0.0.1:PORT/launch?code=<43 characters>`. */
const ONE_TIME_ADDRESS = /^Outpost running at (http:\/\/127\.0\.0\.1:\d+\/launch\?code=[\w-]{43})$/;

/**
 * Uses a one-time launch address as a browser does: `{ status, cookie }`, where `cookie` is the session
 * cookie (`name=value`) a 303 set, and `secret` its value (the launch secret).
 */
async function useLaunch(address: string) {
  const res = await fetch(address, { redirect: 'manual' });
  const cookie = /^(outpost-session-\d+=([^;]+))/.exec(res.headers.get('set-cookie') ?? '');
  return {
    status: res.status,
    location: res.headers.get('location'),
    cookie: cookie?.[1],
    secret: cookie?.[2],
  };
}

/** A bridge call as the app's page makes it: the session cookie and the page's Origin. */
function pageCall(origin: string, cookie: string, channel: string, args: unknown[]) {
  return fetch(`${origin}/bridge/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ args }),
  });
}

describe.skipIf(!built)('scripts/start.js (needs npm run build:node)', () => {
  it('prints one "Outpost running at" one-time address, serves the bridge, and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-start-'));
    dirs.push(dataDir);
    const started = await start(['--browser-host', '--port', '0', '--no-open', '--data-dir', dataDir]);
    try {
      const match = ONE_TIME_ADDRESS.exec(started.firstLine);
      expect(match, started.firstLine).not.toBeNull();
      const address = (match as RegExpExecArray)[1] as string;
      const { origin } = new URL(address);
      const first = await useLaunch(address);
      expect(first).toMatchObject({ status: 303, location: '/' });
      const res = await pageCall(origin, first.cookie as string, 'app:info', []);
      expect(await res.json()).toMatchObject({ result: { shell: 'browser-host', dataDir } });
      // Once only.
      expect(await useLaunch(address)).toMatchObject({ status: 403, cookie: undefined });
      const page = await fetch(`${origin}/`);
      expect([200, 503]).toContain(page.status);
    } finally {
      expect(await started.stop()).toBe(0);
    }
    expect(started.stdout().trim().split('\n')).toHaveLength(1);
  });

  it("stops at once on SIGTERM while a page's events:poll waits on a kept-alive connection", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-start-poll-'));
    dirs.push(dataDir);
    const started = await start(['--browser-host', '--port', '0', '--no-open', '--data-dir', dataDir]);
    const { origin } = new URL(started.url as string);
    const { cookie } = await useLaunch(started.url as string);
    const poll = (args: [number, number]) => pageCall(origin, cookie as string, 'events:poll', args);
    const now = (await (await poll([-1, 0])).json()) as { result: { seq: number } };
    // Waits up to 60 s for an event that never comes; fetch keeps the connection for its next request.
    const waiting = poll([now.result.seq, 60_000]).then((res) => res.status);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = started.stop().then((code) => ({ code }));
    const held = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 8_000));
    expect(await Promise.race([stopped, held])).toEqual({ code: 0 });
    expect(await waiting).toBe(200);
  }, 20_000);

  it('opens the app window with neither the launch secret nor a code on its command line', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-start-window-'));
    dirs.push(dataDir);
    const record = join(dataDir, 'record');
    const fake = join(dataDir, 'fake-chromium');
    // A "browser" that records its argv, environment, /proc/self/cmdline (what every local user can read)
    // and the page it was pointed at, then stays up like a window until Outpost stops it.
    await writeFile(
      fake,
      `#!/bin/sh
for a in "$@"; do printf '%s\\n' "$a"; done > '${record}.argv'
env > '${record}.env'
if [ -r /proc/self/cmdline ]; then tr '\\0' '\\n' < /proc/self/cmdline > '${record}.cmdline'; fi
for a in "$@"; do
  case "$a" in --app=file://*) cat "\${a#--app=file://}" > '${record}.page' ;; esac
done
touch '${record}.done'
exec sleep 60
`,
    );
    await chmod(fake, 0o755);
    const rootToken = 'glpat-start-js-env-token-0123456';
    const started = await start(['--browser-host', '--port', '0', '--data-dir', dataDir], {
      ...env,
      DISPLAY: ':99',
      OUTPOST_CHROMIUM: fake,
      OUTPOST_ROOT_TOKEN: rootToken,
    });
    try {
      for (let i = 0; i < 600 && !existsSync(`${record}.done`); i++)
        await new Promise((r) => setTimeout(r, 50));
      const [argv, environment, page] = (await Promise.all(
        ['argv', 'env', 'page'].map((ext) => readFile(`${record}.${ext}`, 'utf8')),
      )) as [string, string, string];
      const cmdline = existsSync(`${record}.cmdline`) ? await readFile(`${record}.cmdline`, 'utf8') : argv;
      expect(argv).toMatch(/^--app=file:\/\/.+\/launch-[0-9a-f]{32}\.html$/m);
      const windowAddress = /content="0;url=([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&') as string;
      const code = new URL(windowAddress).searchParams.get('code') as string;
      expect(code).toMatch(/^[\w-]{43}$/);

      // The window's address opens the app once; a second use is refused.
      const first = await useLaunch(windowAddress);
      expect(first.status).toBe(303);
      expect((await useLaunch(windowAddress)).status).toBe(403);
      const secret = first.secret as string;
      expect(secret).toMatch(/^[\w-]{43}$/);
      const info = await pageCall(new URL(windowAddress).origin, first.cookie as string, 'app:info', []);
      expect(info.status).toBe(200);

      const printed = started.url as string;
      for (const seen of [argv, environment, cmdline]) {
        expect(seen).not.toContain(secret);
        expect(seen).not.toContain(code);
        expect(seen).not.toContain(new URL(printed).searchParams.get('code'));
        expect(seen).not.toContain('/launch?code');
        expect(seen).not.toContain(rootToken);
        expect(seen).not.toContain('OUTPOST_ROOT_TOKEN');
      }
      // Nor does Outpost's own process show the token to other processes of this user.
      const environ = await readFile(`/proc/${started.child.pid}/environ`, 'latin1').catch(() => '');
      if (process.platform === 'linux') expect(environ).not.toContain(rootToken);
    } finally {
      expect(await started.stop()).toBe(0);
    }
    expect(started.stdout()).not.toContain(`/?secret=`);
  }, 60_000);

  it('without --port, listens on the port of the last launch on the same data dir', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-start-port-'));
    dirs.push(dataDir);
    const args = ['--browser-host', '--no-open', '--data-dir', dataDir];
    const first = await start(args);
    expect(first.url).not.toBeNull();
    expect(await first.stop()).toBe(0);
    const second = await start(args);
    try {
      expect(new URL(second.url as string).port).toBe(new URL(first.url as string).port);
      // A new one-time address each time.
      expect(second.url).not.toBe(first.url);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('says why and exits 1 when the embedded core cannot start after the server listens', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-start-broken-'));
    dirs.push(dataDir);
    // The core's data folder is a plain file: the server listens, then the core's start fails.
    await writeFile(join(dataDir, 'core'), 'not a folder');
    const started = await start(['--browser-host', '--port', '0', '--no-open', '--data-dir', dataDir]);
    expect(await started.exited).toBe(1);
    expect(started.firstLine).toMatch(ONE_TIME_ADDRESS);
    expect(started.stderr()).toContain('outpost: could not start the browser host:');
  });

  it('rejects a bad --port', async () => {
    await expect(start(['--browser-host', '--port', 'abc'])).rejects.toThrow(
      /^exited with 2 before printing a line: outpost: --port must be an integer/,
    );
  });
});
