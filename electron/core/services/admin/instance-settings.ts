/**
 * Instance settings that loosen or tighten what users can do (doc/api/settings.md), stored as JSON in
 * `application_settings` and read fresh on each use, so a `PUT /application/settings` takes effect at once:
 * - `default_branch_protection` (GitLab's, integer 0–4, default 2 "fully protected": developers can't push
 *   or force-push the default branch of a new project; maintainers can push, nobody force-pushes).
 * - `allow_local_requests_from_web_hooks_and_services` (GitLab's, default false): when true, ordinary
 *   users' imports may reach loopback, link-local and private addresses (GitLab's `UrlBlocker` off).
 * - `allow_unsandboxed_ci_jobs` (Outpost extension, default false): run pipeline jobs as plain processes
 *   of the desktop user where no job sandbox can be had (docs/security.md). Off: such jobs are refused.
 * - `ci_concurrent_jobs` (Outpost extension, integer 1–64, default 2): pipeline jobs running at once,
 *   like GitLab Runner's `concurrent` in config.toml.
 * - `ci_job_memory_limit_mb` (Outpost extension, integer 64–1,048,576, default 4096): the address-space
 *   limit of every process of a job, in MiB.
 * - `ci_job_cpu_limit_seconds` (Outpost extension, integer 1–86,400, default 3600): CPU seconds any one
 *   process of a job may use.
 * - `ci_job_output_limit_kb` (Outpost extension, integer 1–1,048,576, default 4096): the most a job's trace
 *   stores, in KiB, like GitLab Runner's `output_limit` in config.toml `[[runners]]` (same unit and
 *   default, docs.gitlab.com/runner/configuration/advanced-configuration.html); past it the trace ends with
 *   GitLab Runner's "Job's log exceeded limit of N bytes." sentence (runner/trace-writer.ts).
 * - `ci_job_process_limit` (Outpost extension, integer 16–65,536, default 512): processes (and threads) a
 *   job may have at once (runner/sandbox/limits.ts); a fork bomb stops there.
 * - `ci_job_build_dir_limit_mb` (Outpost extension, integer 16–1,048,576, default 10,240): the disk a job's
 *   build directory (checkout, `$TMPDIR`, `$HOME`) may use, in MiB; also the largest file any process of
 *   the job may write (RLIMIT_FSIZE, runner/sandbox/limits.ts). Past it the job is stopped and fails
 *   (runner/build-dir-usage.ts).
 * Each is a zod schema (setting-schema.ts); the other GitLab settings are in gitlab-settings.ts.
 */
import type { Db } from '../../db/database.js';
import { ValidationError } from '../errors.js';
import { boolSetting, intSetting, readSetting, storeSettings, validateSettings } from './setting-schema.js';
import type { SettingSpec } from './setting-schema.js';

/** GitLab's `default_branch_protection` values (doc/user/project/repository/branches/default.md). */
export const DEFAULT_BRANCH_PROTECTION = {
  /** Not protected: developers and maintainers can push and force-push. */
  NONE: 0,
  /** Partially protected: developers can push new commits, nobody force-pushes. */
  DEVELOPERS_CAN_PUSH: 1,
  /** Fully protected: developers can't push; maintainers can; nobody force-pushes. */
  FULL: 2,
  /** Protected against pushes: developers can't push but can merge (push 40, merge 30); no force push. */
  DEVELOPERS_CAN_MERGE: 3,
  /** Fully protected after the initial push: developers may make the first push into an empty repository. */
  FULL_AFTER_INITIAL_PUSH: 4,
} as const;

/** The settings of this module with their types. */
export interface InstanceSettings {
  default_branch_protection: number;
  allow_local_requests_from_web_hooks_and_services: boolean;
  allow_unsandboxed_ci_jobs: boolean;
  ci_concurrent_jobs: number;
  ci_job_memory_limit_mb: number;
  ci_job_cpu_limit_seconds: number;
  ci_job_output_limit_kb: number;
  ci_job_process_limit: number;
  ci_job_build_dir_limit_mb: number;
}

export type InstanceSettingKey = keyof InstanceSettings;

/** The schema and default of every setting of this module. */
const SPECS: { [K in InstanceSettingKey]: SettingSpec<InstanceSettings[K]> } = {
  default_branch_protection: intSetting(DEFAULT_BRANCH_PROTECTION.FULL, 0, 4, 'is not included in the list'),
  allow_local_requests_from_web_hooks_and_services: boolSetting(false),
  allow_unsandboxed_ci_jobs: boolSetting(false),
  ci_concurrent_jobs: intSetting(2, 1, 64),
  ci_job_memory_limit_mb: intSetting(4096, 64, 1_048_576),
  ci_job_cpu_limit_seconds: intSetting(3600, 1, 86_400),
  ci_job_output_limit_kb: intSetting(4096, 1, 1_048_576),
  ci_job_process_limit: intSetting(512, 16, 65_536),
  ci_job_build_dir_limit_mb: intSetting(10_240, 16, 1_048_576),
};

/** Every key this module owns, in a stable order. */
export const INSTANCE_SETTING_KEYS = Object.keys(SPECS) as InstanceSettingKey[];

/** Default of every setting (what a new instance has). */
export const INSTANCE_SETTING_DEFAULTS: Readonly<InstanceSettings> = Object.fromEntries(
  INSTANCE_SETTING_KEYS.map((k) => [k, SPECS[k].default]),
) as unknown as InstanceSettings;

/** One setting: the stored value, or its default. */
export function instanceSetting<K extends InstanceSettingKey>(db: Db, key: K): InstanceSettings[K] {
  return readSetting(db, key, SPECS[key] as SettingSpec<InstanceSettings[K]>);
}

/** All settings of this module, stored or default. */
export function instanceSettings(db: Db): InstanceSettings {
  const out: Record<string, unknown> = {};
  for (const key of INSTANCE_SETTING_KEYS) out[key] = instanceSetting(db, key);
  return out as unknown as InstanceSettings;
}

/**
 * Validate the settings of this module found in `params` (other keys are ignored). Pure.
 * @returns the parsed values and the errors per key (Rails' words: `is not included in the list`,
 *   `must be an integer`, `must be a boolean`, `must be between A and B`).
 */
export function validateInstanceSettings(params: Record<string, unknown>) {
  return validateSettings(SPECS, params);
}

/**
 * Validate and store the settings of this module found in `params` (other keys are ignored).
 * All or nothing: one bad value stores none of them.
 * @returns the keys that were present and stored.
 * @throws ValidationError 400 `{"message":{"<key>":["<error>"]}}` for a value of the wrong type or out of range.
 */
export function updateInstanceSettings(db: Db, params: Record<string, unknown>): InstanceSettingKey[] {
  const { values, errors } = validateInstanceSettings(params);
  if (Object.keys(errors).length > 0) throw new ValidationError('Invalid application settings', errors);
  storeSettings(db, values);
  return Object.keys(values) as InstanceSettingKey[];
}
