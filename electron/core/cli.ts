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
import { parseArgs } from 'node:util';
import { createCore } from './app.js';
import {
  UsageError,
  isUsageError,
  parseStorageFlags,
  runBackupCommand,
  runRestoreCommand,
} from './backup/backup-commands.js';

const writeLine = (line: string) => process.stdout.write(`${line}\n`);

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
    storages: parseStorageFlags(values.storage),
    dataDir: values['data-dir'],
    externalUrl: values['external-url'],
    logger: values.log,
  });
  const url = await core.listen({ port, host: '127.0.0.1' });
  writeLine(`Outpost core listening on ${url}`);
  const stop = () => {
    void core.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const [command, ...rest] = process.argv.slice(2);
const run =
  command === 'backup'
    ? runBackupCommand(rest, writeLine)
    : command === 'restore'
      ? runRestoreCommand(rest, writeLine)
      : serve(process.argv.slice(2));

run.catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  const usage = isUsageError(err);
  const name = command === 'backup' || command === 'restore' ? command : null;
  process.stderr.write(
    name ? `${name}: ${message}\n` : usage ? `${message}\n` : `Outpost core failed to start: ${message}\n`,
  );
  process.exit(usage ? 2 : 1);
});
