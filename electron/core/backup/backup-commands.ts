/**
 * The `backup` and `restore` subcommands of the core's CLI (electron/core/cli.ts; docs/operators.md
 * "Backups"): argument parsing with node:util `parseArgs` (strict) and one progress line per step.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDataDir } from './backup-data-dir.js';
import type { BackupProgress } from './progress.js';
import { restoreDataDir } from './restore-data-dir.js';

/** A usage error: the CLI prints it and exits with code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Whether `err` is a usage error (ours, or node:util parseArgs' `ERR_PARSE_ARGS_*`). */
export function isUsageError(err: unknown): boolean {
  return (
    err instanceof UsageError || String((err as { code?: unknown })?.code ?? '').startsWith('ERR_PARSE_ARGS')
  );
}

/**
 * `--storage NAME=PATH` values → name → absolute path.
 * @throws UsageError for a value without a name or a path.
 */
export function parseStorageFlags(specs: readonly string[]): Record<string, string> {
  const storages: Record<string, string> = {};
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1) throw new UsageError(`--storage must be NAME=PATH, got "${spec}"`);
    storages[spec.slice(0, eq)] = path.resolve(spec.slice(eq + 1));
  }
  return storages;
}

/** Where the commands write their lines (stdout in the CLI). */
export type LineWriter = (line: string) => void;

const progressLine = (write: LineWriter) => (p: BackupProgress) => write(`[${p.phase}] ${p.message}`);

/**
 * `backup --data-dir DIR --to BACKUP [--storage NAME=PATH]…`
 * @throws UsageError / parseArgs errors for bad arguments; BackupError and copy errors as `backupDataDir`.
 */
export async function runBackupCommand(args: string[], write: LineWriter): Promise<void> {
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
    storages: parseStorageFlags(values.storage),
    onProgress: progressLine(write),
  });
  write(
    `Backup of ${manifest.projects.length} projects as of ${manifest.created_at} written to ${path.resolve(values.to)}`,
  );
}

/**
 * `restore --from BACKUP --data-dir DIR [--storage NAME=PATH]…`
 * @throws UsageError / parseArgs errors for bad arguments; RestoreError and the others as `restoreDataDir`.
 */
export async function runRestoreCommand(args: string[], write: LineWriter): Promise<void> {
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
    storages: parseStorageFlags(values.storage),
    onProgress: progressLine(write),
  });
  write(
    `Restored ${manifest.projects.length} projects (as of ${manifest.created_at}) into ${path.resolve(values['data-dir'])}`,
  );
}
