/** Queries on `plan_limits` (one row per plan). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';

/** The limit columns, in GitLab's response order. */
export const PLAN_LIMIT_FIELDS = [
  'ci_instance_level_variables',
  'conan_max_file_size',
  'generic_packages_max_file_size',
  'maven_max_file_size',
  'npm_max_file_size',
  'nuget_max_file_size',
  'pypi_max_file_size',
] as const;

export type PlanLimitField = (typeof PLAN_LIMIT_FIELDS)[number];

export type PlanLimitsRow = {
  id: number;
  plan_name: string;
  created_at: string;
  updated_at: string;
} & Record<PlanLimitField, number>;

export function findPlanLimits(db: Db, planName: string): PlanLimitsRow | undefined {
  return db.prepare('SELECT * FROM plan_limits WHERE plan_name = ?').get(planName) as
    PlanLimitsRow | undefined;
}

export function updatePlanLimits(
  db: Db,
  id: number,
  changes: Partial<Record<PlanLimitField, number>>,
  at: string,
): void {
  updateRowById(db, 'plan_limits', PLAN_LIMIT_FIELDS, id, changes, { updatedAt: at });
}
