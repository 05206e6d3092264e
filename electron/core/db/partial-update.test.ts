/**
 * The one partial UPDATE (partial-update.ts), on a real migrated SQLite file: only allow-listed, defined
 * columns change; null writes NULL; booleans become 1/0; `updated_at` is written (or the update skipped);
 * one cached statement per set of changed columns; bad identifiers are refused before any SQL runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import type { Db } from './database.js';
import { insertLabel } from './labels.js';
import type { LabelRow } from './labels.js';
import { updateRowById } from './partial-update.js';
import { cachedStatementCount } from './statement-cache.js';

describe('updateRowById', () => {
  let dir: string;
  let db: Db;
  let id: number;
  const label = (): LabelRow => db.prepare('SELECT * FROM labels WHERE id = ?').get(id) as LabelRow;
  type Changes = Partial<Pick<LabelRow, 'title' | 'color' | 'description'>> & { remove_on_close?: boolean };
  const ALLOWED: readonly (keyof Changes)[] = ['title', 'color', 'description', 'remove_on_close'];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-partial-update-'));
    db = openDatabase(path.join(dir, 'core.sqlite'));
    db.prepare(
      `INSERT INTO namespaces (name, path, full_path, kind, visibility, created_at, updated_at)
       VALUES ('g', 'g', 'g', 'group', 'private', 't0', 't0')`,
    ).run();
    const groupId = Number((db.prepare('SELECT id FROM namespaces').get() as { id: number }).id);
    id = insertLabel(db, {
      project_id: null,
      group_id: groupId,
      title: 'bug',
      color: '#ff0000',
      description: 'old',
      remove_on_close: 0,
      created_at: 't0',
      updated_at: 't0',
    });
  });
  afterAll(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes only the allow-listed, defined columns and updated_at', () => {
    const changes = { title: 'defect', color: undefined, id: 999, project_id: 5 } as Changes;
    expect(updateRowById(db, 'labels', ALLOWED, id, changes, { updatedAt: 't1' })).toBe(true);
    expect(label()).toMatchObject({
      id,
      title: 'defect',
      color: '#ff0000',
      description: 'old',
      updated_at: 't1',
    });
    expect(label().project_id).toBeNull();
  });

  it('writes NULL for null and 1/0 for booleans', () => {
    updateRowById<Changes>(
      db,
      'labels',
      ALLOWED,
      id,
      { description: null, remove_on_close: true },
      { updatedAt: 't2' },
    );
    expect(label()).toMatchObject({ description: null, remove_on_close: 1, updated_at: 't2' });
    updateRowById<Changes>(db, 'labels', ALLOWED, id, { remove_on_close: false }, { updatedAt: 't3' });
    expect(label().remove_on_close).toBe(0);
  });

  it('touches updated_at alone when nothing changes, or runs nothing with whenEmpty skip', () => {
    expect(updateRowById<Changes>(db, 'labels', ALLOWED, id, {}, { updatedAt: 't4' })).toBe(true);
    expect(label().updated_at).toBe('t4');
    expect(
      updateRowById<Changes>(db, 'labels', ALLOWED, id, {}, { updatedAt: 't5', whenEmpty: 'skip' }),
    ).toBe(false);
    expect(updateRowById<Changes>(db, 'labels', ALLOWED, id, { color: undefined })).toBe(false);
    expect(label().updated_at).toBe('t4');
  });

  it('reuses one cached statement per set of changed columns', () => {
    updateRowById<Changes>(db, 'labels', ALLOWED, id, { color: '#00ff00' }, { updatedAt: 't6' });
    const before = cachedStatementCount(db);
    for (const color of ['#0000ff', '#00ffff', '#ffff00'])
      updateRowById<Changes>(db, 'labels', ALLOWED, id, { color }, { updatedAt: 't7' });
    expect(cachedStatementCount(db)).toBe(before);
    expect(label().color).toBe('#ffff00');
  });

  it('refuses table and column names that are not plain identifiers, changing nothing', () => {
    expect(() =>
      updateRowById<Changes>(
        db,
        'labels; DROP TABLE labels',
        ALLOWED,
        id,
        { title: 'x' },
        { updatedAt: 't8' },
      ),
    ).toThrow(/bad table name/);
    const bad = ['title = 1, color'] as unknown as readonly (keyof Changes)[];
    expect(() => updateRowById<Changes>(db, 'labels', bad, id, { title: 'x' }, { updatedAt: 't8' })).toThrow(
      /bad column name/,
    );
    expect(label()).toMatchObject({ title: 'defect', updated_at: 't7' });
  });

  it('lets SQLite constraints through as errors and leaves the row as it was', () => {
    expect(() =>
      updateRowById<Changes>(db, 'labels', ALLOWED, id, { title: 'x'.repeat(300) }, { updatedAt: 't9' }),
    ).toThrow();
    expect(label()).toMatchObject({ title: 'defect', updated_at: 't7' });
  });
});
