/**
 * Audit events formatted on worker threads (issue 17), against a real SQLite file and real workers: the
 * chunks hold exactly the events a keyset walk presents, newest first, for any number of workers and
 * block size, filters included; events recorded after the start are left out; failures in a worker
 * (its formatter module, a formatter that throws, also in the middle of a block) reach the consumer as
 * errors and leave no worker running; blocks of large events come back in several chunks; the workers'
 * young generation stays small under the app's `--max-semi-space-size`.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../../shared/audit-events.js';
import { presentAuditEvent } from '../../entities/audit-events.js';
import { findAuditEventsAfter, insertAuditEvent, type AuditEventFilter } from '../../db/audit-events.js';
import { formatAuditEventsInWorkers, semiSpaceFlagOf, type AuditExportFormatter } from './export-workers.js';
import { openDatabase, type Db } from '../../db/database.js';

let dir: string;
let db: Db;
let formatter: AuditExportFormatter;
let throwing: AuditExportFormatter;
/** The fixture's format, but throwing `formatter broke at <id>` on the event whose id is its options. */
let throwingAt: (id: number) => AuditExportFormatter;
/** Churns its worker's heap, then writes one line: the worker's young generation capacity in bytes. */
let youngSize: AuditExportFormatter;

/** This process's threads (Linux), to see that no worker thread is left running. */
function threads(): number {
  return Number(/^Threads:\s+(\d+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
}

/** The formatter the fixture module applies: one line per event, its whole presented JSON. */
const line = (event: AuditEvent, prefix: string) => `${prefix} ${JSON.stringify(event)}\n`;

function insert(i: number): number {
  const types = ['User', 'Group', 'Project'];
  return insertAuditEvent(db, {
    author_id: (i % 3) + 1,
    entity_type: types[i % 3]!,
    entity_id: (i % 2) + 1,
    // Every fourth event has details that are not JSON: presented with the defaults.
    details:
      i % 4 === 0
        ? 'not json'
        : JSON.stringify({ author_name: `User "${i}", the ${i}th`, change: 'x', from: i, to: null }),
    ip_address: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  });
}

/** What a keyset walk of `filter` presents, newest first, formatted as the fixture module does. */
function expected(filter: AuditEventFilter, prefix: string): string {
  let text = '';
  let after: number | null = null;
  for (;;) {
    const rows = findAuditEventsAfter(db, filter, 'desc', 10, after);
    if (!rows.length) return text;
    for (const row of rows) text += line(presentAuditEvent(row), prefix);
    after = rows[rows.length - 1]!.id;
  }
}

async function collect(
  filter: AuditEventFilter,
  opts: { workers?: number; blockIds?: number; chunkBytes?: number; formatter?: AuditExportFormatter } = {},
): Promise<{ text: string; rows: number; chunks: number }> {
  let text = '';
  let rows = 0;
  let chunks = 0;
  for await (const chunk of formatAuditEventsInWorkers({ db, filter, formatter, ...opts })) {
    text += chunk.text;
    rows += chunk.rows;
    chunks += 1;
  }
  return { text, rows, chunks };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-audit-export-'));
  db = openDatabase(join(dir, 'outpost.sqlite'));
  for (let i = 1; i <= 57; i++) insert(i);
  const module = join(dir, 'format.mjs');
  await writeFile(
    module,
    `export function formatAuditEventPage(events, prefix) {
      return events.map((event) => \`\${prefix} \${JSON.stringify(event)}\\n\`).join('');
    }`,
  );
  formatter = { module: pathToFileURL(module).href, options: 'event' };
  const broken = join(dir, 'broken.mjs');
  await writeFile(broken, `export function formatAuditEventPage() { throw new Error('formatter broke'); }`);
  throwing = { module: pathToFileURL(broken).href };
  const brokenAt = join(dir, 'broken-at.mjs');
  await writeFile(
    brokenAt,
    `export function formatAuditEventPage(events, id) {
      if (events.some((event) => event.id === id)) throw new Error('formatter broke at ' + id);
      return events.map((event) => \`event \${JSON.stringify(event)}\\n\`).join('');
    }`,
  );
  throwingAt = (id) => ({ module: pathToFileURL(brokenAt).href, options: id });
  const young = join(dir, 'young.mjs');
  await writeFile(
    young,
    `import { getHeapSpaceStatistics } from 'node:v8';
    export function formatAuditEventPage(events) {
      // Objects that survive a scavenge or two: what makes V8 grow a young generation to its maximum.
      let keep = [];
      for (let i = 0; i < 3000; i++) {
        const batch = [];
        for (let j = 0; j < 1000; j++) batch.push({ text: 'row ' + i + ':' + j, at: [j] });
        keep.push(batch);
        if (keep.length > 2) keep.shift();
      }
      const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      return events.map(() => space.space_size + '\\n').join('');
    }`,
  );
  youngSize = { module: pathToFileURL(young).href };
});

afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('formatAuditEventsInWorkers', () => {
  it.each([
    { workers: 1, blockIds: 1000 },
    { workers: 2, blockIds: 1 },
    { workers: 2, blockIds: 7 },
    { workers: 3, blockIds: 5 },
  ])(
    'writes every event once, newest first, in order ($workers workers, blocks of $blockIds ids)',
    async (opts) => {
      const all = await collect({}, opts);
      expect(all.rows).toBe(57);
      expect(all.text).toBe(expected({}, 'event'));
      expect(all.chunks).toBe(Math.ceil(57 / opts.blockIds));
    },
  );

  it('applies the filter, skipping empty blocks', async () => {
    const filter = { entityType: 'Group', entityId: 2 };
    const some = await collect(filter, { workers: 2, blockIds: 2 });
    expect(some.rows).toBeGreaterThan(0);
    expect(some.rows).toBeLessThan(57);
    expect(some.text).toBe(expected(filter, 'event'));
    const window = {
      createdAfter: new Date(Date.UTC(2026, 0, 1, 0, 10)).toISOString(),
      createdBefore: new Date(Date.UTC(2026, 0, 1, 0, 20)).toISOString(),
    };
    const windowed = await collect(window, { workers: 2, blockIds: 3 });
    expect(windowed.rows).toBe(11);
    expect(windowed.text).toBe(expected(window, 'event'));
    expect(await collect({ entityType: 'Nothing' })).toEqual({ text: '', rows: 0, chunks: 0 });
  });

  it('leaves out events recorded after the export started', async () => {
    const chunks = formatAuditEventsInWorkers({ db, filter: {}, formatter, workers: 2, blockIds: 4 });
    const first = await chunks.next();
    expect(first.done).toBe(false);
    const added = [insert(100), insert(101)];
    let rows = first.value ? first.value.rows : 0;
    for await (const chunk of chunks) rows += chunk.rows;
    expect(rows).toBe(57);
    expect((await collect({})).rows).toBe(57 + added.length);
  });

  it('stops when the consumer stops, and reports a worker failure as an error', async () => {
    const chunks = formatAuditEventsInWorkers({ db, filter: {}, formatter, workers: 2, blockIds: 1 });
    expect((await chunks.next()).value).toMatchObject({ rows: 1 });
    expect(await chunks.return()).toEqual({ done: true, value: undefined });

    await expect(collect({}, { formatter: throwing })).rejects.toThrow('audit export: formatter broke');
    await expect(
      collect({}, { formatter: { module: pathToFileURL(join(dir, 'missing.mjs')).href } }),
    ).rejects.toThrow(/audit export: .*missing\.mjs/);
  });

  it('sends a block of large events in several chunks, the same text in the same order', async () => {
    // Every event past 1 byte of details: each is its own chunk.
    const all = expected({}, 'event');
    const total = all.split('\n').length - 1;
    const each = await collect({}, { workers: 2, blockIds: 10, chunkBytes: 1 });
    expect(each).toEqual({ text: all, rows: total, chunks: total });
    const some = await collect({}, { workers: 3, blockIds: 20, chunkBytes: 300 });
    expect(some.text).toBe(expected({}, 'event'));
    expect(some.chunks).toBeGreaterThan(3);
    expect(some.chunks).toBeLessThan(total);
  });

  it('fails cleanly on a formatter error in the middle of a block, leaving no worker running', async () => {
    await collect({}, { workers: 2 });
    const before = threads();
    // One block of every id, in chunks of one event: the failing event is the 30th, mid-block.
    const ids = [...expected({}, 'event').matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
    const chunks = formatAuditEventsInWorkers({
      db,
      filter: {},
      formatter: throwingAt(ids[29]!),
      workers: 2,
      blockIds: 1000,
      chunkBytes: 1,
    });
    let rows = 0;
    await expect(
      (async () => {
        for await (const chunk of chunks) rows += chunk.rows;
      })(),
    ).rejects.toThrow(`audit export: formatter broke at ${ids[29]}`);
    expect(rows).toBe(29);
    expect(threads()).toBe(before);
    // The next export works.
    expect((await collect({}, { workers: 2 })).text).toBe(expected({}, 'event'));
  });

  it("bounds each worker's young generation even when the process runs with --max-semi-space-size", async () => {
    const bigYoung = async () => {
      const worker = new Worker(
        `const { parentPort } = require('node:worker_threads');
        import(${JSON.stringify(youngSize.module)}).then((m) => parentPort.postMessage(m.formatAuditEventPage([{}])));`,
        { eval: true },
      );
      const text = await new Promise<string>((resolve, reject) =>
        worker.once('message', resolve).once('error', reject),
      );
      await worker.terminate();
      return Number(text);
    };
    const MIB = 2 ** 20;
    setFlagsFromString('--max-semi-space-size=16');
    try {
      // The flag as the app sets it: a plain worker's young generation grows to 16 MiB semi-spaces.
      expect(await bigYoung()).toBeGreaterThan(12 * MIB);
      const sizes = await collect({}, { workers: 2, blockIds: 30, formatter: youngSize });
      const spaces = sizes.text.trim().split('\n').map(Number);
      expect(spaces).toHaveLength(sizes.rows);
      // A 12 MiB young generation: 4 MiB semi-spaces, 8 MiB of new space (32 MiB under the flag).
      for (const size of spaces) expect(size).toBeLessThanOrEqual(8 * MIB);
      // And the process's flag is back for isolates started later.
      expect(await bigYoung()).toBeGreaterThan(12 * MIB);
    } finally {
      setFlagsFromString(`--max-semi-space-size=${semiSpaceFlagOf(process)}`);
    }
    expect(getHeapSpaceStatistics().length).toBeGreaterThan(0);
  });

  it('reads the process semi-space flag from NODE_OPTIONS, the command line and Electron js-flags', () => {
    const none = { execArgv: [], argv: ['node', 'x.js'], env: {} };
    expect(semiSpaceFlagOf(none)).toBe(0);
    expect(semiSpaceFlagOf({ ...none, execArgv: ['--max-semi-space-size=16'] })).toBe(16);
    expect(semiSpaceFlagOf({ ...none, execArgv: ['--max_semi_space_size', '8'] })).toBe(8);
    expect(semiSpaceFlagOf({ ...none, env: { NODE_OPTIONS: '--max-semi-space-size=4 --inspect' } })).toBe(4);
    expect(
      semiSpaceFlagOf({
        ...none,
        env: { NODE_OPTIONS: '--max-semi-space-size=4' },
        execArgv: ['--max-semi-space-size=16'],
      }),
    ).toBe(16);
    expect(
      semiSpaceFlagOf({
        ...none,
        argv: ['electron', '--js-flags=--expose-gc --max-semi-space-size=32', '.'],
      }),
    ).toBe(32);
  });

  it('refuses an in-memory database, which workers cannot open', async () => {
    const memory = openDatabase(':memory:');
    try {
      await expect(formatAuditEventsInWorkers({ db: memory, filter: {}, formatter }).next()).rejects.toThrow(
        /in-memory/,
      );
    } finally {
      memory.close();
    }
  });
});
