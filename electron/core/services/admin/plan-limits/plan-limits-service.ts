/**
 * Plan limits (doc/api/plan_limits.md; GitLab's API::Admin::PlanLimits and PlanLimits). Administrator
 * only (checked by the routes). Plans are seeded by the schema: `default` and the enterprise edition's
 * names. Every changed limit writes one audit event (target `PlanLimits`, change + from + to) in the same
 * transaction as the change.
 */
import { nowIso } from '../../../db/database.js';
import { PLAN_LIMIT_FIELDS, findPlanLimits, updatePlanLimits } from '../../../db/plan-limits.js';
import type { PlanLimitField, PlanLimitsRow } from '../../../db/plan-limits.js';
import type { ServiceContext } from '../../context.js';
import { ValidationError, foundOr404 } from '../../errors.js';
import { recordInstanceAuditEvent } from '../instance-audit.js';

export const DEFAULT_PLAN = 'default';

export type PlanLimitChanges = Partial<Record<PlanLimitField, number>>;

/**
 * The limits of `planName`.
 * @throws NotFoundError('Plan') for a plan that doesn't exist.
 */
export function getPlanLimits(ctx: ServiceContext, planName: string): PlanLimitsRow {
  return foundOr404(findPlanLimits(ctx.db, planName), 'Plan');
}

/**
 * Change some limits of `planName` (the others keep their values).
 * @throws NotFoundError('Plan'); ValidationError (400) `{"<limit>": ["must be greater than or equal to 0"]}`.
 */
export function changePlanLimits(
  ctx: ServiceContext,
  planName: string,
  changes: PlanLimitChanges,
): PlanLimitsRow {
  const row = getPlanLimits(ctx, planName);
  const fields: Record<string, string[]> = {};
  for (const k of PLAN_LIMIT_FIELDS) {
    const v = changes[k];
    if (v !== undefined && v < 0) fields[k] = ['must be greater than or equal to 0'];
  }
  if (Object.keys(fields).length) throw new ValidationError('Validation failed', fields);

  const changed = PLAN_LIMIT_FIELDS.filter((k) => changes[k] !== undefined && changes[k] !== row[k]);
  return ctx.db.transaction(() => {
    if (changed.length === 0) return row;
    updatePlanLimits(ctx.db, row.id, changes, nowIso());
    for (const k of changed) {
      recordInstanceAuditEvent(ctx, {
        targetId: row.id,
        targetType: 'PlanLimits',
        targetDetails: planName,
        action: { change: k, from: row[k], to: changes[k]! },
        eventName: 'plan_limits_updated',
      });
    }
    return findPlanLimits(ctx.db, planName)!;
  })();
}
