import { describe, expect, it } from 'vitest';
import { branchDeleteBlocker, validateBranchName } from './branch-rules.js';

describe('validateBranchName', () => {
  it('accepts ordinary names', () => {
    for (const name of ['main', 'feature/login', 'release-1.2', 'fix_42'])
      expect(validateBranchName(name)).toBeNull();
  });

  it('refuses what git refuses', () => {
    for (const name of [
      '',
      'a b',
      'a..b',
      'a~1',
      'x:y',
      'a*',
      '-x',
      '/x',
      'x/',
      'x.lock',
      'a//b',
      'a@{b',
      'HEAD',
      'a/.b',
    ])
      expect(validateBranchName(name), name).not.toBeNull();
  });
});

describe('branchDeleteBlocker', () => {
  it('explains why default and protected branches stay', () => {
    expect(branchDeleteBlocker({ name: 'main', default: true, protected: true })).toMatch(/default branch/);
    expect(branchDeleteBlocker({ name: 'stable', default: false, protected: true })).toMatch(/protected/);
    expect(branchDeleteBlocker({ name: 'topic', default: false, protected: false })).toBeNull();
  });
});
