import type { PlanLimits as SharedPlanLimits } from '../../../../../shared/api-types/admin.js';

/** The package file-size limits of a plan that `PUT /application/plan_limits` changes, in bytes. */
export type PlanFileSizeLimitName =
  | 'conan_max_file_size'
  | 'generic_packages_max_file_size'
  | 'maven_max_file_size'
  | 'npm_max_file_size'
  | 'nuget_max_file_size'
  | 'pypi_max_file_size';

/** Every file-size limit, in the order the form shows them. */
export const PLAN_FILE_SIZE_LIMITS: readonly PlanFileSizeLimitName[] = [
  'conan_max_file_size',
  'generic_packages_max_file_size',
  'maven_max_file_size',
  'npm_max_file_size',
  'nuget_max_file_size',
  'pypi_max_file_size',
];

/**
 * `GET /application/plan_limits` (doc/api/plan_limits.md). GitLab returns more limits than the six
 * file sizes (CI limits, storage…); the screen edits only the file sizes.
 */
export type PlanLimits = SharedPlanLimits & Record<string, unknown>;

/** Body of `PUT /application/plan_limits`: the plan, and only the limits that change. */
export type UpdatePlanLimitsInput = { plan_name: string } & Partial<Record<PlanFileSizeLimitName, number>>;

/**
 * Plan names GitLab knows. The Community Edition has only `default`; the Enterprise Edition adds
 * the paid and trial plans. There is no endpoint listing them, so the screen asks for each.
 */
export const KNOWN_PLAN_NAMES: readonly string[] = [
  'default',
  'free',
  'bronze',
  'silver',
  'premium',
  'premium_trial',
  'gold',
  'ultimate',
  'ultimate_trial',
  'opensource',
];
