import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = existsSync(
  join(root, 'dist', 'node', 'electron', 'host', 'browser-host', 'start-browser-host.js'),
);
const dirs: string[] = [];

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Runs scripts/start.js; resolves with the child and its first stdout line. */
function start(args: string[]): Promise<{ child: ChildProcess; line: string; stdout: () => string }> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.js'), ...args], {
    cwd: root,
    env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve({ child, line: out.slice(0, newline), stdout: () => out });
    });
    child.on('exit', (code) => reject(new Error(`start.js exited early with ${code}`)));
    child.on('error', reject);
  });
}

describe.skipIf(!built)('scripts/start.js (needs npm run build:node)', () => {
  it('prints one "Outpost running at" line, serves the bridge, and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-start-'));
    dirs.push(dataDir);
    const { child, line, stdout } = await start([
      '--browser-host',
      '--port',
      '0',
      '--no-open',
      '--data-dir',
      dataDir,
    ]);
    try {
      const match = /^Outpost running at (http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]+)$/.exec(line);
      expect(match, line).not.toBeNull();
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
      child.removeAllListeners('exit');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(stdout().trim().split('\n')).toHaveLength(1);
  });

  it('says why and exits 1 when the embedded core cannot start after the server listens', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-start-broken-'));
    dirs.push(dataDir);
    // The core's data folder is a plain file: the server listens, then the core's start fails.
    await writeFile(join(dataDir, 'core'), 'not a folder');
    const child = spawn(
      process.execPath,
      [
        join(root, 'scripts', 'start.js'),
        '--browser-host',
        '--port',
        '0',
        '--no-open',
        '--data-dir',
        dataDir,
      ],
      { cwd: root, env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' } },
    );
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Outpost running at http:\/\/127\.0\.0\.1:\d+\//);
    expect(stderr).toContain('outpost: could not start the browser host:');
  });

  it('rejects a bad --port', async () => {
    const child = spawn(process.execPath, [
      join(root, 'scripts', 'start.js'),
      '--browser-host',
      '--port',
      'abc',
    ]);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
  });
});
