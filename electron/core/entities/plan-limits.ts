/** Presenter for plan limits (GitLab's Entities::PlanLimit; doc/api/plan_limits.md). Pure: no queries. */
import type { PlanLimits } from '../../../shared/api-types/admin.js';
import type { PlanLimitsRow } from '../db/plan-limits.js';

export function presentPlanLimits(row: PlanLimitsRow): PlanLimits {
  return {
    ci_instance_level_variables: row.ci_instance_level_variables,
    conan_max_file_size: row.conan_max_file_size,
    generic_packages_max_file_size: row.generic_packages_max_file_size,
    maven_max_file_size: row.maven_max_file_size,
    npm_max_file_size: row.npm_max_file_size,
    nuget_max_file_size: row.nuget_max_file_size,
    pypi_max_file_size: row.pypi_max_file_size,
  };
}
