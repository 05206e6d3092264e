/** Queries on `namespaces`: users' personal namespaces and groups (with subgroups via parent_id). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';
import { cachedStatement, jsonIds } from './statement-cache.js';
import { escapeLike } from './users.js';

export interface NamespaceRow {
  id: number;
  name: string;
  path: string;
  full_path: string;
  kind: 'user' | 'group';
  parent_id: number | null;
  owner_id: number | null;
  description: string;
  visibility: 'private' | 'internal' | 'public';
  created_at: string;
  updated_at: string;
  /** File name of the uploaded avatar (migration 016); null for none. */
  avatar: string | null;
}

export function findNamespaceById(db: Db, id: number): NamespaceRow | undefined {
  return cachedStatement(db, 'SELECT * FROM namespaces WHERE id = ?').get(id) as NamespaceRow | undefined;
}

export function findNamespaceByFullPath(db: Db, fullPath: string): NamespaceRow | undefined {
  return db.prepare('SELECT * FROM namespaces WHERE full_path = ?').get(fullPath) as NamespaceRow | undefined;
}

export function findUserNamespace(db: Db, userId: number): NamespaceRow | undefined {
  return db.prepare("SELECT * FROM namespaces WHERE kind = 'user' AND owner_id = ?").get(userId) as
    NamespaceRow | undefined;
}

export function findNamespacesByIds(db: Db, ids: readonly number[]): Map<number, NamespaceRow> {
  const out = new Map<number, NamespaceRow>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = cachedStatement(
    db,
    'SELECT * FROM namespaces WHERE id IN (SELECT value FROM json_each(?))',
  ).all(jsonIds(unique)) as NamespaceRow[];
  for (const r of rows) out.set(r.id, r);
  return out;
}

/** IDs of the namespace and all its ancestors, nearest first. */
export function findAncestorIds(db: Db, namespaceId: number): number[] {
  const rows = db
    .prepare(
      `WITH RECURSIVE chain(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM namespaces WHERE id = ?
         UNION ALL SELECT n.id, n.parent_id, chain.depth + 1 FROM namespaces n JOIN chain ON n.id = chain.parent_id
       ) SELECT id FROM chain ORDER BY depth`,
    )
    .all(namespaceId) as { id: number }[];
  return rows.map((r) => r.id);
}

export function insertNamespace(db: Db, n: Omit<NamespaceRow, 'id' | 'updated_at' | 'avatar'>): number {
  const info = db
    .prepare(
      `INSERT INTO namespaces (name, path, full_path, kind, parent_id, owner_id, description, visibility, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      n.name,
      n.path,
      n.full_path,
      n.kind,
      n.parent_id,
      n.owner_id,
      n.description,
      n.visibility,
      n.created_at,
      n.created_at,
    );
  return Number(info.lastInsertRowid);
}

export interface GroupListFilter {
  search?: string;
  /** Only the direct children of this group (`GET /groups/:id/subgroups`). */
  parentId?: number;
  /** Only groups among these ids (`GET /groups/:id/descendant_groups`; `skip_groups` is `excludeIds`). */
  amongIds?: readonly number[];
  excludeIds?: readonly number[];
  /** `name` (default), `path` or `id`. */
  orderBy?: 'name' | 'path' | 'id';
  sort?: 'asc' | 'desc';
  /** Only groups whose id is in this set (null = no restriction, for administrators). */
  visibleIds: number[] | null;
  /** Only top-level groups. */
  topLevelOnly?: boolean;
  /** Include public/internal groups for an authenticated caller. */
  includeVisibility?: ('public' | 'internal')[];
}

function groupWhere(f: GroupListFilter): { sql: string; args: unknown[] } {
  const parts = ["kind = 'group'"];
  const args: unknown[] = [];
  if (f.visibleIds !== null) {
    const vis = f.includeVisibility ?? [];
    const idPart = f.visibleIds.length ? `id IN (${f.visibleIds.map(() => '?').join(',')})` : '0';
    const visPart = vis.length ? ` OR visibility IN (${vis.map(() => '?').join(',')})` : '';
    parts.push(`(${idPart}${visPart})`);
    args.push(...f.visibleIds, ...vis);
  }
  if (f.search) {
    parts.push("(name LIKE ? ESCAPE '\\' OR path LIKE ? ESCAPE '\\')");
    const like = `%${escapeLike(f.search)}%`;
    args.push(like, like);
  }
  if (f.topLevelOnly) parts.push('parent_id IS NULL');
  if (f.parentId !== undefined) {
    parts.push('parent_id = ?');
    args.push(f.parentId);
  }
  if (f.amongIds) {
    parts.push(f.amongIds.length ? `id IN (${f.amongIds.map(() => '?').join(',')})` : '0');
    args.push(...f.amongIds);
  }
  if (f.excludeIds?.length) {
    parts.push(`id NOT IN (${f.excludeIds.map(() => '?').join(',')})`);
    args.push(...f.excludeIds);
  }
  return { sql: `WHERE ${parts.join(' AND ')}`, args };
}

export function countGroups(db: Db, f: GroupListFilter): number {
  const w = groupWhere(f);
  return (db.prepare(`SELECT count(*) AS n FROM namespaces ${w.sql}`).get(...w.args) as { n: number }).n;
}

export function listGroups(db: Db, f: GroupListFilter, limit: number, offset: number): NamespaceRow[] {
  const w = groupWhere(f);
  const dir = f.sort === 'desc' ? 'DESC' : 'ASC';
  const order = f.orderBy === 'id' ? `id ${dir}` : `${f.orderBy ?? 'name'} COLLATE NOCASE ${dir}, id ${dir}`;
  return db
    .prepare(`SELECT * FROM namespaces ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...w.args, limit, offset) as NamespaceRow[];
}

