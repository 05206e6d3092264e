/**
 * The standalone core's command line and the root token (issue 15): `main` from cli.ts with real argv
 * on fresh temp data dirs, real cores listening on loopback, and the printed lines checked for where the
 * token is and never the token itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main, type CliIo } from './cli.js';
import type { Core } from './core-contract.js';
import { filesContaining } from './test/helpers/secrets-on-disk.js';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-cli-'));
  dirs.push(dir);
  return dir;
}

function io(env: Record<string, string | undefined> = {}): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, env, writeLine: (l) => out.push(l), writeError: (l) => err.push(l) };
}

async function signsIn(core: Core, token: string): Promise<boolean> {
  const res = await core.inject({ method: 'GET', url: '/api/v4/user', headers: { 'private-token': token } });
  return res.statusCode === 200 && (JSON.parse(res.body) as { username: string }).username === 'root';
}

describe('npm run core and the root token', () => {
  it('writes a generated token to <data dir>/initial_root_token (0600) and prints the path, not the token', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const cli = io();
    const outcome = await main(['--data-dir', dataDir, '--port', '0'], cli);
    expect(outcome.exitCode).toBeNull();
    const core = outcome.core!;
    cores.push(core);
    const file = path.join(dataDir, 'initial_root_token');
    const token = core.initialRootToken!;
    expect(cli.out[0]).toMatch(/^Outpost core listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.out[1]).toBe(
      `Created the administrator root; its token is in ${file} (mode 0600). Keep it somewhere safe and delete the file.`,
    );
    expect(cli.out.join('\n')).not.toContain(token);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(filesContaining(dataDir, token)).toEqual([file]);
    expect(await signsIn(core, token)).toBe(true);
  });

  it('takes the token from --root-token-file and writes no token file', async () => {
    const dir = await tempDir();
    const dataDir = path.join(dir, 'data');
    const supplied = path.join(dir, 'root-token');
    const token = 'glpat-supplied-by-a-file-01234';
    await writeFile(supplied, `${token}\n`, { mode: 0o600 });
    const cli = io({ OUTPOST_ROOT_TOKEN: undefined });
    const outcome = await main(['--data-dir', dataDir, '--root-token-file', supplied], cli);
    const core = outcome.core!;
    cores.push(core);
    expect(cli.out[1]).toBe('Created the administrator root with the token from --root-token-file.');
    expect(cli.out.join('\n')).not.toContain(token);
    expect(existsSync(path.join(dataDir, 'initial_root_token'))).toBe(false);
    expect(filesContaining(dataDir, token)).toEqual([]);
    expect(await signsIn(core, token)).toBe(true);
    await core.close();
    cores.splice(0);

    // A later start ignores the flag (root exists) and says nothing about the token.
    const again = io();
    const restarted = await main(['--data-dir', dataDir, '--root-token-file', supplied], again);
    cores.push(restarted.core!);
    expect(again.out).toHaveLength(1);
    expect(await signsIn(restarted.core!, token)).toBe(true);
  });

  it('takes OUTPOST_ROOT_TOKEN and deletes it from the environment', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const token = 'glpat-supplied-by-the-env-0123';
    process.env.OUTPOST_ROOT_TOKEN = token;
    try {
      const cli = io(process.env);
      const outcome = await main(['--data-dir', dataDir], cli);
      cores.push(outcome.core!);
      expect(process.env.OUTPOST_ROOT_TOKEN).toBeUndefined();
      // A process started afterwards (git, a hook, a job) does not inherit it.
      expect(spawnSync('env', [], { encoding: 'utf8' }).stdout).not.toContain(token);
      expect(cli.out[1]).toBe('Created the administrator root with the token from OUTPOST_ROOT_TOKEN.');
      expect(existsSync(path.join(dataDir, 'initial_root_token'))).toBe(false);
      expect(await signsIn(outcome.core!, token)).toBe(true);
    } finally {
      delete process.env.OUTPOST_ROOT_TOKEN;
    }
  });

  it('refuses both sources at once, a missing or empty token file, and unknown flags (exit 2)', async () => {
    const dir = await tempDir();
    const empty = path.join(dir, 'empty');
    await writeFile(empty, '\n');
    const both = io({ OUTPOST_ROOT_TOKEN: 'glpat-supplied-by-the-env-0123' });
    expect(await main(['--data-dir', path.join(dir, 'a'), '--root-token-file', empty], both)).toEqual({
      exitCode: 2,
    });
    expect(both.err).toEqual(['Give the root token with --root-token-file or OUTPOST_ROOT_TOKEN, not both']);
    expect(both.env.OUTPOST_ROOT_TOKEN).toBeUndefined();

    const blank = io();
    expect(await main(['--data-dir', path.join(dir, 'b'), '--root-token-file', empty], blank)).toEqual({
      exitCode: 2,
    });
    expect(blank.err[0]).toBe(`--root-token-file ${empty}: the file is missing or empty`);

    const missing = io();
    const absent = path.join(dir, 'absent');
    expect(await main(['--data-dir', path.join(dir, 'c'), '--root-token-file', absent], missing)).toEqual({
      exitCode: 2,
    });
    expect(missing.err[0]).toBe(`--root-token-file ${absent}: the file is missing or empty`);

    const unknown = io();
    expect(await main(['--root-token', 'glpat-on-the-command-line-000'], unknown)).toEqual({ exitCode: 2 });
    expect(unknown.err[0]).toMatch(/Unknown option '--root-token'/);
    // Nothing was created for the refused starts.
    for (const d of ['a', 'b', 'c']) expect(existsSync(path.join(dir, d))).toBe(false);
  });

  it('a too-short token is refused at start (exit 1) without printing it', async () => {
    const dir = await tempDir();
    const short = path.join(dir, 'short');
    await writeFile(short, 'glpat-short\n');
    const cli = io();
    expect(await main(['--data-dir', path.join(dir, 'data'), '--root-token-file', short], cli)).toEqual({
      exitCode: 1,
    });
    expect(cli.err[0]).toBe(
      'Outpost core failed to start: The root token must be at least 20 characters long',
    );
  });

  it('removes OUTPOST_ROOT_TOKEN for every command, backup included, before anything runs', async () => {
    const dir = await tempDir();
    const token = 'glpat-given-to-a-backup-0123456';
    process.env.OUTPOST_ROOT_TOKEN = token;
    try {
      const cli = io(process.env);
      // A backup of a data dir that doesn't exist fails, but the variable is gone all the same.
      await main(['backup', '--data-dir', path.join(dir, 'none'), '--to', path.join(dir, 'b')], cli);
      expect(process.env.OUTPOST_ROOT_TOKEN).toBeUndefined();
      expect(spawnSync('env', [], { encoding: 'utf8' }).stdout).not.toContain(token);
    } finally {
      delete process.env.OUTPOST_ROOT_TOKEN;
    }
  });
});

/**
 * The real command line in its own process (`node --import jiti/register electron/core/cli.ts`: jiti
 * compiles the TypeScript sources on the fly), started with OUTPOST_ROOT_TOKEN in its environment.
 */
