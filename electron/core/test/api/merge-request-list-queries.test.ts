/**
 * The merge request list runs a fixed number of SQL statements per request whatever the page holds
 * (issue 17: the presenter batch-loads authors, assignees, reviewers, labels, milestones, counts and
 * places by id list; the total comes from the kept per-project counts). Counted over real HTTP on a real
 * core by counting executions of better-sqlite3 statements in this process (the core runs in it) while
 * one request is in flight; no timing.
 */
import path from 'node:path';
import type { Statement } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import type { Db } from '../../db/database.js';
import { findProjectById } from '../../db/projects.js';
import { findUserById } from '../../db/users.js';
import type { ServiceContext } from '../../services/context.js';
import { recordMergeRequest } from '../../services/merge-requests/create-merge-request.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const RUNS = ['all', 'get', 'run', 'iterate'] as const;

let t: TestCore;
let db: Db;
let small: number;
let big: number;

/** Statements executed while `fn` runs (every connection in this process). */
async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>;
  const saved = RUNS.map((name) => [name, proto[name]] as const);
  let n = 0;
  for (const [name, original] of saved)
    proto[name] = function (this: Statement, ...args: unknown[]) {
      n += 1;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  try {
    await fn();
  } finally {
    for (const [name, original] of saved) proto[name] = original;
  }
  return n;
}

beforeAll(async () => {
  t = await startTestCore();
  const make = async (name: string) =>
    (
      await t.api<{ id: number }>('POST', '/projects', {
        json: { name, initialize_with_readme: true },
      })
    ).body.id;
  small = await make('small');
  big = await make('big');
  const users: number[] = [];
  for (const u of ['ann', 'bob']) {
    const res = await t.api<{ id: number }>('POST', '/users', {
      json: { username: u, name: u, email: `${u}@example.test`, password: 'Secret-pass-123!' },
    });
    expect(res.status).toBe(201);
    users.push(res.body.id);
  }
  db = openDatabase(path.join(t.dataDir, 'outpost.sqlite'));
  const ctx = {
    db,
    actor: { user: findUserById(db, 1)!, scopes: ['api'], ipAddress: null },
    externalUrl: () => 'http://localhost',
  } as unknown as ServiceContext;
  const sha = '0'.repeat(40);
  const seed = (projectId: number, count: number) => {
    const project = findProjectById(db, projectId)!;
    for (let i = 0; i < count; i += 1)
      recordMergeRequest(
        ctx,
        project,
        {
          source_branch: `topic/${i}`,
          target_branch: 'main',
          title: `Change ${i}`,
          labels: [`label-${i % 4}`, `other-${i % 3}`],
          assignee_ids: i % 2 === 0 ? [users[0]!, 1] : [users[1]!],
          reviewer_ids: i % 3 === 0 ? [users[1]!] : [],
        },
        { head: sha, start: sha, base: sha },
      );
  };
  seed(small, 3);
  seed(big, 25);
});

afterAll(async () => {
  db?.close();
  await t?.close();
});

describe('merge request list statements', () => {
  it('are as many for a page of 20 as for a page of 3, and few', async () => {
    const list = async (projectId: number, query = '') => {
      const res = await t.api<unknown[]>('GET', `/projects/${projectId}/merge_requests${query}`);
      expect(res.status).toBe(200);
      return res.body.length;
    };
    // Warm once (first requests may prepare and cache lookups).
    await list(small);
    await list(big);
    // No background task (merge-status checks, audit, runner) may run while statements are counted.
    await t.core.idle();
    let lengths: number[] = [];
    const forSmall = await statementsDuring(async () => lengths.push(await list(small)));
    const forBig = await statementsDuring(async () => lengths.push(await list(big)));
    expect(lengths).toEqual([3, 20]);
    expect(forBig).toBe(forSmall);
    expect(forBig).toBeLessThanOrEqual(12);
    // Filters and the updated_at order don't add per-row statements either.
    lengths = [];
    const q = '?order_by=updated_at&labels=label-0&with_labels_details=true';
    const filteredSmall = await statementsDuring(async () => lengths.push(await list(small, q)));
    const filteredBig = await statementsDuring(async () => lengths.push(await list(big, q)));
    expect(lengths).toEqual([1, 7]);
    expect(filteredBig).toBe(filteredSmall);
  });
});
