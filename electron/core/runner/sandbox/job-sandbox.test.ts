/**
 * The sandbox on this machine, with real processes: the probe finds bwrap (CI installs it), a sandboxed
 * command sees only what `bwrapArgs` shows, and a missing bwrap is reported with a reason.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobSandbox, sandboxedCommand } from './job-sandbox.js';
import type { SandboxProbe } from './job-sandbox.js';

const run = promisify(execFile);
const onLinux = process.platform === 'linux';

describe.runIf(onLinux)('JobSandbox on Linux', () => {
  let probe: SandboxProbe;
  let root: string;
  let outside: string;

  beforeAll(async () => {
    probe = await new JobSandbox().detect();
    root = await mkdtemp(path.join(os.tmpdir(), 'outpost-sbx-root-'));
    outside = await mkdtemp(path.join(os.tmpdir(), 'outpost-sbx-outside-'));
    await writeFile(path.join(outside, 'secret.txt'), 'do-not-read');
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('is available here, with a real probe, and cached', async () => {
    expect(probe).toMatchObject({ available: true });
    expect(await new JobSandbox().detect()).toBe(probe);
  });

  it('runs a command that sees its build root and /tmp but not other host paths or processes', async () => {
    if (!probe.available) throw new Error(probe.reason);
    const script = [
      'echo mine > "$PWD/own.txt"',
      'echo tmp > /tmp/x && cat /tmp/x',
      `cat ${outside}/secret.txt 2>/dev/null || echo "no-outside"`,
      'ls /proc | grep -E "^[0-9]+$" | wc -l',
      'id -u',
      'hostname',
      `touch ${os.homedir()}/outpost-sbx-probe 2>/dev/null || echo "no-home-write"`,
    ].join('\n');
    const argv = sandboxedCommand(probe, root, root, ['bash', '-c', script]);
    const { stdout } = await run(argv[0]!, argv.slice(1), { env: { PATH: '/usr/bin:/bin' } });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('tmp');
    expect(stdout).toContain('no-outside');
    expect(stdout).not.toContain('do-not-read');
    // bwrap's init, the shell, ls/grep/wc: a handful of processes, not the host's.
    expect(Number(lines[2])).toBeLessThan(8);
    if (probe.uid !== null) expect(lines[3]).toBe(String(probe.uid));
    expect(lines[4]).toBe('outpost-job');
    expect(stdout).toContain('no-home-write');
    expect(await readdir(root)).toEqual(['own.txt']);
  });

  it('reports a bwrap that does not exist as unavailable, with the reason', async () => {
    const missing = await new JobSandbox({ bwrapPath: '/nonexistent/bwrap' }).detect();
    expect(missing).toEqual({
      available: false,
      reason: 'bubblewrap (/nonexistent/bwrap) does not exist or is not executable',
    });
  });

  it('reports a bwrap that cannot create the namespaces as unavailable', async () => {
    // `false` stands in for a bwrap that fails its probe (as a kernel without namespaces makes it).
    const broken = await new JobSandbox({ bwrapPath: '/bin/false' }).detect();
    expect(broken.available).toBe(false);
    if (!broken.available)
      expect(broken.reason).toMatch(/^bubblewrap could not create the job's namespaces here: /);
  });
});

describe.runIf(!onLinux)('JobSandbox elsewhere', () => {
  it('is unavailable, naming the platform', async () => {
    const p = await new JobSandbox().detect();
    expect(p.available).toBe(false);
  });
});
