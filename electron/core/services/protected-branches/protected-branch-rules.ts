/**
 * What the protected-branch operations share (doc/api/protected_branches.md; GitLab's
 * ProtectedBranches::{Create,Update,Destroy}Service): input shapes, loading a rule with the names of the
 * users and groups its entries refer to, the checks of new entries (Rails-style messages) and the audit
 * event every change writes (`protected_branch_created`, `…_removed`, `…_updated`). Every operation needs
 * Maintainer or above (GitLab's `authorize_admin_project`), reads included.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findAncestorIds, findNamespaceById, findNamespacesByIds } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { findAccessLevels, findProtectedBranchByName } from '../../db/protected-branches.js';
import type { AccessKind, AccessLevelRow } from '../../db/protected-branches.js';
import { findUserById, findUsersByIds } from '../../db/users.js';
import { accessLevelDescription } from '../../entities/protected-branches.js';
import type { AccessEntryNames } from '../../entities/protected-branches.js';
import { projectAccessLevel, requireProjectAccess } from '../access/project-access.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, UnprocessableEntityError, foundOr404 } from '../errors.js';
import { PROTECTED_ACCESS_LEVELS, kindLabel } from './access-entries.js';
import type { AccessEntryInput, NewAccessEntry } from './access-entries.js';
import type { ProtectionRule } from './branch-protection.js';

/** Rules with the names their user and group entries need for presentation. */
export interface ProtectedBranchesResult {
  rules: ProtectionRule[];
  names: AccessEntryNames;
}

/** `POST /projects/:id/protected_branches` parameters. */
export interface ProtectBranchInput {
  name: string;
  push_access_level?: number;
  merge_access_level?: number;
  unprotect_access_level?: number;
  allow_force_push?: boolean;
  code_owner_approval_required?: boolean;
  allowed_to_push?: AccessEntryInput[];
  allowed_to_merge?: AccessEntryInput[];
  allowed_to_unprotect?: AccessEntryInput[];
}

/** `PATCH /projects/:id/protected_branches/:name` parameters. */
export type UpdateProtectedBranchInput = Omit<
  ProtectBranchInput,
  'name' | 'push_access_level' | 'merge_access_level' | 'unprotect_access_level'
>;

/** GitLab's `404 Not found` for an unknown rule or entry. */
export const NOT_FOUND = () => new NotFoundError('Protected branch', '404 Not found');

/** The `allowed_to_*` entries of `kind` in `input`. */
export function allowedOf(
  input: UpdateProtectedBranchInput,
  kind: AccessKind,
): AccessEntryInput[] | undefined {
  return kind === 'push'
    ? input.allowed_to_push
    : kind === 'merge'
      ? input.allowed_to_merge
      : input.allowed_to_unprotect;
}

/** The `*_access_level` of `kind` in `input`. */
export function levelOf(input: ProtectBranchInput, kind: AccessKind): number | undefined {
  return kind === 'push'
    ? input.push_access_level
    : kind === 'merge'
      ? input.merge_access_level
      : input.unprotect_access_level;
}

/** Names of the users and groups `entries` refer to (two queries). */
export function loadNames(ctx: ServiceContext, entries: readonly AccessLevelRow[]): AccessEntryNames {
  const users = findUsersByIds(
    ctx.db,
    entries.flatMap((e) => (e.user_id !== null ? [e.user_id] : [])),
  );
  const groups = findNamespacesByIds(
    ctx.db,
    entries.flatMap((e) => (e.group_id !== null ? [e.group_id] : [])),
  );
  return {
    users: new Map([...users].map(([id, u]) => [id, u.name])),
    groups: new Map([...groups].map(([id, g]) => [id, g.name])),
  };
}

/** `rules` with the names of the users and groups their entries refer to. */
export function result(ctx: ServiceContext, rules: ProtectionRule[]): ProtectedBranchesResult {
  return {
    rules,
    names: loadNames(
      ctx,
      rules.flatMap((r) => r.access),
    ),
  };
}

/**
 * The rule named exactly `name` for a Maintainer or above (reading, editing and removing rules all need it).
 * @throws ForbiddenError below Maintainer; NotFoundError `404 Not found` when there is no such rule.
 */
export function requireMaintainedRule(
  ctx: ServiceContext,
  project: ProjectRow,
  name: string,
): ProtectionRule {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  return foundOr404(loadRule(ctx, project, name), 'Protected branch', '404 Not found');
}

/** The rule named exactly `name` with its entries, if any. */
export function loadRule(ctx: ServiceContext, project: ProjectRow, name: string): ProtectionRule | undefined {
  const branch = findProtectedBranchByName(ctx.db, project.id, name);
  return branch ? { branch, access: findAccessLevels(ctx.db, [branch.id]) } : undefined;
}

/**
 * Why a new entry is not acceptable (a Rails full message), or null. Levels must be 0/30/40/60; users
 * must be members of the project; groups must give access to it — without project-group sharing in
 * Outpost, that is the project's group or one of its ancestors.
 */
function entryProblem(ctx: ServiceContext, project: ProjectRow, e: NewAccessEntry): string | null {
  const label = kindLabel(e.kind);
  if (e.user_id !== null) {
    const user = findUserById(ctx.db, e.user_id);
    if (!user || projectAccessLevel(ctx.db, user, project) <= AccessLevel.NoAccess)
      return `${label} user is not a member of the project`;
    return null;
  }
  if (e.group_id !== null) {
    const group = findNamespaceById(ctx.db, e.group_id);
    const reachable = findAncestorIds(ctx.db, project.namespace_id);
    if (!group || group.kind !== 'group' || !reachable.includes(group.id))
      return `${label} group does not have access to the project`;
    return null;
  }
  if (!(PROTECTED_ACCESS_LEVELS as readonly number[]).includes(e.access_level ?? -1))
    return `${label} access level is not included in the list`;
  return null;
}

/** @throws UnprocessableEntityError 422 with every distinct problem of `entries`. */
export function checkEntries(
  ctx: ServiceContext,
  project: ProjectRow,
  entries: readonly NewAccessEntry[],
): void {
  const problems = [
    ...new Set(entries.map((e) => entryProblem(ctx, project, e)).filter((p): p is string => p !== null)),
  ];
  if (problems.length > 0) throw new UnprocessableEntityError(problems);
}

/** The entries of `kind` as GitLab's audit details spell them (`Maintainers, Jane`). */
export function describe(rule: ProtectionRule, kind: AccessKind, names: AccessEntryNames): string {
  return rule.access
    .filter((e) => e.kind === kind)
    .map((e) => accessLevelDescription(e, names) ?? 'Unknown')
    .join(', ');
}

function projectPath(ctx: ServiceContext, project: ProjectRow): string {
  return `${findNamespaceById(ctx.db, project.namespace_id)?.full_path ?? ''}/${project.path}`;
}

/** Record a protected-branch audit event on `project` (target `ProtectedBranch`). */
export function audit(
  ctx: ServiceContext,
  project: ProjectRow,
  rule: ProtectionRule,
  eventName: string,
  action: Parameters<typeof recordAuditEvent>[1]['action'],
  extra: Record<string, string | number | boolean | null> = {},
): void {
  const fullPath = projectPath(ctx, project);
  recordAuditEvent(ctx, {
    entityType: 'Project',
    entityId: project.id,
    entityPath: fullPath,
    targetId: rule.branch.id,
    targetType: 'ProtectedBranch',
    targetDetails: rule.branch.name,
    action,
    extra: { event_name: eventName, ...extra },
  });
}
