/** Queries on `projects` and `repository_removals`. */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';
import { cachedStatement } from './statement-cache.js';
import { escapeLike } from './users.js';

export interface ProjectRow {
  id: number;
  namespace_id: number;
  name: string;
  path: string;
  description: string | null;
  visibility: 'private' | 'internal' | 'public';
  default_branch: string | null;
  archived: number;
  repository_storage: string;
  disk_path: string;
  creator_id: number | null;
  import_url: string | null;
  import_status: 'none' | 'scheduled' | 'started' | 'finished' | 'failed';
  import_error: string | null;
  created_at: string;
  updated_at: string;
  last_activity_at: string;
  /** File name of the uploaded avatar (migration 016); null for none. */
  avatar: string | null;
}

export function findProjectById(db: Db, id: number): ProjectRow | undefined {
  return cachedStatement(db, 'SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
}

export function findProjectByPath(db: Db, namespaceId: number, path: string): ProjectRow | undefined {
  return db.prepare('SELECT * FROM projects WHERE namespace_id = ? AND path = ?').get(namespaceId, path) as
    ProjectRow | undefined;
}

export function findProjectByName(db: Db, namespaceId: number, name: string): ProjectRow | undefined {
  return db
    .prepare('SELECT * FROM projects WHERE namespace_id = ? AND name = ? COLLATE NOCASE')
    .get(namespaceId, name) as ProjectRow | undefined;
}

export function countProjectsInNamespace(db: Db, namespaceId: number): number {
  return (
    db.prepare('SELECT count(*) AS n FROM projects WHERE namespace_id = ?').get(namespaceId) as { n: number }
  ).n;
}

/** Distinct namespace ids of the given projects. */
export function findProjectNamespaceIds(db: Db, projectIds: readonly number[]): number[] {
  if (projectIds.length === 0) return [];
  return (
    db
      .prepare(
        `SELECT DISTINCT namespace_id FROM projects WHERE id IN (${projectIds.map(() => '?').join(',')})`,
      )
      .all(...projectIds) as { namespace_id: number }[]
  ).map((r) => r.namespace_id);
}

export function findProjectsByImportStatus(db: Db, statuses: string[]): ProjectRow[] {
  return db
    .prepare(
      `SELECT * FROM projects WHERE import_status IN (${statuses.map(() => '?').join(',')}) ORDER BY id`,
    )
    .all(...statuses) as ProjectRow[];
}

export function findAllProjects(db: Db): ProjectRow[] {
  return db.prepare('SELECT * FROM projects ORDER BY id').all() as ProjectRow[];
}

export interface ProjectListFilter {
  search?: string;
  /** null = every project (administrators); otherwise the readable set is: these ids, these namespaces, or the visibility levels. */
  access: null | { projectIds: number[]; namespaceIds: number[]; visibility: ('public' | 'internal')[] };
  /** Only projects where the user is a member (direct or through a group). */
  membershipOf?: { projectIds: number[]; namespaceIds: number[] };
  visibility?: string;
  archived?: boolean;
  namespaceIds?: number[];
  orderBy: 'id' | 'name' | 'path' | 'created_at' | 'updated_at' | 'last_activity_at';
  sort: 'asc' | 'desc';
}

/**
 * `col IN (…)` as one bound JSON array (`json_each`), so the SQL text does not vary with the number of
 * ids and `countProjects`/`listProjects` stay in the statement cache; `0` (false) for no ids.
 */
function inList(col: string, ids: readonly (number | string)[], args: unknown[]): string {
  if (ids.length === 0) return '0';
  args.push(JSON.stringify(ids));
  return `${col} IN (SELECT value FROM json_each(?))`;
}

function projectWhere(f: ProjectListFilter): { sql: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  if (f.access) {
    const ors = [
      inList('p.id', f.access.projectIds, args),
      inList('p.namespace_id', f.access.namespaceIds, args),
    ];
    if (f.access.visibility.length) ors.push(inList('p.visibility', f.access.visibility, args));
    parts.push(`(${ors.join(' OR ')})`);
  }
  if (f.membershipOf) {
    parts.push(
      `(${inList('p.id', f.membershipOf.projectIds, args)} OR ${inList('p.namespace_id', f.membershipOf.namespaceIds, args)})`,
    );
  }
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    parts.push(
      "(p.name LIKE ? ESCAPE '\\' OR p.path LIKE ? ESCAPE '\\' OR p.description LIKE ? ESCAPE '\\')",
    );
    args.push(like, like, like);
  }
  if (f.visibility) {
    parts.push('p.visibility = ?');
    args.push(f.visibility);
  }
  if (f.archived !== undefined) {
    parts.push('p.archived = ?');
    args.push(f.archived ? 1 : 0);
  }
  if (f.namespaceIds) parts.push(inList('p.namespace_id', f.namespaceIds, args));
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}

