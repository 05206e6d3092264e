/** Queries on the `avatar` column of users, namespaces and projects (migration 016). */
import type { Db } from './database.js';

/** Whose avatar: GitLab's upload model names (`/uploads/-/system/<kind>/avatar/<id>/<file>`). */
export type AvatarKind = 'user' | 'group' | 'project';

const TABLE: Record<AvatarKind, string> = { user: 'users', group: 'namespaces', project: 'projects' };

/** The stored avatar file name of a user, group or project; undefined when the row does not exist. */
export function findAvatarName(db: Db, kind: AvatarKind, id: number): string | null | undefined {
  const row = db.prepare(`SELECT avatar FROM ${TABLE[kind]} WHERE id = ?`).get(id) as
    { avatar: string | null } | undefined;
  return row ? row.avatar : undefined;
}

/** Set (or clear, with null) the avatar file name of a row. @returns whether a row was changed. */
export function setAvatarName(db: Db, kind: AvatarKind, id: number, name: string | null): boolean {
  return db.prepare(`UPDATE ${TABLE[kind]} SET avatar = ? WHERE id = ?`).run(name, id).changes > 0;
}
