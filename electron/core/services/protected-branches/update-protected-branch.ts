/**
 * Change a protection rule (doc/api/protected_branches.md "Update a protected branch";
 * ProtectedBranches::UpdateService): one audit event per changed attribute, in the same transaction.
 */
import { nowIso } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import {
  deleteAccessLevel,
  insertAccessLevel,
  updateAccessLevelValue,
  updateProtectedBranch as updateProtectedBranchRow,
} from '../../db/protected-branches.js';
import type { ServiceContext } from '../context.js';
import { UnprocessableEntityError } from '../errors.js';
import { ACCESS_KINDS, PROTECTED_ACCESS_LEVELS, kindLabel, planEntryChanges } from './access-entries.js';
import type { ProtectedBranchesResult, UpdateProtectedBranchInput } from './protected-branch-rules.js';
import {
  NOT_FOUND,
  allowedOf,
  audit,
  checkEntries,
  describe,
  loadNames,
  loadRule,
  requireMaintainedRule,
  result,
} from './protected-branch-rules.js';

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
  const before = requireMaintainedRule(ctx, project, name);
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
