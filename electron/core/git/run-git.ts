/**
 * The one place the core spawns git: `execFile` with an argument array (never a shell), a timeout,
 * a clean environment (no prompts, no system config, no user config) and git's stderr turned into a
 * `GitError` with a readable message.
 */
import { execFile } from 'node:child_process';

/** Raised when git exits non-zero or times out. `message` is git's last stderr line, trimmed. */
export class GitError extends Error {
  constructor(
    message: string,
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

/**
 * Raised, before anything is spawned, when an argument, the working directory or an environment value
 * holds a NUL byte: the operating system can't pass one (Node would throw `ERR_INVALID_ARG_VALUE`), and
 * no git name may contain one. A `GitError` (callers that turn git's refusals into 4xx answers do the
 * same here); core/http/errors.ts answers 400 for one that reaches it.
 */
export class GitInvalidArgumentError extends GitError {
  constructor(args: readonly string[]) {
    super('A git argument contains a NUL byte', args.map(withoutNul), null, '');
    this.name = 'GitInvalidArgumentError';
  }
}

function withoutNul(s: string): string {
  return s.replaceAll('\0', '\\0');
}

/** True when any argument, `cwd` or environment value holds a NUL byte. */
function hasNulByte(args: readonly string[], opts: RunGitOptions): boolean {
  const values = [...args, opts.gitDir ?? '', opts.cwd ?? '', ...Object.values(opts.env ?? {})];
  return values.some((v) => typeof v === 'string' && v.includes('\0'));
}

/**
 * The sentence to show for a failed git call: the first `fatal:`/`error:` line (git's reason, before
 * its generic advice), else the last non-empty line, else `fallback`.
 */
export function gitErrorMessage(stderr: string, fallback: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const reason = lines.find((l) => /^(fatal|error): /.test(l));
  return (reason ?? lines[lines.length - 1] ?? fallback).replace(/^(fatal|error): /, '');
}

export interface RunGitOptions {
  /** Path to a bare repository (`--git-dir`). */
  gitDir?: string;
  cwd?: string;
  /** Written to git's stdin. */
  input?: string | Buffer;
  /** Milliseconds before git is killed; default 60 000. */
  timeoutMs?: number;
  /** Extra environment (author/committer identity, GIT_INDEX_FILE…). */
  env?: Record<string, string>;
  /** Output limit in bytes; default 256 MiB. */
  maxBuffer?: number;
  /** Non-zero exit codes that still resolve to stdout (`merge-tree` exits 1 on conflicts). */
  okExitCodes?: readonly number[];
}

/** Environment every git call gets: no terminal prompts, no system or global config leaking in. */
export function gitEnv(extra?: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    LANG: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ASKPASS: '/bin/false',
    ...extra,
  };
}

/**
 * Run `git [--git-dir=…] <args>` and resolve to its stdout (Buffer when `encoding` is 'buffer').
 * @throws GitError with git's stderr when git fails or is killed by the timeout; GitInvalidArgumentError
 *   (nothing spawned) when an argument, `gitDir`, `cwd` or environment value holds a NUL byte.
 */
export function runGit(args: readonly string[], opts: RunGitOptions = {}): Promise<string> {
  return runGitRaw(args, opts).then((b) => b.toString('utf8'));
}

/** As `runGit`, resolving to raw bytes (for blob contents). */
export function runGitRaw(args: readonly string[], opts: RunGitOptions = {}): Promise<Buffer> {
  const fullArgs = opts.gitDir ? [`--git-dir=${opts.gitDir}`, ...args] : [...args];
  if (hasNulByte(fullArgs, opts)) return Promise.reject(new GitInvalidArgumentError(fullArgs));
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      fullArgs,
      {
        cwd: opts.cwd,
        env: gitEnv(opts.env),
        timeout: opts.timeoutMs ?? 60_000,
        killSignal: 'SIGKILL',
        maxBuffer: opts.maxBuffer ?? 256 * 1024 * 1024,
        encoding: 'buffer',
        windowsHide: true,
      },
      (err, stdout, stderr) => {
        const exit =
          typeof (err as { code?: unknown } | null)?.code === 'number' ? (err as { code: number }).code : 0;
        if (err && opts.okExitCodes?.includes(exit) && !(err as { killed?: boolean }).killed) {
          resolve(stdout);
          return;
        }
        if (err) {
          const text = stderr.toString('utf8').trim();
          const killed = (err as { killed?: boolean }).killed;
          const message = killed ? `git ${args[0] ?? ''} timed out` : gitErrorMessage(text, err.message);
          const code =
            typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : null;
          reject(new GitError(message, fullArgs, code, text));
          return;
        }
        resolve(stdout);
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    else child.stdin?.end();
  });
}
