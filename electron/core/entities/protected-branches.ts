/**
 * Protected branch presenter (spec "Protected branch"; GitLab's Entities::ProtectedBranch and
 * Entities::ProtectedRefAccess, schemas protected_branch.json and entities/protected_ref_access.json):
 * id, name, push_access_levels, merge_access_levels, allow_force_push, unprotect_access_levels,
 * code_owner_approval_required; each entry {id, access_level, access_level_description, user_id,
 * group_id}. Pure: the service loads the names of users and groups that entries refer to.
 */
import type { ProtectedBranch, ProtectedRefAccess } from '../../../shared/api-types/repository.js';
import { AccessLevel } from '../../../shared/access-levels.js';
import type { AccessKind, AccessLevelRow, ProtectedBranchRow } from '../db/protected-branches.js';

/** GitLab's ProtectedRefAccess::HUMAN_ACCESS_LEVELS. */
const HUMAN_ACCESS_LEVELS: Record<number, string> = {
  [AccessLevel.Admin]: 'Admins',
  [AccessLevel.Maintainer]: 'Maintainers',
  [AccessLevel.Developer]: 'Developers + Maintainers',
  [AccessLevel.NoAccess]: 'No one',
};

/** Display names of the users and groups access entries name. */
export interface AccessEntryNames {
  users: ReadonlyMap<number, string>;
  groups: ReadonlyMap<number, string>;
}

/**
 * GitLab's `ProtectedRefAccess#humanize`: the user's or group's name for those entries, else
 * "Admins", "Maintainers", "Developers + Maintainers" or "No one". Pure; unit-tested.
 */
export function accessLevelDescription(entry: AccessLevelRow, names: AccessEntryNames): string | null {
  if (entry.user_id !== null) return names.users.get(entry.user_id) ?? null;
  if (entry.group_id !== null) return names.groups.get(entry.group_id) ?? null;
  return entry.access_level === null ? null : (HUMAN_ACCESS_LEVELS[entry.access_level] ?? null);
}

/**
 * One access entry. User and group entries carry access_level 40, the column default GitLab stores
 * with them.
 */
export function presentProtectedRefAccess(
  entry: AccessLevelRow,
  names: AccessEntryNames,
): ProtectedRefAccess {
  return {
    id: entry.id,
    access_level: entry.access_level ?? AccessLevel.Maintainer,
    access_level_description: accessLevelDescription(entry, names),
    user_id: entry.user_id,
    group_id: entry.group_id,
  };
}

/** A protection rule with its entries (the services' ProtectionRule). */
export interface ProtectedBranchView {
  branch: ProtectedBranchRow;
  access: readonly AccessLevelRow[];
}

/** A protection rule as GitLab's Entities::ProtectedBranch shows it (EE fields included). */
export function presentProtectedBranch(rule: ProtectedBranchView, names: AccessEntryNames): ProtectedBranch {
  const of = (kind: AccessKind) =>
    rule.access.filter((e) => e.kind === kind).map((e) => presentProtectedRefAccess(e, names));
  return {
    id: rule.branch.id,
    name: rule.branch.name,
    push_access_levels: of('push'),
    merge_access_levels: of('merge'),
    allow_force_push: rule.branch.allow_force_push === 1,
    unprotect_access_levels: of('unprotect'),
    code_owner_approval_required: rule.branch.code_owner_approval_required === 1,
  };
}
