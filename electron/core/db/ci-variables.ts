/** Queries on `ci_instance_variables` (the value column holds a sealed value). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';

export type VariableType = 'env_var' | 'file';

export interface CiInstanceVariableRow {
  id: number;
  key: string;
  encrypted_value: string;
  variable_type: VariableType;
  protected: number;
  masked: number;
  raw: number;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export type NewCiInstanceVariable = Pick<
  CiInstanceVariableRow,
  'key' | 'encrypted_value' | 'variable_type' | 'protected' | 'masked' | 'created_at'
>;

export type CiInstanceVariableChanges = Partial<
  Pick<CiInstanceVariableRow, 'encrypted_value' | 'variable_type' | 'protected' | 'masked'>
>;

const CHANGEABLE: readonly (keyof CiInstanceVariableChanges)[] = [
  'encrypted_value',
  'variable_type',
  'protected',
  'masked',
];

export function countCiInstanceVariables(db: Db): number {
  return (db.prepare('SELECT count(*) AS n FROM ci_instance_variables').get() as { n: number }).n;
}

/** A page of variables in creation order. */
export function listCiInstanceVariables(db: Db, limit: number, offset: number): CiInstanceVariableRow[] {
  return db
    .prepare('SELECT * FROM ci_instance_variables ORDER BY id LIMIT ? OFFSET ?')
    .all(limit, offset) as CiInstanceVariableRow[];
}

/** Every variable in creation order (for pipeline jobs). */
export function findAllCiInstanceVariables(db: Db): CiInstanceVariableRow[] {
  return db.prepare('SELECT * FROM ci_instance_variables ORDER BY id').all() as CiInstanceVariableRow[];
}

/** By key, case-sensitive as GitLab's `find_by_key`. */
export function findCiInstanceVariableByKey(db: Db, key: string): CiInstanceVariableRow | undefined {
  return db.prepare('SELECT * FROM ci_instance_variables WHERE key = ?').get(key) as
    CiInstanceVariableRow | undefined;
}

export function insertCiInstanceVariable(db: Db, v: NewCiInstanceVariable): number {
  const info = db
    .prepare(
      `INSERT INTO ci_instance_variables (key, encrypted_value, variable_type, protected, masked, created_at, updated_at)
       VALUES (@key, @encrypted_value, @variable_type, @protected, @masked, @created_at, @created_at)`,
    )
    .run(v);
  return Number(info.lastInsertRowid);
}

export function updateCiInstanceVariable(
  db: Db,
  id: number,
  changes: CiInstanceVariableChanges,
  at: string,
): void {
  updateRowById(db, 'ci_instance_variables', CHANGEABLE, id, changes, { updatedAt: at });
}

export function deleteCiInstanceVariable(db: Db, id: number): void {
  db.prepare('DELETE FROM ci_instance_variables WHERE id = ?').run(id);
}