describe.runIf(process.platform === 'linux')('the running core process (Linux /proc)', () => {
  it('keeps no OUTPOST_ROOT_TOKEN in /proc/<pid>/environ once it listens, and the token signs in', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const token = 'glpat-from-the-real-cli-env-01234';
    const repoRoot = path.resolve(import.meta.dirname, '..', '..');
    const child = spawn(
      process.execPath,
      ['--import', 'jiti/register', 'electron/core/cli.ts', '--data-dir', dataDir, '--port', '0'],
      {
        cwd: repoRoot,
        env: { ...process.env, OUTPOST_ROOT_TOKEN: token, OUTPOST_TEST_KEEP: 'kept' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          stdout += c.toString();
          const m = /Outpost core listening on (\S+)\n/.exec(stdout);
          if (m?.[1]) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`cli exited ${code}: ${stdout}${stderr}`)));
      });
      const environ = await readFile(`/proc/${child.pid}/environ`, 'latin1');
      expect(environ).not.toContain(token);
      expect(environ).not.toContain('OUTPOST_ROOT_TOKEN');
      expect(environ).toContain('OUTPOST_TEST_KEEP=kept');
      expect(stdout + stderr).not.toContain(token);
      const me = await fetch(`${url}/api/v4/user`, { headers: { 'private-token': token } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { username: string }).username).toBe('root');
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 180_000);
});
