/**
 * Protected branches (doc/api/protected_branches.md; spec "Protected branches"; GitLab's
 * lib/api/protected_branches.rb and ProtectedBranches::{Create,Update,Destroy}Service): list, read,
 * protect, unprotect and update rules for a branch name or wildcard (`release/*`). Every endpoint needs
 * Maintainer or above (GitLab's `authorize_admin_project`), reads included. Each change writes its audit
 * event (`protected_branch_created`, `…_removed`, `…_updated`) in the same transaction.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { findAncestorIds, findNamespaceById, findNamespacesByIds } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import {
  deleteAccessLevel,
  deleteProtectedBranch,
  findAccessLevels,
  findProtectedBranchByName,
  insertAccessLevel,
  insertProtectedBranch,
  updateAccessLevelValue,
  updateProtectedBranch as updateProtectedBranchRow,
} from '../../db/protected-branches.js';
import type { AccessKind, AccessLevelRow } from '../../db/protected-branches.js';
import { findUserById, findUsersByIds } from '../../db/users.js';
import { accessLevelDescription } from '../../entities/protected-branches.js';
import type { AccessEntryNames } from '../../entities/protected-branches.js';
import { projectAccessLevel, requireProjectAccess } from '../access/project-access.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableEntityError } from '../errors.js';
import {
  ACCESS_KINDS,
  PROTECTED_ACCESS_LEVELS,
  kindLabel,
  planEntryChanges,
  planNewEntries,
} from './access-entries.js';
import type { AccessEntryInput, NewAccessEntry } from './access-entries.js';
import { canActOnBranch, loadProtectionRules } from './branch-protection.js';
import type { ProtectionRule } from './branch-protection.js';

export type { AccessEntryInput } from './access-entries.js';

/** Rules with the names their user and group entries need for presentation. */
export interface ProtectedBranchesResult {
  rules: ProtectionRule[];
  names: AccessEntryNames;
}

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

export type UpdateProtectedBranchInput = Omit<
  ProtectBranchInput,
  'name' | 'push_access_level' | 'merge_access_level' | 'unprotect_access_level'
>;

const NOT_FOUND = () => new NotFoundError('Protected branch', '404 Not found');

function allowedOf(input: UpdateProtectedBranchInput, kind: AccessKind): AccessEntryInput[] | undefined {
  return kind === 'push'
    ? input.allowed_to_push
    : kind === 'merge'
      ? input.allowed_to_merge
      : input.allowed_to_unprotect;
}

function levelOf(input: ProtectBranchInput, kind: AccessKind): number | undefined {
  return kind === 'push'
    ? input.push_access_level
    : kind === 'merge'
      ? input.merge_access_level
      : input.unprotect_access_level;
}

