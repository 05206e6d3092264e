import { describe, expect, it } from 'vitest';
import type { PlanLimits } from '../../../api/admin/plan-limits/types.js';
import {
  changedLimits,
  editedLimits,
  entryErrors,
  limitsToEntries,
  toPlanLimitsInput,
} from './plan-limits-form-values.js';

const limits: PlanLimits = {
  conan_max_file_size: 3221225472,
  generic_packages_max_file_size: 5368709120,
  maven_max_file_size: 3221225472,
  npm_max_file_size: 524288000,
  nuget_max_file_size: 524288000,
  pypi_max_file_size: 3221225472,
  ci_instance_level_variables: 25,
};

describe('plan limit entries', () => {
  it('show each limit in its largest exact unit', () => {
    const entries = limitsToEntries(limits);
    expect(entries.conan_max_file_size).toEqual({ value: 3, unit: 'GiB' });
    expect(entries.npm_max_file_size).toEqual({ value: 500, unit: 'MiB' });
  });

  it('send only the limits that changed, in bytes', () => {
    const entries = limitsToEntries(limits);
    expect(toPlanLimitsInput('default', entries, limits)).toEqual({ plan_name: 'default' });
    const edited = { ...entries, npm_max_file_size: { value: 1, unit: 'GiB' as const } };
    const input = toPlanLimitsInput('default', edited, limits);
    expect(input).toEqual({ plan_name: 'default', npm_max_file_size: 1073741824 });
    expect(changedLimits(input)).toEqual(['npm_max_file_size']);
  });

  it('refuse negative and fractional-byte sizes', () => {
    const entries = {
      ...limitsToEntries(limits),
      maven_max_file_size: { value: -1, unit: 'MiB' as const },
      pypi_max_file_size: { value: 0.5, unit: 'B' as const },
    };
    expect(entryErrors(entries)).toEqual({
      maven_max_file_size: 'The size cannot be negative.',
      pypi_max_file_size: 'That is not a whole number of bytes (0.5 B).',
    });
    expect(toPlanLimitsInput('default', entries, limits)).toBeNull();
  });

  it('count every edited limit as a change, invalid ones included', () => {
    const entries = limitsToEntries(limits);
    expect(editedLimits(entries, limits)).toEqual([]);
    const edited = {
      ...entries,
      npm_max_file_size: { value: 1, unit: 'GiB' as const },
      maven_max_file_size: { value: -1, unit: 'MiB' as const },
      pypi_max_file_size: { value: '', unit: 'GiB' as const },
      // The same bytes in another unit: no change.
      conan_max_file_size: { value: 3072, unit: 'MiB' as const },
    };
    expect(editedLimits(edited, limits)).toEqual([
      'maven_max_file_size',
      'npm_max_file_size',
      'pypi_max_file_size',
    ]);
    // The save body can't be built while one is invalid, but the count still says three.
    expect(changedLimits(toPlanLimitsInput('default', edited, limits))).toEqual([]);
  });
});
