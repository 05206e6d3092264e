/**
 * The access entries of a protection rule as the protected branches API takes them
 * (doc/api/protected_branches.md): `push_access_level`/`merge_access_level`/`unprotect_access_level`
 * (0, 30, 40 or 60; default 40) and the premium `allowed_to_push`/`allowed_to_merge`/`allowed_to_unprotect`
 * arrays of `{user_id}`, `{group_id}` or `{access_level}` (plus `{id, _destroy}` / `{id, access_level}`
 * on update). Planning is pure and unit-tested; membership checks need the database and live in the service.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { AccessKind, AccessLevelRow } from '../../db/protected-branches.js';

/** Levels `ProtectedRefAccess.allowed_access_levels` accepts. */
export const PROTECTED_ACCESS_LEVELS = [
  AccessLevel.NoAccess,
  AccessLevel.Developer,
  AccessLevel.Maintainer,
  AccessLevel.Admin,
] as const;

export const ACCESS_KINDS: readonly AccessKind[] = ['push', 'merge', 'unprotect'];

/** One element of an `allowed_to_*` array. */
export interface AccessEntryInput {
  id?: number;
  user_id?: number;
  group_id?: number;
  access_level?: number;
  _destroy?: boolean;
}

/** An entry to insert: exactly one of the three is set. */
export interface NewAccessEntry {
  kind: AccessKind;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
}

/** Rails' attribute prefix of each kind in full error messages (`Push access levels user …`). */
export function kindLabel(kind: AccessKind): string {
  return `${kind[0]!.toUpperCase()}${kind.slice(1)} access levels`;
}

/**
 * The entry an `allowed_to_*` element asks for: a user, else a group, else a role (the column default
 * 40 when the element names none).
 */
export function newEntryOf(kind: AccessKind, e: AccessEntryInput): NewAccessEntry {
  if (e.user_id !== undefined) return { kind, access_level: null, user_id: e.user_id, group_id: null };
  if (e.group_id !== undefined) return { kind, access_level: null, user_id: null, group_id: e.group_id };
  return { kind, access_level: e.access_level ?? AccessLevel.Maintainer, user_id: null, group_id: null };
}

/** Identity of an entry for de-duplication. */
export function entryKey(e: Pick<NewAccessEntry, 'kind' | 'access_level' | 'user_id' | 'group_id'>): string {
  return e.user_id !== null
    ? `${e.kind}:user:${e.user_id}`
    : e.group_id !== null
      ? `${e.kind}:group:${e.group_id}`
      : `${e.kind}:level:${e.access_level}`;
}

/**
 * The entries a new rule gets for one kind (GitLab's AccessLevelParams): the `*_access_level` role
 * (default 40) plus the `allowed_to_*` entries; when only `allowed_to_*` is given, just those.
 * Duplicates are dropped.
 */
export function planNewEntries(
  kind: AccessKind,
  level: number | undefined,
  allowed: readonly AccessEntryInput[] | undefined,
): NewAccessEntry[] {
  const fromAllowed = (allowed ?? []).filter((e) => !e._destroy).map((e) => newEntryOf(kind, e));
  const role: NewAccessEntry[] =
    fromAllowed.length > 0 && level === undefined
      ? []
      : [{ kind, access_level: level ?? AccessLevel.Maintainer, user_id: null, group_id: null }];
  const seen = new Set<string>();
  return [...role, ...fromAllowed].filter((e) => {
    const key = entryKey(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What a PATCH does to one kind's entries. */
export interface EntryChanges {
  add: NewAccessEntry[];
  remove: number[];
  /** Role entries whose level changes: [id, new level]. */
  update: [number, number][];
  /** `allowed_to_*[id]` values naming no entry of this kind. */
  unknownIds: number[];
}

/**
 * Plan a PATCH of one kind's entries (Rails nested attributes, as GitLab's update documents):
 * `{id, _destroy: true}` removes, `{id, access_level}` changes a role entry, an element without `id`
 * adds (unless an equal entry exists). Pure; unit-tested.
 */
export function planEntryChanges(
  kind: AccessKind,
  existing: readonly AccessLevelRow[],
  allowed: readonly AccessEntryInput[],
): EntryChanges {
  const mine = existing.filter((e) => e.kind === kind);
  const out: EntryChanges = { add: [], remove: [], update: [], unknownIds: [] };
  const keys = new Set(mine.map((e) => entryKey(e)));
  for (const e of allowed) {
    if (e.id !== undefined) {
      const row = mine.find((r) => r.id === e.id);
      if (!row) out.unknownIds.push(e.id);
      else if (e._destroy) out.remove.push(row.id);
      else if (
        e.access_level !== undefined &&
        row.access_level !== null &&
        row.access_level !== e.access_level
      )
        out.update.push([row.id, e.access_level]);
      continue;
    }
    if (e._destroy) continue;
    const entry = newEntryOf(kind, e);
    const key = entryKey(entry);
    if (keys.has(key)) continue;
    keys.add(key);
    out.add.push(entry);
  }
  return out;
}
