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
 */
import { getApplicationSetting, setApplicationSetting } from '../../db/application-settings.js';
import { nowIso } from '../../db/database.js';
import type { Db } from '../../db/database.js';
import { ValidationError } from '../errors.js';

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
}

export type InstanceSettingKey = keyof InstanceSettings;

/** Default of every setting (what a new instance has). */
export const INSTANCE_SETTING_DEFAULTS: Readonly<InstanceSettings> = {
  default_branch_protection: DEFAULT_BRANCH_PROTECTION.FULL,
  allow_local_requests_from_web_hooks_and_services: false,
  allow_unsandboxed_ci_jobs: false,
  ci_concurrent_jobs: 2,
  ci_job_memory_limit_mb: 4096,
  ci_job_cpu_limit_seconds: 3600,
};

const INTEGER_RANGES: Partial<Record<InstanceSettingKey, [number, number]>> = {
  default_branch_protection: [0, 4],
  ci_concurrent_jobs: [1, 64],
  ci_job_memory_limit_mb: [64, 1_048_576],
  ci_job_cpu_limit_seconds: [1, 86_400],
};

/** Every key this module owns, in a stable order. */
export const INSTANCE_SETTING_KEYS = Object.keys(INSTANCE_SETTING_DEFAULTS) as InstanceSettingKey[];

/** One setting: the stored value, or its default. */
export function instanceSetting<K extends InstanceSettingKey>(db: Db, key: K): InstanceSettings[K] {
  const stored = getApplicationSetting<InstanceSettings[K]>(db, key);
  return stored ?? INSTANCE_SETTING_DEFAULTS[key];
}

/** All settings of this module, stored or default. */
export function instanceSettings(db: Db): InstanceSettings {
  const out = { ...INSTANCE_SETTING_DEFAULTS } as Record<InstanceSettingKey, unknown>;
  for (const key of INSTANCE_SETTING_KEYS) out[key] = instanceSetting(db, key);
  return out as unknown as InstanceSettings;
}

function parseBoolean(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === 0) return raw === 1;
  if (typeof raw === 'string') {
    const s = raw.trim().toLowerCase();
    if (['true', '1', 'yes', 't'].includes(s)) return true;
    if (['false', '0', 'no', 'f'].includes(s)) return false;
  }
  return undefined;
}

function parseInteger(raw: unknown): number | undefined {
  if (typeof raw === 'number' && Number.isInteger(raw)) return raw;
  if (typeof raw === 'string' && /^-?\d{1,9}$/.test(raw.trim())) return Number(raw.trim());
  return undefined;
}

/**
 * Validate and store the settings of this module found in `params` (other keys are ignored).
 * All or nothing: one bad value stores none of them.
 * @returns the keys that were present and stored.
 * @throws ValidationError 400 `{"message":{"<key>":["<error>"]}}` (Rails' words: `is not included in the
 *   list`, `must be an integer`, `must be a boolean`) for a value of the wrong type or out of range.
 */
export function updateInstanceSettings(db: Db, params: Record<string, unknown>): InstanceSettingKey[] {
  const errors: Record<string, string[]> = {};
  const parsed: Partial<Record<InstanceSettingKey, unknown>> = {};
  for (const key of INSTANCE_SETTING_KEYS) {
    const raw = params[key];
    if (raw === undefined) continue;
    if (typeof INSTANCE_SETTING_DEFAULTS[key] === 'boolean') {
      const b = parseBoolean(raw);
      if (b === undefined) errors[key] = ['must be a boolean'];
      else parsed[key] = b;
      continue;
    }
    const n = parseInteger(raw);
    const [min, max] = INTEGER_RANGES[key] ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    if (n === undefined) errors[key] = ['must be an integer'];
    else if (n < min || n > max)
      errors[key] = [
        key === 'default_branch_protection'
          ? 'is not included in the list'
          : `must be between ${min} and ${max}`,
      ];
    else parsed[key] = n;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError('Invalid application settings', errors);
  const at = nowIso();
  const keys = Object.keys(parsed) as InstanceSettingKey[];
  db.transaction(() => {
    for (const key of keys) setApplicationSetting(db, key, parsed[key], at);
  })();
  return keys;
}
