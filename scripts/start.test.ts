import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
function start(args: string[]) {
  return spawnNode([startScriptPath(root), ...args], { cwd: root, env });
}

describe.skipIf(!built)('scripts/start.js (needs npm run build:node)', () => {
  it('prints one "Outpost running at" line, serves the bridge, and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-start-'));
    dirs.push(dataDir);
    const started = await start(['--browser-host', '--port', '0', '--no-open', '--data-dir', dataDir]);
    try {
      const match = /^Outpost running at (http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]+)$/.exec(
        started.firstLine,
      );
      expect(match, started.firstLine).not.toBeNull();
      const url = new URL((match as RegExpExecArray)[1] as string);
      const res = await fetch(`${url.origin}/bridge/app:info`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-outpost-secret': url.searchParams.get('secret') as string,
        },
        body: '{"args":[]}',
      });
      expect(await res.json()).toMatchObject({ result: { shell: 'browser-host', dataDir } });
      const page = await fetch(`${url.origin}/`);
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
    const url = new URL(started.url as string);
    const poll = (args: [number, number]) =>
      fetch(`${url.origin}/bridge/events:poll`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-outpost-secret': url.searchParams.get('secret') as string,
        },
        body: JSON.stringify({ args }),
      });
    const now = (await (await poll([-1, 0])).json()) as { result: { seq: number } };
    // Waits up to 60 s for an event that never comes; fetch keeps the connection for its next request.
    const waiting = poll([now.result.seq, 60_000]).then((res) => res.status);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = started.stop().then((code) => ({ code }));
    const held = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 8_000));
    expect(await Promise.race([stopped, held])).toEqual({ code: 0 });
    expect(await waiting).toBe(200);
  }, 20_000);

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
      // A new launch secret each time.
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
    expect(started.firstLine).toMatch(/^Outpost running at http:\/\/127\.0\.0\.1:\d+\//);
    expect(started.stderr()).toContain('outpost: could not start the browser host:');
  });

  it('rejects a bad --port', async () => {
    await expect(start(['--browser-host', '--port', 'abc'])).rejects.toThrow(
      /^exited with 2 before printing a line: outpost: --port must be an integer/,
    );
  });
});
