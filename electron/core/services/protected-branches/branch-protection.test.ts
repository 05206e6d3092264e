import { describe, expect, it } from 'vitest';
import { developersCan, forcePushAllowed, protectedNameMatches } from './branch-protection.js';
import type { ProtectionRule } from './branch-protection.js';

describe('protectedNameMatches', () => {
  it.each([
    ['main', 'main', true],
    ['main', 'main2', false],
    ['release/*', 'release/1.0', true],
    ['release/*', 'release/1.0/hotfix', true],
    ['release/*', 'release', false],
    ['*-stable', '13-10-stable', true],
    ['*-stable', 'stable', false],
    ['feat.*', 'featX', false],
    ['feat.*', 'feat.x', true],
    ['*', 'anything/at/all', true],
  ])('%s vs %s → %s', (pattern, branch, expected) => {
    expect(protectedNameMatches(pattern, branch)).toBe(expected);
  });
});

function rule(name: string, entries: [string, number][], allowForcePush = false): ProtectionRule {
  return {
    branch: {
      id: 1,
      project_id: 1,
      name,
      allow_force_push: allowForcePush ? 1 : 0,
      code_owner_approval_required: 0,
      created_at: '',
      updated_at: '',
    },
    access: entries.map(([kind, level], i) => ({
      id: i,
      protected_branch_id: 1,
      kind: kind as 'push' | 'merge' | 'unprotect',
      access_level: level,
      user_id: null,
      group_id: null,
    })),
  };
}

describe('developersCan and forcePushAllowed', () => {
  it('reports developer push/merge only for a matching rule with a Developer entry', () => {
    const rules = [
      rule('main', [
        ['push', 40],
        ['merge', 30],
      ]),
      rule(
        'dev/*',
        [
          ['push', 30],
          ['merge', 30],
        ],
        true,
      ),
    ];
    expect(developersCan(rules, 'main', 'push')).toBe(false);
    expect(developersCan(rules, 'main', 'merge')).toBe(true);
    expect(developersCan(rules, 'dev/x', 'push')).toBe(true);
    expect(developersCan(rules, 'other', 'push')).toBe(false);
    expect(forcePushAllowed(rules, 'main')).toBe(false);
    expect(forcePushAllowed(rules, 'dev/x')).toBe(true);
    expect(forcePushAllowed(rules, 'other')).toBe(true);
  });
});
