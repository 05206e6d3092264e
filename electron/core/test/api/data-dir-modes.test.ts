/**
 * A standalone core's data dir is owner-only whatever the umask (issue 15, "File modes";
 * core/crypto/file-modes.ts): a real core on a fresh dir under the permissive umask 022, and on a data
 * dir an older version left group/world-readable; modes read back with stat.
 */
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../app.js';
import { TraceWriter } from '../../runner/trace-writer.js';
import { sqliteFiles } from '../helpers/secrets-on-disk.js';

const mode = (p: string) => statSync(p).mode & 0o777;

let previousUmask: number;
let root: string;
beforeAll(async () => {
  previousUmask = process.umask(0o022);
  root = await mkdtemp(path.join(os.tmpdir(), 'outpost-modes-'));
});
afterAll(async () => {
  process.umask(previousUmask);
  await rm(root, { recursive: true, force: true });
});

let n = 0;
const fresh = () => path.join(root, `case-${++n}`, 'nested', 'data');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

describe('data dir modes under umask 022', () => {
  it('a fresh data dir is 0700; the database, its WAL and SHM, the key and the root token file are 0600', async () => {
    const dataDir = fresh();
    const core = await createCore({ dataDir });
    closers.push(() => core.close());
    // Write something so the WAL has content.
    const res = await core.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers: { 'private-token': core.initialRootToken!, 'content-type': 'application/json' },
      payload: { name: 'modes' },
    });
    expect(res.statusCode).toBe(201);

    expect(mode(dataDir)).toBe(0o700);
    expect(sqliteFiles(dataDir).map((f) => path.basename(f))).toEqual([
      'outpost.sqlite',
      'outpost.sqlite-wal',
      'outpost.sqlite-shm',
    ]);
    for (const f of sqliteFiles(dataDir))
      expect([path.basename(f), mode(f)]).toEqual([path.basename(f), 0o600]);
    expect(mode(path.join(dataDir, 'core_secret.key'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'initial_root_token'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'repositories', 'default'))).toBe(0o700);
  });

  it('tightens a data dir an older version left readable by others', async () => {
    const dataDir = fresh();
    const first = await createCore({ dataDir });
    await first.close();
    chmodSync(dataDir, 0o755);
    for (const f of sqliteFiles(dataDir)) chmodSync(f, 0o644);
    const traces = path.join(dataDir, 'traces');
    mkdirSync(traces, { recursive: true });
    writeFileSync(path.join(traces, '1.log'), 'old trace\n', { mode: 0o644 });
    chmodSync(path.join(traces, '1.log'), 0o644);

    const core = await createCore({ dataDir });
    closers.push(() => core.close());
    expect(mode(dataDir)).toBe(0o700);
    for (const f of sqliteFiles(dataDir))
      expect([path.basename(f), mode(f)]).toEqual([path.basename(f), 0o600]);
    expect(mode(path.join(traces, '1.log'))).toBe(0o600);
  });

  it('new job traces are 0600', () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, '7.log');
    const w = new TraceWriter(file, [], null);
    w.write('hello\n');
    w.close();
    expect(mode(file)).toBe(0o600);
  });
});
