/**
 * The limits wrapper's file size limit (`ulimit -f`, RLIMIT_FSIZE) on a real bash: a file stops at the
 * limit, the writer gets SIGXFSZ (exit 153 = 128 + 25), and without `fileSizeMb` nothing is set.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limitedScriptCommand } from './limits.js';

const MiB = 1024 * 1024;

describe.runIf(process.platform === 'linux')('limitedScriptCommand file size limit', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-limits-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Run `script` under the wrapper with `limits`; its exit status and stdout. */
  async function run(
    script: string,
    fileSizeMb?: number,
  ): Promise<{ status: number | null; stdout: string }> {
    const file = path.join(dir, 'script.sh');
    await writeFile(file, script);
    const [cmd, ...args] = limitedScriptCommand(file, { memoryMb: 4096, cpuSeconds: 60, fileSizeMb });
    const r = spawnSync(cmd!, args, { cwd: dir, encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout };
  }

  it('stops a file at fileSizeMb with SIGXFSZ, and the script with it', async () => {
    const r = await run(
      'head -c 1048576 /dev/zero > small\n' +
        'head -c 8388608 /dev/zero > big || echo "head exited with $?"\n' +
        'echo "limit $(ulimit -f)"\n' +
        'head -c 8388608 /dev/zero > big2\n' +
        'echo not reached\n',
      2,
    );
    expect(r.stdout).toContain('head exited with 153');
    expect(r.stdout).toContain('limit 2048');
    expect(r.stdout).not.toContain('not reached');
    expect(r.status).toBe(153);
    expect((await stat(path.join(dir, 'big'))).size).toBe(2 * MiB);
    expect((await stat(path.join(dir, 'small'))).size).toBe(MiB);
  });

  it('sets no file size limit without fileSizeMb', async () => {
    const r = await run('echo "limit $(ulimit -f)"\nhead -c 3145728 /dev/zero > f\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('limit unlimited');
    expect((await stat(path.join(dir, 'f'))).size).toBe(3 * MiB);
  });

  it('refuses a file size limit that is not a positive integer', () => {
    expect(() => limitedScriptCommand('/s', { memoryMb: 64, cpuSeconds: 1, fileSizeMb: 0 })).toThrow(
      RangeError,
    );
    expect(() => limitedScriptCommand('/s', { memoryMb: 64, cpuSeconds: 1, fileSizeMb: 1.5 })).toThrow(
      RangeError,
    );
  });
});
