/**
 * Branch protection rules as GitLab applies them (doc/user/project/repository/branches/protected.md,
 * app/models/protected_branch.rb, protected_ref_access.rb): a rule's name is a branch name or a
 * wildcard where `*` matches any characters (slashes included); an action (push, merge, unprotect) is
 * allowed when ANY access entry of ANY matching rule grants it. Entry `access_level` 0 = no one (not even
 * administrators), 30 = Developers+, 40 = Maintainers+, 60 = administrators only; `user_id` and `group_id`
 * entries grant that user or that group's members. Unprotected branches: Developers and above push and merge.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findAccessLevels, findProtectedBranches } from '../../db/protected-branches.js';
import type { AccessKind, AccessLevelRow, ProtectedBranchRow } from '../../db/protected-branches.js';
import type { ProjectRow } from '../../db/projects.js';
import type { UserRow } from '../../db/users.js';
import { findAncestorIds } from '../../db/namespaces.js';
import { findNamespaceMemberships } from '../../db/members.js';
import type { Db } from '../../db/database.js';
import { isAdmin, projectAccessLevel } from '../access/project-access.js';

/**
 * True when a protected-branch name or wildcard matches `branch` (`release/*` matches `release/1.0`;
 * ProtectedRef#matches?, lib/gitlab/protected_ref_matcher.rb, where `*` becomes `.*?` anchored at both
 * ends). Matched without a regular expression: the text between stars must appear in order, the first
 * piece at the start and the last at the end (leftmost `indexOf` for each middle piece suffices), so
 * the time is at most pattern × branch length, whatever the pattern (a RegExp of `*a*a*a*…b` is not).
 */
export function protectedNameMatches(pattern: string, branch: string): boolean {
  if (!pattern.includes('*')) return pattern === branch;
  const pieces = pattern.split('*');
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (branch.length < first.length + last.length) return false;
  if (!branch.startsWith(first) || !branch.endsWith(last)) return false;
  let at = first.length;
  const end = branch.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = branch.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/** A protection rule with its access entries. */
export interface ProtectionRule {
  branch: ProtectedBranchRow;
  access: AccessLevelRow[];
}

/** Every protection rule of a project with its entries (one query each). */
export function loadProtectionRules(db: Db, projectId: number): ProtectionRule[] {
  const branches = findProtectedBranches(db, projectId);
  const access = findAccessLevels(
    db,
    branches.map((b) => b.id),
  );
  return branches.map((branch) => ({
    branch,
    access: access.filter((a) => a.protected_branch_id === branch.id),
  }));
}

/** The rules that apply to `branch`. */
export function matchingRules(rules: readonly ProtectionRule[], branch: string): ProtectionRule[] {
  return rules.filter((r) => protectedNameMatches(r.branch.name, branch));
}

function entryGrants(db: Db, entry: AccessLevelRow, user: UserRow, level: number): boolean {
  if (entry.access_level !== null) {
    if (entry.access_level === AccessLevel.NoAccess) return false;
    if (isAdmin(user)) return true;
    if (entry.access_level === AccessLevel.Admin) return false;
    return level >= entry.access_level;
  }
  if (entry.user_id !== null) return entry.user_id === user.id;
  if (entry.group_id !== null) {
    return (
      findNamespaceMemberships(db, user.id, [entry.group_id]).length > 0 ||
      findNamespaceMemberships(db, user.id, findAncestorIds(db, entry.group_id)).length > 0
    );
  }
  return false;
}

/**
 * Whether `user` may perform `action` on `branch` of `project`, given the project's rules.
 * Unprotected branches: push and merge need Developer or above; unprotect is meaningless (false).
 */
export function canActOnBranch(
  db: Db,
  user: UserRow | null,
  project: ProjectRow,
  branch: string,
  action: AccessKind,
  rules: readonly ProtectionRule[] = loadProtectionRules(db, project.id),
): boolean {
  if (!user) return false;
  const level = projectAccessLevel(db, user, project);
  const matching = matchingRules(rules, branch);
  if (matching.length === 0)
    return action !== 'unprotect' && (isAdmin(user) || level >= AccessLevel.Developer);
  return matching.some((r) => r.access.some((e) => e.kind === action && entryGrants(db, e, user, level)));
}

/** GitLab's `developers_can_push`/`developers_can_merge`: a matching rule has a Developer entry (false when unprotected). */
export function developersCan(
  rules: readonly ProtectionRule[],
  branch: string,
  action: 'push' | 'merge',
): boolean {
  return matchingRules(rules, branch).some((r) =>
    r.access.some((e) => e.kind === action && e.access_level === AccessLevel.Developer),
  );
}

/** True when force pushes are allowed on `branch`: unprotected, or every matching rule allows them. */
export function forcePushAllowed(rules: readonly ProtectionRule[], branch: string): boolean {
  const matching = matchingRules(rules, branch);
  return matching.length === 0 || matching.every((r) => r.branch.allow_force_push === 1);
}