/** IDs of the groups below `groupId` (all depths). */
export function findDescendantIds(db: Db, groupId: number): number[] {
  const rows = db
    .prepare(
      `WITH RECURSIVE sub(id) AS (
         SELECT id FROM namespaces WHERE parent_id = ?
         UNION ALL SELECT n.id FROM namespaces n JOIN sub ON n.parent_id = sub.id
       ) SELECT id FROM sub`,
    )
    .all(groupId) as { id: number }[];
  return rows.map((r) => r.id);
}

/**
 * Ids of the groups user `userId` is a direct member of and of every group below them (any depth), in
 * one recursive query (was one subgroup query per group, issue 17). Unordered, each id once.
 */
export function findMemberGroupTreeIds(db: Db, userId: number): number[] {
  const rows = cachedStatement(
    db,
    `WITH RECURSIVE tree(id) AS (
       SELECT source_id FROM members WHERE source_type = 'Namespace' AND user_id = ?
       UNION SELECT n.id FROM namespaces n JOIN tree ON n.parent_id = tree.id
     ) SELECT id FROM tree`,
  ).all(userId) as { id: number }[];
  return rows.map((r) => r.id);
}

/**
 * Ids of the given namespaces and of all their ancestors, in one recursive query. Unordered, each id
 * once; ids of missing namespaces are left out.
 */
export function findSelfAndAncestorIds(db: Db, namespaceIds: readonly number[]): number[] {
  if (namespaceIds.length === 0) return [];
  const rows = cachedStatement(
    db,
    `WITH RECURSIVE chain(id, parent_id) AS (
       SELECT id, parent_id FROM namespaces WHERE id IN (SELECT value FROM json_each(?))
       UNION SELECT n.id, n.parent_id FROM namespaces n JOIN chain ON n.id = chain.parent_id
     ) SELECT id FROM chain`,
  ).all(jsonIds(namespaceIds)) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Changed columns of a namespace (`PUT /groups/:id`, transfers). */
export type NamespaceChanges = Partial<
  Pick<NamespaceRow, 'name' | 'path' | 'full_path' | 'description' | 'visibility' | 'parent_id'>
>;

/** Every column of `NamespaceChanges`: the only columns `updateNamespace` writes. */
const NAMESPACE_CHANGE_COLUMNS = [
  'name',
  'path',
  'full_path',
  'description',
  'visibility',
  'parent_id',
] as const satisfies readonly (keyof NamespaceChanges)[];

/**
 * Write the defined entries of `changes` to namespace `id` (`null` parent_id included), with
 * `updated_at = at` (ISO 8601); nothing at all when no column changes (partial-update.ts `updateRowById`).
 */
export function updateNamespace(db: Db, id: number, changes: NamespaceChanges, at: string): void {
  updateRowById(db, 'namespaces', NAMESPACE_CHANGE_COLUMNS, id, changes, {
    updatedAt: at,
    whenEmpty: 'skip',
  });
}

/**
 * Rewrite the full paths of every namespace below `oldPrefix` (exclusive) to start with `newPrefix`
 * (a group renamed or moved: `a/b/c` → `x/b/c` when `a` becomes `x`).
 */
export function rewriteDescendantFullPaths(db: Db, oldPrefix: string, newPrefix: string, at: string): void {
  const from = `${oldPrefix}/`;
  db.prepare(
    `UPDATE namespaces SET full_path = ? || substr(full_path, ?), updated_at = ?
     WHERE kind = 'group' AND substr(full_path, 1, ?) = ?`,
  ).run(`${newPrefix}/`, from.length + 1, at, from.length, from);
}

/** Set the visibility of the given namespaces (lowered with a parent's). */
export function setNamespacesVisibility(
  db: Db,
  ids: readonly number[],
  visibility: string,
  at: string,
): void {
  if (ids.length === 0) return;
  db.prepare(
    `UPDATE namespaces SET visibility = ?, updated_at = ? WHERE id IN (${ids.map(() => '?').join(',')})`,
  ).run(visibility, at, ...ids);
}

/** Visibilities used by the given namespaces (distinct). */
export function namespaceVisibilities(db: Db, ids: readonly number[]): string[] {
  if (ids.length === 0) return [];
  return (
    db
      .prepare(`SELECT DISTINCT visibility FROM namespaces WHERE id IN (${ids.map(() => '?').join(',')})`)
      .all(...ids) as { visibility: string }[]
  ).map((r) => r.visibility);
}

/** Delete a namespace row (its children and projects must be gone first: `parent_id`/`namespace_id` restrict). */
export function deleteNamespace(db: Db, id: number): void {
  db.prepare('DELETE FROM namespaces WHERE id = ?').run(id);
}

/**
 * True when a namespace with this path (case-insensitive) exists directly under `parentId`
 * (top level when null): `GET /namespaces/:namespace/exists`.
 */
export function namespacePathExists(db: Db, path: string, parentId: number | null): boolean {
  const row =
    parentId === null
      ? db.prepare('SELECT 1 FROM namespaces WHERE parent_id IS NULL AND path = ? COLLATE NOCASE').get(path)
      : db
          .prepare('SELECT 1 FROM namespaces WHERE parent_id = ? AND path = ? COLLATE NOCASE')
          .get(parentId, path);
  return row !== undefined;
}

/** True when any namespace has this path or name (case-insensitive): GitLab's `Namespace.find_by_path_or_name`. */
export function namespacePathOrNameTaken(db: Db, value: string): boolean {
  return (
    db
      .prepare('SELECT 1 FROM namespaces WHERE path = ? COLLATE NOCASE OR name = ? COLLATE NOCASE')
      .get(value, value) !== undefined
  );
}
