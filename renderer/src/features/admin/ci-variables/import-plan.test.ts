import { describe, expect, it } from 'vitest';
import type { CiVariable } from '../../../api/admin/ci-variables/types.js';
import { countImportRows, importSteps, planImport } from './import-plan.js';

const existing: CiVariable[] = [
  { key: 'KEEP', value: 'same', variable_type: 'env_var', protected: false, masked: false },
  { key: 'EDIT', value: 'old', variable_type: 'env_var', protected: true, masked: false },
  { key: 'SECRET', value: 'masked-value-1', variable_type: 'env_var', protected: false, masked: true },
];

describe('planImport', () => {
  it('marks each key as add, change, unchanged or invalid, in file order', () => {
    const rows = planImport(
      [
        { key: 'NEW', value: 'fresh' },
        { key: 'KEEP', value: 'same' },
        { key: 'EDIT', value: 'new' },
        { key: 'BAD-KEY', value: 'x' },
        { key: 'SECRET', value: 'not maskable!' },
        { key: 'SECRET2', value: 'x'.repeat(10_001) },
      ],
      existing,
      { protected: false, masked: false },
    );
    expect(rows.map((row) => [row.key, row.status])).toEqual([
      ['NEW', 'add'],
      ['KEEP', 'unchanged'],
      ['EDIT', 'change'],
      ['BAD-KEY', 'invalid'],
      ['SECRET', 'invalid'],
      ['SECRET2', 'invalid'],
    ]);
    expect(rows[2]?.currentValue).toBe('old');
    expect(rows[3]?.problem).toBe('Keys can contain only letters, digits and _ (not “-”).');
    expect(rows[4]?.problem).toBe(
      'SECRET is masked. A masked value can contain only letters, digits and _ + = / @ : . ~ - (not spaces or “!”).',
    );
    expect(countImportRows(rows)).toEqual({ add: 1, change: 1, unchanged: 1, invalid: 3 });
  });

  it('checks masking for new variables only when they are to be masked', () => {
    const entries = [{ key: 'SHORT', value: 'abc' }];
    expect(planImport(entries, [], { protected: false, masked: false })[0]?.status).toBe('add');
    const masked = planImport(entries, [], { protected: false, masked: true })[0];
    expect(masked?.status).toBe('invalid');
    expect(masked?.problem).toBe('A masked value needs at least 8 characters (this one has 3).');
  });
});

describe('importSteps', () => {
  it('creates added keys with the chosen flags and updates only the value of changed ones', () => {
    const options = { protected: true, masked: false };
    const rows = planImport(
      [
        { key: 'NEW', value: 'fresh' },
        { key: 'KEEP', value: 'same' },
        { key: 'EDIT', value: 'new' },
        { key: 'BAD-KEY', value: 'x' },
      ],
      existing,
      options,
    );
    expect(importSteps(rows, options)).toEqual([
      {
        kind: 'create',
        input: { key: 'NEW', value: 'fresh', variable_type: 'env_var', protected: true, masked: false },
      },
      { kind: 'update', key: 'EDIT', input: { value: 'new' } },
    ]);
  });
});
