/**
 * Audit events at scale (issue 5; printed figures, never a timed test), and helpers the host's export
 * benchmark reuses:
 * - `seedAuditEvents(target, n)`: n realistic events (users, tokens, projects, members, groups,
 *   protected branches, instance variables; `details` in GitLab's shape) in one transaction;
 * - `benchSqliteReadAuditEvents(dbPath)`: the time SQLite alone takes to read every row in id order;
 * - `walkAuditEventsKeyset(core, token)`: the same events walked through the core's keyset API
 *   (`GET /audit_events?pagination=keyset&per_page=100`, following `Link` rel="next") via inject.
 * `benchAuditEvents()` runs the three on OUTPOST_BENCH_AUDIT_EVENTS events (default 1,000,000) and
 * returns its table rows, each beside SQLite alone doing the same reads.
 */
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createCore } from '../electron/core/app.js';
import type { Core } from '../electron/core/app.js';
import {
  countAuditEvents,
  findAuditEventsAfter,
  findAuditEventsPage,
} from '../electron/core/db/audit-events.js';
import { openDatabase } from '../electron/core/db/database.js';
import { parseAuditTime } from '../electron/core/services/audit/audit-event-query.js';
import type { BenchRow } from './bench-table.js';

const TOKEN = 'glpat-bench-root-token-000000000';

/** The core's SQLite file for a data dir, or `target` itself when it is a file path. */
export function auditDbPath(target: string): string {
  try {
    if (statSync(target).isDirectory()) return path.join(target, 'outpost.sqlite');
  } catch {
    // Not there yet: a data dir when it has no extension.
    if (path.extname(target) === '') return path.join(target, 'outpost.sqlite');
  }
  return target;
}

interface Template {
  entityType: 'User' | 'Group' | 'Project' | 'Gitlab::Audit::InstanceScope';
  targetType: string;
  eventName: string;
  action: (i: number) => Record<string, string | number | boolean | null>;
}

const ROLES = ['Guest', 'Reporter', 'Developer', 'Maintainer', 'Owner'];

const TEMPLATES: Template[] = [
  { entityType: 'User', targetType: 'User', eventName: 'user_created', action: () => ({ add: 'user' }) },
  {
    entityType: 'User',
    targetType: 'PersonalAccessToken',
    eventName: 'personal_access_token_created',
    action: (i) => ({ custom_message: `Created personal access token with id ${i}` }),
  },
  {
    entityType: 'Project',
    targetType: 'Project',
    eventName: 'project_created',
    action: () => ({ add: 'project' }),
  },
  {
    entityType: 'Project',
    targetType: 'Project',
    eventName: 'project_visibility_updated',
    action: () => ({ change: 'visibility_level', from: 'private', to: 'internal' }),
  },
  {
    entityType: 'Project',
    targetType: 'User',
    eventName: 'member_created',
    action: (i) => ({ add: 'user_access', as: ROLES[i % ROLES.length]! }),
  },
  {
    entityType: 'Group',
    targetType: 'User',
    eventName: 'member_updated',
    action: (i) => ({ change: 'access_level', from: ROLES[i % 4]!, to: ROLES[(i % 4) + 1]! }),
  },
  { entityType: 'Group', targetType: 'Group', eventName: 'group_created', action: () => ({ add: 'group' }) },
  {
    entityType: 'Project',
    targetType: 'ProtectedBranch',
    eventName: 'protected_branch_created',
    action: () => ({ add: 'protected_branch' }),
  },
  {
    entityType: 'Gitlab::Audit::InstanceScope',
    targetType: 'Ci::InstanceVariable',
    eventName: 'ci_instance_variable_updated',
    action: (i) => ({ change: 'protected', from: i % 2 === 0, to: i % 2 !== 0 }),
  },
];

/**
 * Append `n` realistic audit events to the core database at `target` (a data dir or the SQLite file),
 * created_at spread evenly over the `spanDays` before now, oldest first.
 *
 * Bench code only: it writes through better-sqlite3 directly (one transaction, one prepared statement)
 * instead of the API, which records events one mutation at a time. The schema is brought up to date
 * first, so `target` may be a fresh directory; a core may be running on it (WAL).
 * @returns rows written, elapsed ms, and the id range written.
 */
