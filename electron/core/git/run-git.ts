/**
 * The one place the core spawns git: `execFile` with an argument array (never a shell), a timeout,
 * a clean environment (no prompts, no system config, no user config) and git's stderr turned into a
 * `GitError` with a readable message.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

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
  /**
   * The file-mode creation mask git starts with (e.g. 0o077: the temporary index and its lock are 0600,
   * git/temp-area.ts). Default: the process's own. Ignored on Windows and where Node may not set it (a
   * worker thread); the private directory the files live in still keeps them to the owner.
   */
  umask?: number;
}

/**
 * Run `spawnChild` (which starts a process synchronously) with the process umask set to `mask`, then
 * restore it: the child inherits the mask at fork. Node's `process.umask(mask)` is process-wide, so a
 * file another part of the core creates in that same instant gets the stricter mask, never a looser one.
 */
function withUmask<T>(mask: number | undefined, spawnChild: () => T): T {
  if (mask === undefined || process.platform === 'win32') return spawnChild();
  let previous: number;
  try {
    previous = process.umask(mask);
  } catch {
    return spawnChild();
  }
  try {
    return spawnChild();
  } finally {
    process.umask(previous);
  }
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

let spawned = 0;

/**
 * How many git processes this Node process has started through `runGit`/`runGitRaw`/`spawnGit` since it
 * began. Tests read it before and after a request to assert how many processes the request cost.
 */
export function gitSpawnCount(): number {
  return spawned;
}

/**
 * Subcommands that never move a ref (they may write objects or a temporary index, which is harmless to
 * ref caches). Any
 * other subcommand run through `runGit` (update-ref, fetch, pack-refs, symbolic-ref, push, gc, …) bumps
 * the repository's ref generation before and after it runs.
 */
const REF_READ_ONLY = new Set([
  'archive',
  'blame',
  'cat-file',
  'check-ref-format',
  'commit-graph',
  'commit-tree',
  'count-objects',
  'diff',
  'diff-tree',
  'for-each-ref',
  'hash-object',
  'log',
  'ls-remote',
  'ls-tree',
  'merge-base',
  'merge-tree',
  'mktag',
  'mktree',
  'read-tree',
  'rev-list',
  'rev-parse',
  'show',
  'show-ref',
  'update-index',
  'version',
  'write-tree',
]);

const generations = new Map<string, number>();

/** The key `gitDir` paths are tracked by (absolute, normalized). */
export function repositoryKey(gitDir: string): string {
  return path.resolve(gitDir);
}

/**
 * A counter bumped whenever the core runs (or finishes) a git command that may change `gitDir`'s refs,
 * or calls `invalidateRepositoryRefs`. Ref caches compare it to detect changes made by the core.
 */
export function refsGeneration(gitDir: string): number {
  return generations.get(repositoryKey(gitDir)) ?? 0;
}

/** Mark `gitDir`'s refs as changed (push, storage move, deletion): every cached ref listing is stale. */
export function invalidateRepositoryRefs(gitDir: string): void {
  const key = repositoryKey(gitDir);
  generations.set(key, (generations.get(key) ?? 0) + 1);
}

/** The subcommand of a git argument list: the first argument after global options (`-c k=v`, `--x`). */
function subcommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-c' || a === '-C') i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

/**
 * Start a long-lived `git [--git-dir=…] <args>` with piped stdin/stdout/stderr in the same clean
 * environment as `runGit` (for `cat-file --batch-command` processes; see cat-file-pool.ts). The caller
 * owns the process: it must end stdin or kill it.
 * @throws GitInvalidArgumentError (nothing spawned) when an argument or `gitDir` holds a NUL byte.
 */
export function spawnGit(
  args: readonly string[],
  opts: { gitDir?: string; env?: Record<string, string> } = {},
): ChildProcessWithoutNullStreams {
  const fullArgs = opts.gitDir ? [`--git-dir=${opts.gitDir}`, ...args] : [...args];
  if (hasNulByte(fullArgs, opts)) throw new GitInvalidArgumentError(fullArgs);
  spawned++;
  return spawn('git', fullArgs, {
    env: gitEnv(opts.env),
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
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
  const cmd = subcommand(args);
  const movesRefs = opts.gitDir !== undefined && (cmd === undefined || !REF_READ_ONLY.has(cmd));
  if (movesRefs) invalidateRepositoryRefs(opts.gitDir!);
  spawned++;
  return new Promise<Buffer>((resolve, reject) => {
    const child = withUmask(opts.umask, () =>
      execFile(
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
      ),
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    else child.stdin?.end();
  }).finally(() => {
    if (movesRefs) invalidateRepositoryRefs(opts.gitDir!);
  });
}
