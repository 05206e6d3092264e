/**
 * The core's command line (docs/operators.md).
 *
 * `npm run core -- --data-dir DIR --port PORT`: the embedded core as a standalone server on 127.0.0.1.
 * `--port 0` picks a free port. `--storage NAME=PATH` (repeatable) adds a repository storage shard. Prints
 * `Outpost core listening on http://127.0.0.1:PORT`, then on the first start of a data dir where the
 * root token is (never the token itself).
 *
 * The administrator `root` is created on the first start of a data dir with, in this order:
 * - `--root-token-file FILE`: the token in FILE (trimmed; ≥ 20 characters), or
 * - `OUTPOST_ROOT_TOKEN`: read once, first thing for every command, then deleted from this process's
 *   environment so git, hooks and jobs don't inherit it, and on Linux overwritten in the block
 *   `/proc/<pid>/environ` shows (electron/core/crypto/root-token-env.ts; giving both is a usage
 *   error), else
 * - a random `glpat-…` token written to `<DIR>/initial_root_token` (mode 0600), as GitLab's Omnibus
 *   writes `/etc/gitlab/initial_root_password`: move it somewhere safe and delete the file.
 * Later starts ignore both (root exists).
 *
 * `… backup --data-dir DIR --to BACKUP [--storage NAME=PATH]…`: a consistent online backup of a data
 * dir, running or not (electron/core/backup/backup-data-dir.ts), printing one progress line per step.
 *
 * `… restore --from BACKUP --data-dir DIR [--storage NAME=PATH]…`: restore a backup into a new, empty
 * data dir (electron/core/backup/restore-data-dir.ts).
 *
 * Exit codes: 0 done, 1 failed, 2 bad arguments.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore } from './app.js';
import type { Core } from './core-contract.js';
import {
  UsageError,
  isUsageError,
  parseStorageFlags,
  runBackupCommand,
  runRestoreCommand,
} from './backup/backup-commands.js';
import { INITIAL_ROOT_TOKEN_FILE, readTokenFile } from './crypto/root-token-file.js';
import { ROOT_TOKEN_ENV, takeRootTokenEnv } from './crypto/root-token-env.js';

/** Where the CLI writes and which environment it reads (the process's own by default; tests pass theirs). */
export interface CliIo {
  writeLine: (line: string) => void;
  writeError: (line: string) => void;
  /** `OUTPOST_ROOT_TOKEN` is read from here and deleted from it (and from `process.env`, see `main`). */
  env: Record<string, string | undefined>;
}

/** What `main` ends with: an exit code, or a running core (the serve command) that keeps the process alive. */
export type CliOutcome = { exitCode: number; core?: undefined } | { exitCode: null; core: Core };

/**
 * The root token handed to the core: from `--root-token-file`, else `fromEnv` (`OUTPOST_ROOT_TOKEN`, already
 * taken out of the environment by `main`). Null when neither is given.
 * @throws UsageError for both given, or an unreadable or empty file.
 */
async function rootTokenFrom(file: string | undefined, fromEnv: string | null): Promise<string | null> {
  if (file !== undefined && fromEnv)
    throw new UsageError('Give the root token with --root-token-file or OUTPOST_ROOT_TOKEN, not both');
  if (file === undefined) return fromEnv;
  let token: string | null;
  try {
    token = await readTokenFile(path.resolve(file));
  } catch (err) {
    throw new UsageError(`--root-token-file ${file}: ${(err as Error).message}`);
  }
  if (!token) throw new UsageError(`--root-token-file ${file}: the file is missing or empty`);
  return token;
}

async function serve(args: string[], io: CliIo, fromEnv: string | null): Promise<Core> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string', default: '.outpost-data' },
      port: { type: 'string', default: '0' },
      'external-url': { type: 'string' },
      log: { type: 'boolean', default: false },
      storage: { type: 'string', multiple: true, default: [] },
      'root-token-file': { type: 'string' },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  const rootToken = await rootTokenFrom(values['root-token-file'], fromEnv);
  const core = await createCore({
    storages: parseStorageFlags(values.storage),
    dataDir: values['data-dir'],
    externalUrl: values['external-url'],
    logger: values.log,
    ...(rootToken ? { rootToken } : {}),
  });
  try {
    const url = await core.listen({ port, host: '127.0.0.1' });
    io.writeLine(`Outpost core listening on ${url}`);
  } catch (err) {
    await core.close();
    throw err;
  }
  if (core.initialRootToken) {
    io.writeLine(
      rootToken
        ? `Created the administrator root with the token from ${values['root-token-file'] ? '--root-token-file' : 'OUTPOST_ROOT_TOKEN'}.`
        : `Created the administrator root; its token is in ${path.join(core.dataDir, INITIAL_ROOT_TOKEN_FILE)} (mode 0600). Keep it somewhere safe and delete the file.`,
    );
  }
  return core;
}

/**
 * Runs one command line (`argv` without `node` and the script). Failures are written to `io.writeError`
 * and turned into exit code 1 (2 for bad arguments); the serve command resolves to its running core.
 * `OUTPOST_ROOT_TOKEN` is taken out of `io.env` (and the process's environment) before anything else,
 * whatever the command (`takeRootTokenEnv`); when it was set but `/proc/<pid>/environ` could not be
 * cleared, a warning saying so goes to `io.writeError`.
 */
export async function main(argv: string[], io: CliIo): Promise<CliOutcome> {
  const wasSet = io.env[ROOT_TOKEN_ENV] !== undefined;
  const taken = takeRootTokenEnv(io.env);
  if (wasSet && taken.environ.outcome === 'failed') {
    io.writeError(
      `warning: ${ROOT_TOKEN_ENV} was removed from the environment, but not from /proc/${process.pid}/environ (readable by this OS user and root): ${taken.environ.message}`,
    );
  }
  const [command, ...rest] = argv;
  const name = command === 'backup' || command === 'restore' ? command : null;
  try {
    if (name === 'backup') await runBackupCommand(rest, io.writeLine);
    else if (name === 'restore') await runRestoreCommand(rest, io.writeLine);
    else return { exitCode: null, core: await serve(argv, io, taken.token) };
    return { exitCode: 0 };
  } catch (err: unknown) {
    const message = err instanceof Error ? err.message : String(err);
    const usage = isUsageError(err);
    io.writeError(
      name ? `${name}: ${message}` : usage ? message : `Outpost core failed to start: ${message}`,
    );
    return { exitCode: usage ? 2 : 1 };
  }
}

/** True when this module is the script node was started with (not imported by a test). */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const outcome = await main(process.argv.slice(2), {
    writeLine: (line) => process.stdout.write(`${line}\n`),
    writeError: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
  });
  if (outcome.exitCode !== null) process.exit(outcome.exitCode);
  const { core } = outcome;
  const stop = () => {
    void core.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
