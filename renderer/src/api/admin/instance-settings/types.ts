import type { BranchProtectionDefaults } from './branch-protection-defaults.js';

/**
 * The security settings of `GET /application/settings` (doc/api/settings.md) that the Security screen
 * shows. GitLab's own: `default_branch_protection` and `allow_local_requests_from_web_hooks_and_services`.
 * Outpost extensions, absent on a remote GitLab: the job sandbox opt-out and the runner limits.
 */
export interface SecuritySettings {
  /** GitLab's default branch protection, 0–4 (Gitlab::Access::PROTECTION_*); see {@link DEFAULT_BRANCH_PROTECTION}. */
  default_branch_protection: number;
  /** When true, ordinary users' imports may reach loopback, link-local and private addresses. */
  allow_local_requests_from_web_hooks_and_services: boolean;
  /** Outpost: run jobs unsandboxed where no job sandbox can be had (otherwise they are refused). */
  allow_unsandboxed_ci_jobs?: boolean;
  /** Outpost: pipeline jobs running at once, 1–64 (GitLab Runner's `concurrent`). */
  ci_concurrent_jobs?: number;
  /** Outpost: address-space limit of each process of a job, in MiB (64–1,048,576). */
  ci_job_memory_limit_mb?: number;
  /** Outpost: CPU seconds any one process of a job may use (1–86,400). */
  ci_job_cpu_limit_seconds?: number;
  /**
   * Outpost: the most of a job's output its trace keeps, in KiB (1–1,048,576, default 4,096), like GitLab
   * Runner's `output_limit`; past it the trace ends with "Job's log exceeded limit of N bytes.".
   */
  ci_job_output_limit_kb?: number;
  /** Outpost: processes (and threads) a job may have at once (16–65,536, default 512). */
  ci_job_process_limit?: number;
  /**
   * Outpost: the disk a job's build directory may use, and the largest file a job may write, in MiB
   * (16–1,048,576, default 10,240); past it the job is stopped and fails.
   */
  ci_job_build_dir_limit_mb?: number;
}

/** `GET /application/settings`: the security settings plus everything else the instance returns. */
export type ApplicationSettings = SecuritySettings & Record<string, unknown>;

/** A key of {@link SecuritySettings}. */
export type SecuritySettingKey = keyof SecuritySettings;

/** Every security setting, in the order the screen shows them. */
export const SECURITY_SETTING_KEYS: readonly SecuritySettingKey[] = [
  'allow_unsandboxed_ci_jobs',
  'ci_concurrent_jobs',
  'ci_job_memory_limit_mb',
  'ci_job_cpu_limit_seconds',
  'ci_job_process_limit',
  'ci_job_output_limit_kb',
  'ci_job_build_dir_limit_mb',
  'allow_local_requests_from_web_hooks_and_services',
  'default_branch_protection',
];

/**
 * Body of `PUT /application/settings`: only the settings that change; default branch protection as
 * `default_branch_protection_defaults` on instances that have the object form (GitLab 17.0+).
 */
export type UpdateSecuritySettingsInput = Partial<SecuritySettings> & {
  default_branch_protection_defaults?: BranchProtectionDefaults;
};

/** GitLab's `default_branch_protection` values (lib/gitlab/access.rb, `PROTECTION_*`). */
export const DEFAULT_BRANCH_PROTECTION = {
  NONE: 0,
  DEV_CAN_PUSH: 1,
  FULL: 2,
  DEV_CAN_MERGE: 3,
  DEV_CAN_INITIAL_PUSH: 4,
} as const;
