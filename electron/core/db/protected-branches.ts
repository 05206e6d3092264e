/** Queries on `protected_branches` and `protected_branch_access_levels`. */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';

export interface ProtectedBranchRow {
  id: number;
  project_id: number;
  name: string;
  allow_force_push: number;
  code_owner_approval_required: number;
  created_at: string;
  updated_at: string;
}

export type AccessKind = 'push' | 'merge' | 'unprotect';

export interface AccessLevelRow {
  id: number;
  protected_branch_id: number;
  kind: AccessKind;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
}

export function findProtectedBranches(db: Db, projectId: number): ProtectedBranchRow[] {
  return db
    .prepare('SELECT * FROM protected_branches WHERE project_id = ? ORDER BY name')
    .all(projectId) as ProtectedBranchRow[];
}

export function findProtectedBranchByName(
  db: Db,
  projectId: number,
  name: string,
): ProtectedBranchRow | undefined {
  return db
    .prepare('SELECT * FROM protected_branches WHERE project_id = ? AND name = ?')
    .get(projectId, name) as ProtectedBranchRow | undefined;
}

export function findAccessLevels(db: Db, protectedBranchIds: readonly number[]): AccessLevelRow[] {
  if (protectedBranchIds.length === 0) return [];
  return db
    .prepare(
      `SELECT * FROM protected_branch_access_levels WHERE protected_branch_id IN (${protectedBranchIds.map(() => '?').join(',')}) ORDER BY id`,
    )
    .all(...protectedBranchIds) as AccessLevelRow[];
}

export function insertProtectedBranch(
  db: Db,
  p: {
    project_id: number;
    name: string;
    allow_force_push: boolean;
    code_owner_approval_required: boolean;
    created_at: string;
  },
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO protected_branches (project_id, name, allow_force_push, code_owner_approval_required, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        p.project_id,
        p.name,
        p.allow_force_push ? 1 : 0,
        p.code_owner_approval_required ? 1 : 0,
        p.created_at,
        p.created_at,
      ).lastInsertRowid,
  );
}

export function insertAccessLevel(db: Db, a: Omit<AccessLevelRow, 'id'>): number {
  return Number(
    db
      .prepare(
        'INSERT INTO protected_branch_access_levels (protected_branch_id, kind, access_level, user_id, group_id) VALUES (?, ?, ?, ?, ?)',
      )
      .run(a.protected_branch_id, a.kind, a.access_level, a.user_id, a.group_id).lastInsertRowid,
  );
}

export function deleteAccessLevels(db: Db, protectedBranchId: number, kind: AccessKind): void {
  db.prepare('DELETE FROM protected_branch_access_levels WHERE protected_branch_id = ? AND kind = ?').run(
    protectedBranchId,
    kind,
  );
}

export function updateProtectedBranch(
  db: Db,
  id: number,
  changes: { allow_force_push?: boolean; code_owner_approval_required?: boolean },
  at: string,
): void {
  updateRowById(db, 'protected_branches', ['allow_force_push', 'code_owner_approval_required'], id, changes, {
    updatedAt: at,
  });
}

export function deleteProtectedBranch(db: Db, id: number): void {
  db.prepare('DELETE FROM protected_branches WHERE id = ?').run(id);
}

export function deleteAccessLevel(db: Db, id: number): void {
  db.prepare('DELETE FROM protected_branch_access_levels WHERE id = ?').run(id);
}

export function updateAccessLevelValue(db: Db, id: number, accessLevel: number): void {
  db.prepare('UPDATE protected_branch_access_levels SET access_level = ? WHERE id = ?').run(accessLevel, id);
}
