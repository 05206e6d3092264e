/**
 * Protect a branch name or wildcard (doc/api/protected_branches.md "Protect repository branches";
 * ProtectedBranches::CreateService), audited as `protected_branch_created` in the same transaction.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import {
  findProtectedBranchByName,
  insertAccessLevel,
  insertProtectedBranch,
} from '../../db/protected-branches.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, UnprocessableEntityError } from '../errors.js';
import { ACCESS_KINDS, planNewEntries } from './access-entries.js';
import type { NewAccessEntry } from './access-entries.js';
import type { ProtectionRule } from './branch-protection.js';
import type { ProtectBranchInput, ProtectedBranchesResult } from './protected-branch-rules.js';
import {
  allowedOf,
  audit,
  checkEntries,
  describe,
  levelOf,
  loadNames,
  loadRule,
  result,
} from './protected-branch-rules.js';

/**
 * Longest protected branch name or wildcard, in characters (Unicode code points, as Rails counts). GitLab
 * 13.10's ProtectedRef validates only presence; a length validation fails the way the blank name does:
 * lib/api/protected_branches.rb answers `render_api_error!(protected_branch.errors.full_messages, 422)`.
 */
export const MAX_NAME_LENGTH = 255;

/**
 * Protect a branch name or wildcard. Each kind gets its `*_access_level` (default 40) and/or the
 * `allowed_to_*` entries.
 * @throws ForbiddenError; ConflictError 409 `Protected branch '<name>' already exists`;
 *   UnprocessableEntityError 422 with Rails-style messages for a blank name, a name over 255 characters
 *   (`Name is too long (maximum is 255 characters)`) or refused entries.
 */
export function protectBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  input: ProtectBranchInput,
): ProtectedBranchesResult {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  if (input.name.trim() === '') throw new UnprocessableEntityError(["Name can't be blank"]);
  if ([...input.name].length > MAX_NAME_LENGTH)
    throw new UnprocessableEntityError([`Name is too long (maximum is ${MAX_NAME_LENGTH} characters)`]);
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
