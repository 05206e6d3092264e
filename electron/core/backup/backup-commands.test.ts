/**
 * The CLI's `backup` and `restore` subcommands on a real data dir (a core stopped after creating a
 * project): the progress lines they print, and their usage errors.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../test/helpers/test-core.js';
import { isUsageError, parseStorageFlags, runBackupCommand, runRestoreCommand } from './backup-commands.js';
import { MANIFEST_FILE } from './manifest.js';

let tmp: string;
let dataDir: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'outpost-backup-cli-'));
  dataDir = path.join(tmp, 'data');
  const t = await startTestCore({ dataDir, options: { storages: {} } });
  const res = await t.api('POST', '/projects', { json: { name: 'cli-demo', initialize_with_readme: true } });
  expect(res.status).toBe(201);
  await t.stop();
}, 60_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('backup and restore commands', () => {
  it('back up and restore with one line per step', async () => {
    const lines: string[] = [];
    await runBackupCommand(['--data-dir', dataDir, '--to', path.join(tmp, 'bk')], (l) => lines.push(l));
    expect(lines[0]).toMatch(/^\[database\] database snapshot of .*outpost\.sqlite$/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[repositories\] repository 1\/1 root\/cli-demo \(1 refs\)$/),
    );
    expect(lines.at(-1)).toMatch(/^Backup of 1 projects as of \d{4}-\d\d-\d\dT.*Z written to /);
    expect(existsSync(path.join(tmp, 'bk', MANIFEST_FILE))).toBe(true);

    const restored: string[] = [];
    await runRestoreCommand(['--from', path.join(tmp, 'bk'), '--data-dir', path.join(tmp, 'r')], (l) =>
      restored.push(l),
    );
    expect(restored).toContainEqual('[repositories] repository 1/1 root/cli-demo');
    expect(restored.at(-1)).toMatch(/^Restored 1 projects \(as of .*\) into /);
    const t = await startTestCore({ dataDir: path.join(tmp, 'r'), options: { storages: {} } });
    try {
      const files = await t.api<{ file_name: string }>(
        'GET',
        '/projects/1/repository/files/README.md?ref=main',
      );
      expect(files.status).toBe(200);
    } finally {
      await t.stop();
    }
  }, 60_000);

  it('answers bad arguments with usage errors, before touching anything', async () => {
    const noop = () => undefined;
    const attempts: [() => Promise<void>, RegExp][] = [
      [() => runBackupCommand(['--data-dir', dataDir], noop), /backup needs --to DIR/],
      [
        () => runBackupCommand(['--data-dir', dataDir, '--to', path.join(tmp, 'x'), '--bogus'], noop),
        /bogus/,
      ],
      [
        () =>
          runBackupCommand(['--data-dir', dataDir, '--to', path.join(tmp, 'x'), '--storage', 'nopath'], noop),
        /--storage must be NAME=PATH/,
      ],
      [
        () => runRestoreCommand(['--from', path.join(tmp, 'bk')], noop),
        /restore needs --from BACKUP and --data-dir/,
      ],
    ];
    for (const [attempt, message] of attempts) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(message);
      expect(isUsageError(err)).toBe(true);
    }
    expect(existsSync(path.join(tmp, 'x'))).toBe(false);
    // Refusals that are not about arguments are not usage errors.
    const refused = await runRestoreCommand(
      ['--from', path.join(tmp, 'bk'), '--data-dir', dataDir],
      noop,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect((refused as Error).message).toMatch(/is not empty/);
    expect(isUsageError(refused)).toBe(false);
    expect(parseStorageFlags(['fast=rel/dir'])).toEqual({ fast: path.resolve('rel/dir') });
  });
});
