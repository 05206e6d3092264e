/**
 * Audit events formatted on worker threads (issue 17), against a real SQLite file and real workers: the
 * chunks hold exactly the events a keyset walk presents, newest first, for any number of workers and
 * block size, filters included; events recorded after the start are left out; failures in a worker
 * (its formatter module, a formatter that throws) reach the consumer as errors.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../shared/audit-events.js';
import { presentAuditEvent } from '../entities/audit-events.js';
import { findAuditEventsAfter, insertAuditEvent, type AuditEventFilter } from './audit-events.js';
import { formatAuditEventsInWorkers, type AuditExportFormatter } from './audit-events-export.js';
import { openDatabase, type Db } from './database.js';

let dir: string;
let db: Db;
let formatter: AuditExportFormatter;
let throwing: AuditExportFormatter;

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
  opts: { workers?: number; blockIds?: number; formatter?: AuditExportFormatter } = {},
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
