/**
 * Running python-gitlab (Debian's python3-gitlab, 3.12), unchanged, for the client suites: finding a
 * Python that can `import gitlab`, running the scripts in ./python-gitlab, and its `gitlab` CLI — as its own
 * process (`python3 -m gitlab`) or, to save a Python start and import per command, the same CLI code
 * (`gitlab.cli.main`) run one command per line by python-gitlab/cli_server.py, which builds the CLI's
 * argument parser once for all its commands.
 *
 * Without python-gitlab the suites FAIL with an install instruction rather than skip. `OUTPOST_PYTHON` names
 * the interpreter to use; otherwise /usr/bin/python3 (where Debian's package lives) and then `python3`.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The Python scripts the suites run. */
export const SCRIPTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'python-gitlab');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a program asynchronously (the core answering it lives in this process). */
export function run(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        env: { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: process.env.HOME, ...env },
        maxBuffer: 16 << 20,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 127) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The first interpreter that can import python-gitlab, or an explanation of why none can. */
export async function findPython(): Promise<{ python: string } | { missing: string }> {
  const candidates = [process.env.OUTPOST_PYTHON, '/usr/bin/python3', 'python3'].filter(
    (c): c is string => !!c,
  );
  const tried: string[] = [];
  for (const c of candidates) {
    const r = await run(c, ['-c', 'import gitlab, sys; sys.stdout.write(gitlab.__version__)']);
    if (r.code === 0) return { python: c };
    tried.push(`${c}: ${r.code === 127 ? 'not found' : r.stderr.trim().split('\n').pop()}`);
  }
  return {
    missing:
      'python-gitlab is required for the client compatibility tests: install it with ' +
      '`apt-get install -y python3-gitlab` (Debian, python-gitlab 3.12) or point OUTPOST_PYTHON at a ' +
      `python3 that can \`import gitlab\`. Tried: ${tried.join('; ')}`,
  };
}

/**
 * The `gitlab` CLI against one instance (URL and token in its environment variables, a HOME without a
 * config file). `process()` runs `python3 -m gitlab`; `command()` sends the arguments to one long-lived
 * cli_server.py. Both answer the exit code and output; `close()` ends the server.
 */
export class PythonGitlabCli {
  private server: ChildProcessWithoutNullStreams | null = null;
  private lines: AsyncIterator<string> | null = null;

  constructor(
    private readonly python: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** `python3 -m gitlab <args>` as its own process. */
  process(args: string[]): Promise<Run> {
    return run(this.python, ['-m', 'gitlab', ...args], this.env);
  }

  /** `gitlab.cli.main()` with `args`, in the shared CLI process (commands run one at a time). */
  async command(args: string[]): Promise<Run> {
    if (!this.server) {
      this.server = spawn(this.python, [path.join(SCRIPTS, 'cli_server.py')], {
        env: { PATH: process.env.PATH, LANG: 'C.UTF-8', ...this.env },
      });
      this.lines = createInterface({ input: this.server.stdout })[Symbol.asyncIterator]();
    }
    this.server.stdin.write(`${JSON.stringify(args)}\n`);
    const line = await this.lines!.next();
    if (line.done) throw new Error('the CLI server ended');
    return JSON.parse(line.value) as Run;
  }

  close(): void {
    this.server?.stdin.end();
    this.server = null;
  }
}
