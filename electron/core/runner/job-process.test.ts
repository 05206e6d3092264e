/**
 * `runScript` over real processes: a script whose sandbox setup fails the way bubblewrap's loopback setup
 * does under load ("bwrap: loopback: Failed RTM_NEWADDR: No child processes", exit 1, before anything of
 * the job ran) is started again, and the message stays out of the trace unless every attempt fails; a
 * job that fails for its own reasons is never started twice.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from './job-process.js';
import { TraceWriter } from './trace-writer.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'outpost-job-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SETUP_FAILURE = 'bwrap: loopback: Failed RTM_NEWADDR: No child processes';

/**
 * A command standing in for bwrap: it counts its starts in `counter`; the first `failures` starts print
 * bubblewrap's setup failure and exit 1, later ones run `rest` (a bash snippet).
 */
function flakyCommand(name: string, failures: number, rest: string): { argv: string[]; counter: string } {
  const counter = path.join(dir, `${name}.count`);
  writeFileSync(counter, '0');
  const script = [
    `n=$(cat "${counter}"); n=$((n + 1)); echo "$n" > "${counter}"`,
    `if [ "$n" -le ${failures} ]; then echo '${SETUP_FAILURE}' >&2; exit 1; fi`,
    rest,
  ].join('\n');
  return { argv: ['bash', '-c', script], counter };
}

async function run(
  name: string,
  argv: string[],
): Promise<{ exitCode: number | null; trace: string; starts: number }> {
  const file = path.join(dir, `${name}.log`);
  const trace = new TraceWriter(file, [], null);
  const pids: number[] = [];
  const r = await runScript({
    command: argv,
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    trace,
    timeoutMs: 20_000,
    onSpawn: (pid) => pids.push(pid),
  }).done;
  trace.close();
  return { exitCode: r.exitCode, trace: readFileSync(file, 'utf8'), starts: pids.length };
}

describe('runScript and a failed sandbox setup', () => {
  it('starts the script again after bubblewrap failed to set up its loopback, and keeps the message out', async () => {
    const { argv, counter } = flakyCommand('twice', 2, 'echo job-output; echo job-warning >&2');
    const r = await run('twice', argv);
    expect(r.exitCode).toBe(0);
    expect(readFileSync(counter, 'utf8').trim()).toBe('3');
    expect(r.starts).toBe(3); // each attempt's pid was reported (the runner stores the latest)
    expect(r.trace).toContain('job-output');
    expect(r.trace).toContain('job-warning');
    expect(r.trace).not.toContain('bwrap: loopback');
  });

  it('gives up after three attempts and shows the message once', async () => {
    const { argv, counter } = flakyCommand('always', 99, 'echo never');
    const r = await run('always', argv);
    expect(r.exitCode).toBe(1);
    expect(readFileSync(counter, 'utf8').trim()).toBe('3');
    expect(r.trace.split(SETUP_FAILURE).length - 1).toBe(1);
    expect(r.trace).not.toContain('never');
  });

  it('never starts a job again that failed after it began, whatever it printed', async () => {
    // Output on stdout first: the job ran, so the same message later is the job's own.
    const started = flakyCommand('started', 0, `echo began; echo '${SETUP_FAILURE}' >&2; exit 1`);
    const a = await run('started', started.argv);
    expect(a.exitCode).toBe(1);
    expect(readFileSync(started.counter, 'utf8').trim()).toBe('1');
    expect(a.trace).toContain(SETUP_FAILURE);
    // Another exit code than bubblewrap's.
    const other = flakyCommand('other', 0, `echo '${SETUP_FAILURE}' >&2; exit 2`);
    const b = await run('other', other.argv);
    expect(b.exitCode).toBe(2);
    expect(readFileSync(other.counter, 'utf8').trim()).toBe('1');
    expect(b.trace).toContain(SETUP_FAILURE);
    // Other text on stderr.
    const plain = flakyCommand('plain', 0, 'echo "some error" >&2; exit 1');
    const c = await run('plain', plain.argv);
    expect(c.exitCode).toBe(1);
    expect(readFileSync(plain.counter, 'utf8').trim()).toBe('1');
    expect(c.trace).toContain('some error');
  });
});