/**
 * How many projects match `f` (`X-Total` of `GET /projects`). Through the statement cache: the SQL text
 * depends only on which filters are set, never on their values or the number of ids.
 */
export function countProjects(db: Db, f: ProjectListFilter): number {
  const w = projectWhere(f);
  return (
    cachedStatement(db, `SELECT count(*) AS n FROM projects p ${w.sql}`).get(...w.args) as { n: number }
  ).n;
}

/** One page of the projects matching `f`, in `f`'s order (ties by id), through the statement cache. */
export function listProjects(db: Db, f: ProjectListFilter, limit: number, offset: number): ProjectRow[] {
  const w = projectWhere(f);
  const col =
    f.orderBy === 'name' || f.orderBy === 'path' ? `p.${f.orderBy} COLLATE NOCASE` : `p.${f.orderBy}`;
  const dir = f.sort === 'asc' ? 'ASC' : 'DESC';
  return cachedStatement(
    db,
    `SELECT p.* FROM projects p ${w.sql} ORDER BY ${col} ${dir}, p.id ${dir} LIMIT ? OFFSET ?`,
  ).all(...w.args, limit, offset) as ProjectRow[];
}

export function insertProject(
  db: Db,
  p: Pick<
    ProjectRow,
    | 'namespace_id'
    | 'name'
    | 'path'
    | 'description'
    | 'visibility'
    | 'default_branch'
    | 'repository_storage'
    | 'creator_id'
    | 'import_url'
    | 'import_status'
    | 'created_at'
  >,
): number {
  const info = db
    .prepare(
      `INSERT INTO projects (namespace_id, name, path, description, visibility, default_branch, repository_storage, creator_id,
         import_url, import_status, created_at, updated_at, last_activity_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      p.namespace_id,
      p.name,
      p.path,
      p.description,
      p.visibility,
      p.default_branch,
      p.repository_storage,
      p.creator_id,
      p.import_url,
      p.import_status,
      p.created_at,
      p.created_at,
      p.created_at,
    );
  return Number(info.lastInsertRowid);
}

/** Columns a service may change through `updateProject`. */
export type ProjectChanges = Partial<
  Pick<
    ProjectRow,
    | 'name'
    | 'path'
    | 'description'
    | 'visibility'
    | 'default_branch'
    | 'archived'
    | 'disk_path'
    | 'import_status'
    | 'import_error'
    | 'last_activity_at'
  >
>;

/** Every column of `ProjectChanges`: the only columns `updateProject` writes. */
const PROJECT_CHANGE_COLUMNS = [
  'name',
  'path',
  'description',
  'visibility',
  'default_branch',
  'archived',
  'disk_path',
  'import_status',
  'import_error',
  'last_activity_at',
] as const satisfies readonly (keyof ProjectChanges)[];

/**
 * Write the defined entries of `changes` to project `id` with `updated_at = at` (ISO 8601); nothing at
 * all when no column changes (partial-update.ts `updateRowById`, `whenEmpty: 'skip'`).
 */
export function updateProject(db: Db, id: number, changes: ProjectChanges, at: string): void {
  updateRowById(db, 'projects', PROJECT_CHANGE_COLUMNS, id, changes, { updatedAt: at, whenEmpty: 'skip' });
}

export function deleteProject(db: Db, id: number): void {
  db.prepare('DELETE FROM projects WHERE id = ?').run(id);
}

export interface RepositoryRemovalRow {
  id: number;
  storage: string;
  disk_path: string;
  created_at: string;
}

export function insertRepositoryRemoval(db: Db, storage: string, diskPath: string, at: string): number {
  return Number(
    db
      .prepare('INSERT INTO repository_removals (storage, disk_path, created_at) VALUES (?, ?, ?)')
      .run(storage, diskPath, at).lastInsertRowid,
  );
}

export function listRepositoryRemovals(db: Db): RepositoryRemovalRow[] {
  return db.prepare('SELECT * FROM repository_removals ORDER BY id').all() as RepositoryRemovalRow[];
}

export function deleteRepositoryRemoval(db: Db, id: number): void {
  db.prepare('DELETE FROM repository_removals WHERE id = ?').run(id);
}

/** Ids of the projects directly in any of the given namespaces. */
export function findProjectIdsInNamespaces(db: Db, namespaceIds: readonly number[]): number[] {
  if (namespaceIds.length === 0) return [];
  return (
    db
      .prepare(`SELECT id FROM projects WHERE namespace_id IN (${namespaceIds.map(() => '?').join(',')})`)
      .all(...namespaceIds) as { id: number }[]
  ).map((r) => r.id);
}
