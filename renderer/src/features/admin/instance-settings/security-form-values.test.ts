import { describe, expect, it } from 'vitest';
import { OUTPOST_SETTINGS } from '../../../../test-utils/admin-fixtures.js';
import type { ApplicationSettings } from '../../../api/admin/instance-settings/types.js';
import {
  changedKeys,
  clientErrors,
  presentSettingKeys,
  settingForAttribute,
  toFormValues,
  toUpdateInput,
} from './security-form-values.js';

const outpost = OUTPOST_SETTINGS;

/** A remote GitLab: only GitLab's own two settings. */
const gitlab: ApplicationSettings = {
  id: 1,
  default_branch_protection: 1,
  allow_local_requests_from_web_hooks_and_services: true,
  signup_enabled: true,
};

describe('security form values', () => {
  it('shows only the settings the instance has', () => {
    expect(presentSettingKeys(outpost)).toEqual([
      'allow_unsandboxed_ci_jobs',
      'ci_concurrent_jobs',
      'ci_job_memory_limit_mb',
      'ci_job_cpu_limit_seconds',
      'ci_job_process_limit',
      'ci_job_output_limit_kb',
      'ci_job_build_dir_limit_mb',
      'allow_local_requests_from_web_hooks_and_services',
      'default_branch_protection',
    ]);
    expect(presentSettingKeys(gitlab)).toEqual([
      'allow_local_requests_from_web_hooks_and_services',
      'default_branch_protection',
    ]);
  });

  it('sends only what changed', () => {
    const keys = presentSettingKeys(outpost);
    const values = {
      ...toFormValues(outpost),
      ci_concurrent_jobs: 4,
      ci_job_output_limit_kb: 1024,
      default_branch_protection: 4,
    };
    expect(changedKeys(values, outpost, keys)).toEqual([
      'ci_concurrent_jobs',
      'ci_job_output_limit_kb',
      'default_branch_protection',
    ]);
    expect(toUpdateInput(values, outpost, keys)).toEqual({
      ci_concurrent_jobs: 4,
      ci_job_output_limit_kb: 1024,
      default_branch_protection: 4,
    });
    expect(toUpdateInput(toFormValues(outpost), outpost, keys)).toEqual({});
  });

  it('never sends an Outpost setting to an instance without it', () => {
    const keys = presentSettingKeys(gitlab);
    const values = { ...toFormValues(gitlab), allow_unsandboxed_ci_jobs: true };
    expect(toUpdateInput(values, gitlab, keys)).toEqual({});
    expect(clientErrors(toFormValues(gitlab), keys)).toEqual({});
  });

  it('asks for whole numbers and leaves ranges to the instance', () => {
    const keys = presentSettingKeys(outpost);
    const values = {
      ...toFormValues(outpost),
      ci_job_cpu_limit_seconds: '' as const,
      ci_job_process_limit: Number.NaN,
      ci_concurrent_jobs: 0,
    };
    expect(clientErrors(values, keys)).toEqual({
      ci_job_cpu_limit_seconds: 'Enter a whole number.',
      ci_job_process_limit: 'Enter a whole number.',
    });
    expect(toUpdateInput(values, outpost, keys)).toBeNull();
    expect(
      toUpdateInput({ ...values, ci_job_cpu_limit_seconds: 60, ci_job_process_limit: 8 }, outpost, keys),
    ).toEqual({
      ci_concurrent_jobs: 0,
      ci_job_cpu_limit_seconds: 60,
      ci_job_process_limit: 8,
    });
  });

  it('ties the instance’s error attributes to shown settings only', () => {
    const keys = presentSettingKeys(gitlab);
    expect(settingForAttribute('default_branch_protection', keys)).toBe('default_branch_protection');
    expect(settingForAttribute('ci_concurrent_jobs', keys)).toBeNull();
    expect(settingForAttribute('repository_storages_weighted', keys)).toBeNull();
  });
});

/**
 * GitLab 17.0+ settings (doc/api/settings.md): the deprecated integer beside the object
 * `default_branch_protection_defaults`; the object is the truth (presets of Gitlab::Access::BranchProtection).
 */
describe('default branch protection in the form the instance has', () => {
  const object = (push: number, merge: number, force: boolean, initial = false) => ({
    allowed_to_push: [{ access_level: push }],
    allowed_to_merge: [{ access_level: merge }],
    allow_force_push: force,
    developer_can_initial_push: initial,
  });
  const gitlab18: ApplicationSettings = {
    id: 1,
    default_branch_protection: 2,
    default_branch_protection_defaults: object(40, 30, false),
    allow_local_requests_from_web_hooks_and_services: false,
  };

  it('reads the level from the object, not the stale integer', () => {
    expect(toFormValues(gitlab18).default_branch_protection).toBe(3);
    expect(changedKeys(toFormValues(gitlab18), gitlab18, presentSettingKeys(gitlab18))).toEqual([]);
  });

  it('writes the object on GitLab 17.0+, with GitLab’s preset for the level', () => {
    const values = { ...toFormValues(gitlab18), default_branch_protection: 4 };
    expect(toUpdateInput(values, gitlab18, presentSettingKeys(gitlab18))).toEqual({
      default_branch_protection_defaults: object(40, 40, false, true),
    });
  });

  it('writes the integer where the instance has only the integer (before 17.0)', () => {
    const values = { ...toFormValues(gitlab), default_branch_protection: 0 };
    expect(toUpdateInput(values, gitlab, presentSettingKeys(gitlab))).toEqual({
      default_branch_protection: 0,
    });
  });

  it('shows the setting when only the object is returned, and maps its errors to the field', () => {
    const onlyObject: ApplicationSettings = {
      id: 1,
      default_branch_protection_defaults: object(30, 30, true),
    } as unknown as ApplicationSettings;
    const keys = presentSettingKeys(onlyObject);
    expect(keys).toEqual(['default_branch_protection']);
    expect(toFormValues(onlyObject).default_branch_protection).toBe(0);
    expect(settingForAttribute('default_branch_protection_defaults', keys)).toBe('default_branch_protection');
  });

  it('keeps a custom object (no preset) unchanged until a level is picked', () => {
    const custom = { ...gitlab18, default_branch_protection_defaults: object(40, 40, true) };
    const values = toFormValues(custom);
    expect(toUpdateInput(values, custom, presentSettingKeys(custom))).toEqual({});
  });
});