export function seedAuditEvents(
  target: string,
  n: number,
  opts: { spanDays?: number } = {},
): { rows: number; ms: number; firstId: number; lastId: number } {
  const db = openDatabase(auditDbPath(target));
  try {
    const spanMs = (opts.spanDays ?? 90) * 86_400_000;
    const end = Date.now();
    const start = end - spanMs;
    const insert = db.prepare(
      'INSERT INTO audit_events (author_id, entity_id, entity_type, details, ip_address, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const t0 = performance.now();
    let firstId = 0;
    let lastId = 0;
    db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const tpl = TEMPLATES[i % TEMPLATES.length]!;
        const authorId = (i % 50) + 1;
        const entityId = tpl.entityType === 'Gitlab::Audit::InstanceScope' ? 1 : (i % 500) + 1;
        const targetId = tpl.targetType === 'User' ? (i % 2000) + 1 : i + 1;
        const entityPath =
          tpl.entityType === 'User'
            ? `user${entityId}`
            : tpl.entityType === 'Group'
              ? `group-${entityId}`
              : tpl.entityType === 'Project'
                ? `group-${entityId % 40}/project-${entityId}`
                : 'gitlab_instance';
        const ip = `10.0.${(i >> 8) & 255}.${i & 255}`;
        const details = JSON.stringify({
          ...tpl.action(i),
          event_name: tpl.eventName,
          author_name: `User ${authorId}`,
          author_class: 'User',
          target_id: targetId,
          target_type: tpl.targetType,
          target_details: tpl.targetType === 'User' ? `user${targetId}` : `${entityPath}#${targetId}`,
          ip_address: ip,
          entity_path: entityPath,
        });
        const createdAt = new Date(start + Math.floor((spanMs * i) / Math.max(1, n))).toISOString();
        const id = Number(
          insert.run(authorId, entityId, tpl.entityType, details, ip, createdAt).lastInsertRowid,
        );
        if (i === 0) firstId = id;
        lastId = id;
      }
    })();
    return { rows: n, ms: performance.now() - t0, firstId, lastId };
  } finally {
    db.close();
  }
}

/**
 * Read every audit event in id order with SQLite alone (a read-only connection, rows as objects, the
 * `details` text touched): the floor any export through the API is measured against.
 */
export function benchSqliteReadAuditEvents(dbPath: string): {
  rows: number;
  ms: number;
  rowsPerSecond: number;
  detailBytes: number;
} {
  const db = new Database(auditDbPath(dbPath), { readonly: true });
  try {
    const t0 = performance.now();
    let rows = 0;
    let bytes = 0;
    for (const row of db.prepare('SELECT * FROM audit_events ORDER BY id').iterate() as Iterable<{
      details: string;
    }>) {
      rows += 1;
      bytes += row.details.length;
    }
    const ms = performance.now() - t0;
    return { rows, ms, rowsPerSecond: (rows / ms) * 1000, detailBytes: bytes };
  } finally {
    db.close();
  }
}

/**
 * Walk `GET /api/v4/audit_events?pagination=keyset&per_page=…` through `core.inject`, following each
 * `Link` rel="next" until there is none.
 * @returns events and pages seen, elapsed ms.
 */
export async function walkAuditEventsKeyset(
  core: Core,
  token: string,
  perPage = 100,
): Promise<{ rows: number; pages: number; ms: number; rowsPerSecond: number }> {
  const headers = { 'private-token': token };
  let url: string | null = `/api/v4/audit_events?pagination=keyset&per_page=${perPage}`;
  let rows = 0;
  let pages = 0;
  const t0 = performance.now();
  while (url) {
    const res = await core.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    rows += (JSON.parse(res.body) as unknown[]).length;
    pages += 1;
    const link = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''));
    url = link ? new URL(link[1]!).pathname + new URL(link[1]!).search : null;
  }
  const ms = performance.now() - t0;
  return { rows, pages, ms, rowsPerSecond: (rows / ms) * 1000 };
}

/** Mean latency of `GET url` over `n` sequential inject requests (each must answer 200). */
async function meanMs(core: Core, url: string, n = 100): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await core.inject({ method: 'GET', url, headers: { 'private-token': TOKEN } });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return (performance.now() - t0) / n;
}

/** Mean ms of `fn` over `n` sequential calls. */
function meanMsSync(fn: () => unknown, n = 100): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  return (performance.now() - t0) / n;
}

