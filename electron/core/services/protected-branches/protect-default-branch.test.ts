import { describe, expect, it } from 'vitest';
import { defaultBranchRule, initialPushAllowed } from './protect-default-branch.js';

describe('defaultBranchRule (GitLab BranchProtection#to_hash)', () => {
  it('gives no rule for 0 and for values outside 0–4', () => {
    for (const level of [0, -1, 5, 9, 2.5]) expect(defaultBranchRule(level)).toBeNull();
  });

  it.each([
    [1, 30, 40],
    [2, 40, 40],
    [3, 40, 30],
    [4, 40, 40],
  ])('gives %i push level %i, merge level %i, never force push', (value, push, merge) => {
    expect(defaultBranchRule(value)).toEqual({
      push_access_level: push,
      merge_access_level: merge,
      allow_force_push: false,
    });
  });
});

describe('initialPushAllowed (first branch of an empty repository)', () => {
  it('lets Developers push under 0, 1 and 4 only', () => {
    expect([0, 1, 2, 3, 4].map((p) => initialPushAllowed(p, 30, false))).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
  });

  it('always lets Maintainers, Owners and administrators push; never Reporters and below', () => {
    for (const p of [0, 1, 2, 3, 4]) {
      expect(initialPushAllowed(p, 40, false)).toBe(true);
      expect(initialPushAllowed(p, 50, false)).toBe(true);
      expect(initialPushAllowed(p, 0, true)).toBe(true);
      expect(initialPushAllowed(p, 20, false)).toBe(false);
      expect(initialPushAllowed(p, 0, false)).toBe(false);
    }
  });
});
