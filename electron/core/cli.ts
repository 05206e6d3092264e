/**
 * The core's command line (docs/operators.md).
 *
 * `npm run core -- --data-dir DIR --port PORT`: the embedded core as a standalone server on 127.0.0.1.
 * `--port 0` picks a free port. `--storage NAME=PATH` (repeatable) adds a repository storage shard. Prints one line: `Outpost core listening on http://127.0.0.1:PORT`.
 * The root token of a new data dir is in `<DIR>/initial_root_token` (mode 0600) unless OUTPOST_ROOT_TOKEN is set.
 *
 * `… backup --data-dir DIR --to BACKUP [--storage NAME=PATH]…`: a consistent online backup of a data
 * dir, running or not (electron/core/backup/backup-data-dir.ts), printing one progress line per step.
 *
 * `… restore --from BACKUP --data-dir DIR [--storage NAME=PATH]…`: restore a backup into a new, empty
 * data dir (electron/core/backup/restore-data-dir.ts).
 *
 * Exit codes: 0 done, 1 failed, 2 bad arguments.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from './app.js';
import { backupDataDir } from './backup/backup-data-dir.js';
import type { BackupProgress } from './backup/progress.js';
import { restoreDataDir } from './backup/restore-data-dir.js';

/** A usage error: printed with exit code 2. */
class UsageError extends Error {}

/** `NAME=PATH` specs → name → absolute path. @throws UsageError for a malformed spec. */
function parseStorages(specs: readonly string[]): Record<string, string> {
  const storages: Record<string, string> = {};
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1) throw new UsageError(`--storage must be NAME=PATH, got "${spec}"`);
    storages[spec.slice(0, eq)] = path.resolve(spec.slice(eq + 1));
  }
  return storages;
}

function printProgress(p: BackupProgress): void {
  process.stdout.write(`[${p.phase}] ${p.message}\n`);
}

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string', default: '.outpost-data' },
      port: { type: 'string', default: '0' },
      'external-url': { type: 'string' },
      log: { type: 'boolean', default: false },
      storage: { type: 'string', multiple: true, default: [] },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  const core = await createCore({
    storages: parseStorages(values.storage),
    dataDir: values['data-dir'],
    externalUrl: values['external-url'],
    logger: values.log,
  });
  const url = await core.listen({ port, host: '127.0.0.1' });
  process.stdout.write(`Outpost core listening on ${url}\n`);
  const stop = () => {
    void core.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string', default: '.outpost-data' },
      to: { type: 'string' },
      storage: { type: 'string', multiple: true, default: [] },
    },
    strict: true,
  });
  if (!values.to) throw new UsageError('backup needs --to DIR (a new or empty directory)');
  const manifest = await backupDataDir({
    dataDir: values['data-dir'],
    destination: values.to,
    storages: parseStorages(values.storage),
    onProgress: printProgress,
  });
  process.stdout.write(
    `Backup of ${manifest.projects.length} projects as of ${manifest.created_at} written to ${path.resolve(values.to)}\n`,
  );
}

async function restore(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      storage: { type: 'string', multiple: true, default: [] },
    },
    strict: true,
  });
  if (!values.from || !values['data-dir'])
    throw new UsageError('restore needs --from BACKUP and --data-dir DIR (a new or empty directory)');
  const manifest = await restoreDataDir({
    backup: values.from,
    dataDir: values['data-dir'],
    storages: parseStorages(values.storage),
    onProgress: printProgress,
  });
  process.stdout.write(
    `Restored ${manifest.projects.length} projects (as of ${manifest.created_at}) into ${path.resolve(values['data-dir'])}\n`,
  );
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'backup') return backup(rest);
  if (command === 'restore') return restore(rest);
  return serve(argv);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  const command = process.argv[2] === 'backup' || process.argv[2] === 'restore' ? process.argv[2] : 'start';
  process.stderr.write(
    command === 'start' && !usage ? `Outpost core failed to start: ${message}\n` : `${command}: ${message}\n`,
  );
  process.exit(usage ? 2 : 1);
});