/**
 * Seeds OUTPOST_BENCH_AUDIT_EVENTS events (default 1,000,000), then tables:
 * - the keyset API walk (events/s) beside SQLite alone reading every row in id order;
 * - four single-page requests (ms each) beside the same page (and, for offset pages, the capped count)
 *   read through core/db's queries on their own better-sqlite3 connection, 100 times each.
 */
export async function benchAuditEvents(): Promise<BenchRow[]> {
  const n = Number(process.env.OUTPOST_BENCH_AUDIT_EVENTS ?? 1_000_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-audit-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  const rows: BenchRow[] = [];
  const group = 'audit events';
  try {
    const seed = seedAuditEvents(dataDir, n);
    console.log(
      `seed ${seed.rows.toLocaleString('en')} audit events (one transaction, core running): ${(seed.ms / 1000).toFixed(2)} s, ${((seed.rows / seed.ms) * 1000).toFixed(0)} rows/s`,
    );
    const read = benchSqliteReadAuditEvents(dataDir);
    console.log(
      `SQLite alone, read ${read.rows.toLocaleString('en')} rows in id order: ${read.ms.toFixed(0)} ms, ${read.rowsPerSecond.toFixed(0)} rows/s`,
    );
    const rssBefore = process.memoryUsage().rss;
    const walk = await walkAuditEventsKeyset(core, TOKEN, 100);
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `keyset API walk via inject (per_page=100): ${walk.rows.toLocaleString('en')} events (expected ${read.rows.toLocaleString('en')}) in ${walk.pages} pages, ${(walk.ms / 1000).toFixed(2)} s, ${walk.rowsPerSecond.toFixed(0)} events/s, ${(walk.ms / walk.pages).toFixed(2)} ms/page (${(walk.ms / read.ms).toFixed(1)}× SQLite alone)`,
    );
    rows.push({
      group,
      name: `keyset API walk of ${read.rows.toLocaleString('en')} events (per_page=100)`,
      value: walk.rowsPerSecond,
      unit: 'events/s',
      better: 'higher',
      baseline: { name: 'SQLite alone, all rows in id order', value: read.rowsPerSecond },
    });

    const windowAfter = `${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 19)}Z`;
    const windowBefore = `${new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 19)}Z`;
    const db = openDatabase(auditDbPath(dataDir));
    try {
      const cap = 10_001;
      const pages: [string, string, () => unknown][] = [
        [
          'first offset page (totals capped at 10,001)',
          '/api/v4/audit_events?per_page=20',
          () => {
            countAuditEvents(db, {}, cap);
            return findAuditEventsPage(db, {}, 'desc', 20, 0);
          },
        ],
        [
          'offset page 500',
          '/api/v4/audit_events?per_page=20&page=500',
          () => {
            countAuditEvents(db, {}, cap);
            return findAuditEventsPage(db, {}, 'desc', 20, 499 * 20);
          },
        ],
        [
          'keyset page, one group',
          '/api/v4/audit_events?pagination=keyset&entity_type=Group&entity_id=7',
          () => findAuditEventsAfter(db, { entityType: 'Group', entityId: 7 }, 'desc', 21, null),
        ],
        [
          'keyset page, 1-day window',
          `/api/v4/audit_events?pagination=keyset&created_after=${windowAfter}&created_before=${windowBefore}`,
          () =>
            findAuditEventsAfter(
              db,
              {
                createdAfter: parseAuditTime(windowAfter) ?? windowAfter,
                createdBefore: parseAuditTime(windowBefore) ?? windowBefore,
              },
              'desc',
              21,
              null,
            ),
        ],
      ];
      for (const [label, url, sql] of pages) {
        const alone = meanMsSync(sql);
        const api = await meanMs(core, url);
        console.log(`GET ${label}: ${api.toFixed(2)} ms/request; the same SQL alone ${alone.toFixed(3)} ms`);
        rows.push({
          group,
          name: `GET ${label}`,
          value: api,
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'the same SQL alone', value: alone },
        });
      }
    } finally {
      db.close();
    }
    console.log(
      `rss ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MiB across the walk`,
    );
    rows.push({
      group,
      name: 'process RSS after the keyset walk',
      value: rssAfter / 2 ** 20,
      unit: 'MiB',
      better: 'lower',
      baseline: { name: 'the same process right before the walk', value: rssBefore / 2 ** 20 },
    });
    return rows;
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
