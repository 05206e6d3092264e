import {
  branchProtectionState,
  defaultsForLevel,
} from '../../../api/admin/instance-settings/branch-protection-defaults.js';
import {
  SECURITY_SETTING_KEYS,
  type ApplicationSettings,
  type SecuritySettingKey,
  type UpdateSecuritySettingsInput,
} from '../../../api/admin/instance-settings/types.js';

/** The runner limits, edited as numbers. */
export type LimitKey =
  | 'ci_concurrent_jobs'
  | 'ci_job_memory_limit_mb'
  | 'ci_job_cpu_limit_seconds'
  | 'ci_job_process_limit'
  | 'ci_job_output_limit_kb'
  | 'ci_job_build_dir_limit_mb';

/** Every limit, in the order the form shows them. */
export const LIMIT_KEYS: readonly LimitKey[] = [
  'ci_concurrent_jobs',
  'ci_job_memory_limit_mb',
  'ci_job_cpu_limit_seconds',
  'ci_job_process_limit',
  'ci_job_output_limit_kb',
  'ci_job_build_dir_limit_mb',
];

/** What the form edits; a limit is `''` while its input is empty. */
export interface SecurityFormValues {
  allow_unsandboxed_ci_jobs: boolean;
  ci_concurrent_jobs: number | '';
  ci_job_memory_limit_mb: number | '';
  ci_job_cpu_limit_seconds: number | '';
  ci_job_process_limit: number | '';
  ci_job_output_limit_kb: number | '';
  ci_job_build_dir_limit_mb: number | '';
  allow_local_requests_from_web_hooks_and_services: boolean;
  default_branch_protection: number;
}

/**
 * The security settings this instance has: all nine on Outpost's core, GitLab's two on a remote
 * GitLab (whose settings lack Outpost's job sandbox keys). A setting the instance doesn't return is
 * neither shown nor sent.
 */
export function presentSettingKeys(settings: ApplicationSettings): SecuritySettingKey[] {
  const present = (key: string) => settings[key] !== undefined && settings[key] !== null;
  return SECURITY_SETTING_KEYS.filter(
    (key) =>
      present(key) || (key === 'default_branch_protection' && present('default_branch_protection_defaults')),
  );
}

/** The value of `key` the instance has, as the form compares it (branch protection: the level it stands for). */
function instanceValue(settings: ApplicationSettings, key: SecuritySettingKey): unknown {
  return key === 'default_branch_protection' ? branchProtectionState(settings).level : settings[key];
}

/** The form's starting values from the instance's settings. */
export function toFormValues(settings: ApplicationSettings): SecurityFormValues {
  const limit = (key: LimitKey): number | '' => {
    const value = settings[key];
    return typeof value === 'number' ? value : '';
  };
  return {
    allow_unsandboxed_ci_jobs: settings.allow_unsandboxed_ci_jobs === true,
    ci_concurrent_jobs: limit('ci_concurrent_jobs'),
    ci_job_memory_limit_mb: limit('ci_job_memory_limit_mb'),
    ci_job_cpu_limit_seconds: limit('ci_job_cpu_limit_seconds'),
    ci_job_process_limit: limit('ci_job_process_limit'),
    ci_job_output_limit_kb: limit('ci_job_output_limit_kb'),
    ci_job_build_dir_limit_mb: limit('ci_job_build_dir_limit_mb'),
    allow_local_requests_from_web_hooks_and_services:
      settings.allow_local_requests_from_web_hooks_and_services === true,
    default_branch_protection: branchProtectionState(settings).level,
  };
}

/**
 * Errors the form finds before asking the instance: a limit must be a whole number. Ranges are left
 * to the instance, which names them per field (`must be between 1 and 64`).
 */
export function clientErrors(
  values: SecurityFormValues,
  keys: readonly SecuritySettingKey[],
): Partial<Record<SecuritySettingKey, string>> {
  const errors: Partial<Record<SecuritySettingKey, string>> = {};
  for (const key of LIMIT_KEYS) {
    if (!keys.includes(key)) continue;
    const value = values[key];
    if (value === '' || !Number.isInteger(value)) errors[key] = 'Enter a whole number.';
  }
  return errors;
}

/** The settings whose form value differs from the instance's (limits still empty count as changed). */
export function changedKeys(
  values: SecurityFormValues,
  settings: ApplicationSettings,
  keys: readonly SecuritySettingKey[],
): SecuritySettingKey[] {
  return keys.filter((key) => values[key] !== instanceValue(settings, key));
}

/**
 * Body of `PUT /application/settings`: the changed settings only; null while a limit is not a number.
 * Default branch protection is written in the form the instance has: `default_branch_protection_defaults`
 * (GitLab 17.0+, doc/api/settings.md) when its settings carry the object, else the deprecated integer.
 */
export function toUpdateInput(
  values: SecurityFormValues,
  settings: ApplicationSettings,
  keys: readonly SecuritySettingKey[],
): UpdateSecuritySettingsInput | null {
  if (Object.keys(clientErrors(values, keys)).length > 0) return null;
  const input: Record<string, unknown> = {};
  for (const key of changedKeys(values, settings, keys)) {
    const value = values[key];
    if (value === '') continue;
    if (key === 'default_branch_protection' && branchProtectionState(settings).objectForm)
      input.default_branch_protection_defaults = defaultsForLevel(values.default_branch_protection);
    else input[key] = value;
  }
  return input as UpdateSecuritySettingsInput;
}

/** The setting a GitLab validation attribute names, or null for one the form doesn't show. */
export function settingForAttribute(
  attribute: string,
  keys: readonly SecuritySettingKey[],
): SecuritySettingKey | null {
  if (attribute === 'default_branch_protection_defaults' && keys.includes('default_branch_protection'))
    return 'default_branch_protection';
  return (keys as readonly string[]).includes(attribute) ? (attribute as SecuritySettingKey) : null;
}
