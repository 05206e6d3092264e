/**
 * `npm run core -- --data-dir DIR --port PORT`: the embedded core as a standalone server on 127.0.0.1.
 * `--port 0` picks a free port. `--storage NAME=PATH` (repeatable) adds a repository storage shard. Prints one line: `Outpost core listening on http://127.0.0.1:PORT`.
 * The root token of a new data dir is in `<DIR>/initial_root_token` (mode 0600) unless OUTPOST_ROOT_TOKEN is set.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from './app.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
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
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be an integer from 0 to 65535, got "${values.port}"\n`);
    process.exit(2);
  }
  const storages: Record<string, string> = {};
  for (const spec of values.storage) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1) {
      process.stderr.write(`--storage must be NAME=PATH, got "${spec}"\n`);
      process.exit(2);
    }
    storages[spec.slice(0, eq)] = path.resolve(spec.slice(eq + 1));
  }
  const core = await createCore({
    storages,
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

main().catch((err: unknown) => {
  process.stderr.write(`Outpost core failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
