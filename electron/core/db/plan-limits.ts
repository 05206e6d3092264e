/** Queries on `plan_limits` (one row per plan). */
import type { Db } from './database.js';

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
  const cols = PLAN_LIMIT_FIELDS.filter((k) => changes[k] !== undefined);
  const sets = [...cols.map((k) => `${k} = @${k}`), 'updated_at = @updated_at'];
  const values: Record<string, unknown> = { id, updated_at: at };
  for (const k of cols) values[k] = changes[k];
  db.prepare(`UPDATE plan_limits SET ${sets.join(', ')} WHERE id = @id`).run(values);
}
