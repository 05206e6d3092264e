/**
 * OUTPOST_ROOT_TOKEN leaves the process once read (issue 25): the pure parsing of `/proc/<pid>/stat` and
 * of an environment block, then a real Node process started with the variable, read from outside through
 * `/proc/<pid>/environ` before and after `takeRootTokenEnv`, and a child it spawns afterwards.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { environBounds, environEntries } from './root-token-env.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

describe('environment block parsing', () => {
  it('finds env_start and env_end after a command name holding spaces and parentheses', () => {
    const fields = Array.from({ length: 49 }, (_, i) => String(i + 3));
    fields[47] = '140733193388032';
    fields[48] = '140733193389000';
    expect(environBounds(`4242 (a) b (c) ${fields.join(' ')}`)).toEqual({
      start: 140733193388032,
      end: 140733193389000,
    });
    // An old kernel without the fields, or nonsense.
    expect(environBounds('4242 (node) S 1 2 3')).toBeNull();
    fields[48] = '0';
    expect(environBounds(`1 (x) ${fields.join(' ')}`)).toBeNull();
  });

  it('finds whole NAME= entries only', () => {
    const block = Buffer.from('A=1\0OUTPOST_ROOT_TOKEN=x\0XOUTPOST_ROOT_TOKEN=y\0OUTPOST_ROOT_TOKEN=\0B=2');
    expect(environEntries(block, 'OUTPOST_ROOT_TOKEN')).toEqual([
      [4, 24],
      [47, 66],
    ]);
    expect(environEntries(block, 'B')).toEqual([[67, 70]]);
    expect(environEntries(Buffer.alloc(0), 'A')).toEqual([]);
  });
});

/**
 * Starts Node (which strips the module's types itself; it imports only node: built-ins) on a script that prints `ready` and waits for a line on stdin, then takes the token and
 * prints what it and a child spawned afterwards see, then waits for a second line before it exits.
 */
function startTaker(token: string) {
  const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'root-token-env.ts')).href;
  const script = `
    import { spawnSync } from 'node:child_process';
    import { createInterface } from 'node:readline';
    const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
    const { takeRootTokenEnv } = await import(${JSON.stringify(moduleUrl)});
    console.log('ready');
    await lines.next();
    const taken = takeRootTokenEnv();
    const child = spawnSync('env', [], { encoding: 'utf8' }).stdout;
    console.log(JSON.stringify({ taken, env: process.env.OUTPOST_ROOT_TOKEN ?? null, child }));
    await lines.next();
  `;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, OUTPOST_ROOT_TOKEN: ` ${token} `, OUTPOST_TEST_KEEP: 'kept' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const waiters: Array<() => void> = [];
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.splice(0)) w();
  });
  proc.on('exit', () => {
    for (const w of waiters.splice(0)) w();
  });
  const lineCount = async (n: number) => {
    while (out.split('\n').filter(Boolean).length < n) {
      if (proc.exitCode !== null) throw new Error(`exited early: ${out}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    return out.split('\n').filter(Boolean);
  };
  return { proc, lineCount };
}

describe.runIf(process.platform === 'linux')('takeRootTokenEnv in a real process (Linux)', () => {
  it('clears the variable from process.env, from children and from /proc/<pid>/environ', async () => {
    const token = 'glpat-environ-check-0123456789';
    const { proc, lineCount } = startTaker(token);
    try {
      await lineCount(1);
      const environ = () => readFile(`/proc/${proc.pid}/environ`, 'latin1');
      // Before: the kernel's copy of the initial environment holds it (what any process of this user sees).
      expect(await environ()).toContain(`OUTPOST_ROOT_TOKEN= ${token} `);
      proc.stdin.write('take\n');
      const [, report] = await lineCount(2);
      const seen = JSON.parse(report as string) as {
        taken: { token: string | null; environ: { outcome: string } };
        env: string | null;
        child: string;
      };
      expect(seen.taken.token).toBe(token);
      expect(seen.taken.environ).toEqual({ outcome: 'scrubbed', entries: 1 });
      expect(seen.env).toBeNull();
      expect(seen.child).not.toContain('OUTPOST_ROOT_TOKEN');
      expect(seen.child).toContain('OUTPOST_TEST_KEEP=kept');
      // After, read from outside: the token's bytes are gone, the rest of the block is intact.
      const after = await environ();
      expect(after).not.toContain(token);
      expect(after).not.toContain('OUTPOST_ROOT_TOKEN');
      expect(after).toContain('OUTPOST_TEST_KEEP=kept');
      expect(after).toContain(`PATH=${process.env.PATH}`);
    } finally {
      proc.stdin.end('done\n');
      if (proc.exitCode === null) await new Promise((resolve) => proc.once('exit', resolve));
    }
    expect(proc.exitCode).toBe(0);
  }, 120_000);
});
