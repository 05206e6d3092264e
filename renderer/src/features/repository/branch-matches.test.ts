import { describe, expect, it } from 'vitest';
import { isWildcard, matchingBranches, wildcardToRegExp } from './branch-matches.js';

const branches = ['main', 'release/1.0', 'release/2.0', 'release', 'feature/release/x', '1-0-stable', 'a.b'];

describe('protection wildcards', () => {
  it('recognises wildcards', () => {
    expect(isWildcard('release/*')).toBe(true);
    expect(isWildcard('main')).toBe(false);
  });

  it('matches with * spanning slashes, anchored at both ends', () => {
    expect(matchingBranches('release/*', branches)).toEqual(['release/1.0', 'release/2.0']);
    expect(matchingBranches('*-stable', branches)).toEqual(['1-0-stable']);
    expect(matchingBranches('*release*', branches)).toEqual([
      'release/1.0',
      'release/2.0',
      'release',
      'feature/release/x',
    ]);
  });

  it('treats other characters literally and exact names exactly', () => {
    expect(wildcardToRegExp('a.*').test('abc')).toBe(false);
    expect(wildcardToRegExp('a.*').test('a.c')).toBe(true);
    expect(matchingBranches('a.b', branches)).toEqual(['a.b']);
    expect(matchingBranches('mai', branches)).toEqual([]);
    expect(matchingBranches('  ', branches)).toEqual([]);
  });
});