/** Names of the users and groups `entries` refer to (two queries). */
function loadNames(ctx: ServiceContext, entries: readonly AccessLevelRow[]): AccessEntryNames {
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

function result(ctx: ServiceContext, rules: ProtectionRule[]): ProtectedBranchesResult {
  return {
    rules,
    names: loadNames(
      ctx,
      rules.flatMap((r) => r.access),
    ),
  };
}

function loadRule(ctx: ServiceContext, project: ProjectRow, name: string): ProtectionRule | undefined {
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

function checkEntries(ctx: ServiceContext, project: ProjectRow, entries: readonly NewAccessEntry[]): void {
  const problems = [
    ...new Set(entries.map((e) => entryProblem(ctx, project, e)).filter((p): p is string => p !== null)),
  ];
  if (problems.length > 0) throw new UnprocessableEntityError(problems);
}

function describe(rule: ProtectionRule, kind: AccessKind, names: AccessEntryNames): string {
  return rule.access
    .filter((e) => e.kind === kind)
    .map((e) => accessLevelDescription(e, names) ?? 'Unknown')
    .join(', ');
}

function projectPath(ctx: ServiceContext, project: ProjectRow): string {
  return `${findNamespaceById(ctx.db, project.namespace_id)?.full_path ?? ''}/${project.path}`;
}

function audit(
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

/**
 * A page of the project's protection rules, by name; `search` keeps names containing it (any case).
 * @throws ForbiddenError below Maintainer.
 */
export function listProtectedBranches(
  ctx: ServiceContext,
  project: ProjectRow,
  opts: { search?: string; limit: number; offset: number },
): ProtectedBranchesResult & { total: number } {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  const needle = opts.search?.toLowerCase() ?? '';
  const all = loadProtectionRules(ctx.db, project.id).filter((r) =>
    r.branch.name.toLowerCase().includes(needle),
  );
  return { total: all.length, ...result(ctx, all.slice(opts.offset, opts.offset + opts.limit)) };
}

/**
 * One rule by its exact name (a branch name or a wildcard such as `release/*`).
 * @throws ForbiddenError; NotFoundError `404 Not found`.
 */
export function findProtectedBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  name: string,
): ProtectedBranchesResult {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  const rule = loadRule(ctx, project, name);
  if (!rule) throw NOT_FOUND();
  return result(ctx, [rule]);
}

/**
 * Protect a branch name or wildcard. Each kind gets its `*_access_level` (default 40) and/or the
 * `allowed_to_*` entries.
 * @throws ForbiddenError; ConflictError 409 `Protected branch '<name>' already exists`;
 *   UnprocessableEntityError 422 with Rails-style messages for a blank name or refused entries.
 */
export function protectBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  input: ProtectBranchInput,
): ProtectedBranchesResult {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  if (input.name.trim() === '') throw new UnprocessableEntityError(["Name can't be blank"]);
  if (findProtectedBranchByName(ctx.db, project.id, input.name))
    throw new ConflictError(`Protected branch '${input.name}' already exists`);
  const entries = ACCESS_KINDS.flatMap((kind) =>
    planNewEntries(kind, levelOf(input, kind), allowedOf(input, kind)),
  );
  checkEntries(ctx, project, entries);

  const rule = ctx.db.transaction(() => {
    if (findProtectedBranchByName(ctx.db, project.id, input.name))
      throw new ConflictError(`Protected branch '${input.name}' already exists`);
    return insertProtectionRule(ctx, project, input, entries);
  })();
  return result(ctx, [rule]);
}

/**
 * Insert a rule with its entries and write its `protected_branch_created` audit event (author: the
 * context's actor), without any permission check: callers check first (`protectBranch`) or act for the
 * instance (`protectDefaultBranch`, GitLab's `ProtectedBranches::CreateService#execute(skip_authorization:
 * true)`). Runs in a transaction (a savepoint inside the caller's). The name must be free.
 * @returns the new rule with its entries.
 */
export function insertProtectionRule(
  ctx: ServiceContext,
  project: ProjectRow,
  input: ProtectBranchInput,
  entries: readonly NewAccessEntry[] = ACCESS_KINDS.flatMap((kind) =>
    planNewEntries(kind, levelOf(input, kind), allowedOf(input, kind)),
  ),
): ProtectionRule {
  return ctx.db.transaction(() => {
    const id = insertProtectedBranch(ctx.db, {
      project_id: project.id,
      name: input.name,
      allow_force_push: input.allow_force_push ?? false,
      code_owner_approval_required: input.code_owner_approval_required ?? false,
      created_at: nowIso(),
    });
    for (const e of entries) insertAccessLevel(ctx.db, { protected_branch_id: id, ...e });
    const created = loadRule(ctx, project, input.name)!;
    const names = loadNames(ctx, created.access);
    audit(
      ctx,
      project,
      created,
      'protected_branch_created',
      { add: 'protected_branch' },
      {
        push_access_levels: describe(created, 'push', names),
        merge_access_levels: describe(created, 'merge', names),
        unprotect_access_levels: describe(created, 'unprotect', names),
        allow_force_push: created.branch.allow_force_push === 1,
        code_owner_approval_required: created.branch.code_owner_approval_required === 1,
      },
    );
    return created;
  })();
}

/**
 * Unprotect (delete the rule). Maintainer or above and, when the rule lists unprotect entries, one of them.
 * @throws ForbiddenError; NotFoundError `404 Not found`.
 */
export function unprotectBranch(ctx: ServiceContext, project: ProjectRow, name: string): void {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  const rule = loadRule(ctx, project, name);
  if (!rule) throw NOT_FOUND();
  const guarded = rule.access.some((e) => e.kind === 'unprotect');
  if (guarded && !canActOnBranch(ctx.db, ctx.actor.user, project, rule.branch.name, 'unprotect', [rule]))
    throw new ForbiddenError();
  ctx.db.transaction(() => {
    deleteProtectedBranch(ctx.db, rule.branch.id);
    audit(ctx, project, rule, 'protected_branch_removed', { remove: 'protected_branch' });
  })();
}

/**
 * Change a rule: `allow_force_push`, `code_owner_approval_required`, and `allowed_to_*` entries
 * (`{id, _destroy: true}` removes, `{id, access_level}` changes a role entry, elements without `id` add).
 * One audit event per changed attribute.
 * @throws ForbiddenError; NotFoundError `404 Not found` (rule, or an entry id of another rule);
 *   UnprocessableEntityError 422 for refused entries.
 */
export function updateProtectedBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  name: string,
  input: UpdateProtectedBranchInput,
): ProtectedBranchesResult {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  const before = loadRule(ctx, project, name);
  if (!before) throw NOT_FOUND();
  const plans = ACCESS_KINDS.map((kind) => ({
    kind,
    plan: planEntryChanges(kind, before.access, allowedOf(input, kind) ?? []),
  }));
  if (plans.some((p) => p.plan.unknownIds.length > 0)) throw NOT_FOUND();
  const levelProblems = plans.flatMap(({ kind, plan }) =>
    plan.update.some(([, level]) => !(PROTECTED_ACCESS_LEVELS as readonly number[]).includes(level))
      ? [`${kindLabel(kind)} access level is not included in the list`]
      : [],
  );
  if (levelProblems.length > 0) throw new UnprocessableEntityError(levelProblems);
  checkEntries(
    ctx,
    project,
    plans.flatMap((p) => p.plan.add),
  );

  const after = ctx.db.transaction(() => {
    const flags: { allow_force_push?: boolean; code_owner_approval_required?: boolean } = {};
    if (
      input.allow_force_push !== undefined &&
      input.allow_force_push !== (before.branch.allow_force_push === 1)
    )
      flags.allow_force_push = input.allow_force_push;
    if (
      input.code_owner_approval_required !== undefined &&
      input.code_owner_approval_required !== (before.branch.code_owner_approval_required === 1)
    )
      flags.code_owner_approval_required = input.code_owner_approval_required;
    const entriesChanged = plans.some(
      ({ plan }) => plan.add.length + plan.remove.length + plan.update.length > 0,
    );
    if (Object.keys(flags).length === 0 && !entriesChanged) return before;

    for (const { plan } of plans) {
      for (const id of plan.remove) deleteAccessLevel(ctx.db, id);
      for (const [id, level] of plan.update) updateAccessLevelValue(ctx.db, id, level);
      for (const e of plan.add) insertAccessLevel(ctx.db, { protected_branch_id: before.branch.id, ...e });
    }
    updateProtectedBranchRow(ctx.db, before.branch.id, flags, nowIso());
    const updated = loadRule(ctx, project, name)!;

    for (const [key, to] of Object.entries(flags)) {
      const from = before.branch[key as keyof typeof flags] === 1;
      audit(ctx, project, updated, `protected_branch_${key}_updated`, { change: key, from, to });
    }
    const names = loadNames(ctx, [...before.access, ...updated.access]);
    for (const { kind, plan } of plans) {
      if (plan.add.length + plan.remove.length + plan.update.length === 0) continue;
      audit(ctx, project, updated, `protected_branch_${kind}_access_levels_updated`, {
        change: `${kind}_access_levels`,
        from: describe(before, kind, names),
        to: describe(updated, kind, names),
      });
    }
    return updated;
  })();
  return result(ctx, [after]);
}
