/**
 * Ref updates of a push as git's hooks receive them (githooks(5) "pre-receive": one
 * `<old-value> SP <new-value> SP <ref-name> LF` line per ref) and what the checks learn about each.
 * Pure functions, unit-tested in `ref-changes.test.ts`.
 */
import { ZERO_SHA } from '../../git/refs.js';

/** One ref update; `oldId`/`newId` are ZERO_SHA for a creation/deletion. */
export interface RefChange {
  oldId: string;
  newId: string;
  /** Full ref name, e.g. `refs/heads/main`. */
  ref: string;
}

/** A ref update the pre-receive check accepted, with what the post-receive work needs to know. */
export interface CheckedChange extends RefChange {
  /** A branch update that is not a fast-forward. */
  forced: boolean;
  /** Id of a protection rule matching the branch (the first), or null when unprotected or a tag. */
  protectedRuleId: number | null;
}

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * Parse the hook's stdin. Lines that aren't `<id> <id> <ref>` are ignored.
 */
export function parseRefChanges(text: string): RefChange[] {
  const out: RefChange[] = [];
  for (const line of text.split('\n')) {
    const [oldId, newId, ref, ...rest] = line.trim().split(' ');
    if (!oldId || !newId || !ref || rest.length > 0) continue;
    if (!OBJECT_ID.test(oldId) || !OBJECT_ID.test(newId)) continue;
    out.push({ oldId, newId, ref });
  }
  return out;
}

/** True for an all-zero object id (no ref). */
export function isZeroId(id: string): boolean {
  return /^0+$/.test(id);
}

/** The kind of a ref update. */
export function changeKind(c: RefChange): 'create' | 'delete' | 'update' {
  if (isZeroId(c.oldId)) return 'create';
  if (isZeroId(c.newId)) return 'delete';
  return 'update';
}

/** `{ kind: 'branch' | 'tag', name }` for `refs/heads/*` and `refs/tags/*`, else null. */
export function refTarget(ref: string): { kind: 'branch' | 'tag'; name: string } | null {
  if (ref.startsWith('refs/heads/') && ref.length > 11) return { kind: 'branch', name: ref.slice(11) };
  if (ref.startsWith('refs/tags/') && ref.length > 10) return { kind: 'tag', name: ref.slice(10) };
  return null;
}

/**
 * GitLab's `ci.skip` push option (doc/user/project/push_options.md): `-o ci.skip` (or `ci.skip=true`)
 * creates no pipeline for the push.
 */
export function skipsCi(pushOptions: readonly string[]): boolean {
  return pushOptions.some((o) => o === 'ci.skip' || o === 'ci.skip=true');
}

export { ZERO_SHA };
