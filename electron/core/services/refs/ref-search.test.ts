import { describe, expect, it } from 'vitest';
import { filterByRefSearch, matchesRefSearch } from './ref-search.js';
import { isValidRefName } from './ref-name.js';

describe('matchesRefSearch', () => {
  it.each([
    ['feature/login', '', true],
    ['feature/login', 'login', true],
    ['feature/login', 'LOGIN', true],
    ['feature/login', '^feat', true],
    ['my-feature', '^feat', false],
    ['feature/login', 'login$', true],
    ['login-page', 'login$', false],
    ['feature/login', '^feature/login$', false],
    ['x', 'y', false],
  ])('%s vs %j → %s', (name, search, expected) => {
    expect(matchesRefSearch(name, search)).toBe(expected);
  });
});

describe('filterByRefSearch', () => {
  const items = ['a-main', 'main', 'main-2', 'other'].map((name) => ({ name }));

  it('keeps order and moves an exact substring match first when asked', () => {
    expect(filterByRefSearch(items, 'main').map((i) => i.name)).toEqual(['a-main', 'main', 'main-2']);
    expect(filterByRefSearch(items, 'main', { exactFirst: true }).map((i) => i.name)).toEqual([
      'main',
      'a-main',
      'main-2',
    ]);
  });

  it('applies prefix and suffix anchors', () => {
    expect(filterByRefSearch(items, '^main', { exactFirst: true }).map((i) => i.name)).toEqual([
      'main',
      'main-2',
    ]);
    expect(filterByRefSearch(items, 'main$').map((i) => i.name)).toEqual(['a-main', 'main']);
    expect(filterByRefSearch(items, undefined)).toHaveLength(4);
  });
});

describe('isValidRefName (GitRefValidator)', () => {
  it.each(['main', 'release/1.0', 'v1.0.0', 'feature/ABC-1'])('accepts %j', (name) => {
    expect(isValidRefName(name)).toBe(true);
  });
  it.each([
    '',
    'HEAD',
    'refs/heads/x',
    'refs/remotes/origin/x',
    'a..b',
    'sp ace',
    'x.lock',
    '-x',
    'a:b',
    // Control characters git refuses (check-ref-format), NUL first: it must never reach git's arguments.
    'a\0b',
    '\0',
    'x\u0001',
    'x\u001f',
    'x\u007f',
    'a\tb',
  ])('refuses %j', (name) => {
    expect(isValidRefName(name)).toBe(false);
  });
});
