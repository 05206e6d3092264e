import { describe, expect, it } from 'vitest';
import {
  quoteMeta,
  REGEX_LIMITS,
  RegexBudget,
  RegexBudgetError,
  RubySyntax,
  splitRubySyntax,
  UntrustedRegexp,
  UntrustedRegexpError,
} from './untrusted-regexp.js';

const evil = (n: number) => `${'a'.repeat(n)}!`;

describe('UntrustedRegexp (re2js, GitLab RE2 syntax)', () => {
  it('matches anywhere, like scan(text).present?, an empty match included', () => {
    expect(UntrustedRegexp.compile('b+').test('abbc')).toBe(true);
    expect(UntrustedRegexp.compile('^b').test('abc')).toBe(false);
    expect(UntrustedRegexp.compile('x*').test('abc')).toBe(true);
  });

  it('answers the exponential-backtracking patterns at once (linear time)', () => {
    for (const pattern of ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '^(.*a){20}$']) {
      const re = UntrustedRegexp.compile(pattern);
      const started = performance.now();
      for (const n of [28, 32, 40, 1000]) expect(re.test(evil(n))).toBe(false);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('takes the flags i, s, m and U as RE2 does (m is multi-line, s is dot-all)', () => {
    expect(UntrustedRegexp.compile('^main$', 'i').test('MAIN')).toBe(true);
    expect(UntrustedRegexp.compile('^main$').test('MAIN')).toBe(false);
    // RE2's m: ^ and $ at line breaks; without it they anchor the whole text (Ruby's always do lines).
    expect(UntrustedRegexp.compile('^b$', 'm').test('a\nb\nc')).toBe(true);
    expect(UntrustedRegexp.compile('^b$').test('a\nb\nc')).toBe(false);
    // m is not Ruby's dot-all: that is s.
    expect(UntrustedRegexp.compile('a.b', 'm').test('a\nb')).toBe(false);
    expect(UntrustedRegexp.compile('a.b', 's').test('a\nb')).toBe(true);
    // U swaps greedy and lazy.
    expect(UntrustedRegexp.compile('(a+)$', 'U').lastMatchLastGroup('aaa')).toBe('aaa');
    expect(UntrustedRegexp.compile('(a+)', 'U').lastMatchLastGroup('aaa')).toBe('a');
    expect(UntrustedRegexp.compile('x', 'ismU').toString()).toBe('/x/ismU');
  });

  it.each(['x', 'g', 'o', 'u', 'mx', 'I'])('refuses the flag %j', (flags) => {
    expect(() => UntrustedRegexp.compile('a', flags)).toThrow(UntrustedRegexpError);
  });

  it.each([
    ['(a)\\1', 'backreference'],
    ['a(?=b)', 'lookahead'],
    ['(?<!a)b', 'lookbehind'],
    ['(?>a)', 'atomic group'],
    ['a++', 'possessive'],
    ['\\h', 'Ruby hex digit'],
    ['\\Z', 'Ruby \\Z'],
    ['\\u0041', 'JavaScript \\u escape'],
    ['(', 'unbalanced'],
    ['[a', 'open class'],
    ['a{1001}', 'repeat over 1000'],
    ['x**', 'nested repetition'],
  ])('refuses %j (%s)', (source) => {
    expect(() => UntrustedRegexp.compile(source)).toThrow(UntrustedRegexpError);
  });

  it('accepts RE2 forms Ruby users write', () => {
    expect(UntrustedRegexp.compile('\\Aab\\z').test('ab')).toBe(true);
    expect(UntrustedRegexp.compile('(?<n>\\d+)%').lastMatchLastGroup('7%')).toBe('7');
    expect(UntrustedRegexp.compile('(?P<n>\\d+)%').lastMatchLastGroup('7%')).toBe('7');
    expect(UntrustedRegexp.compile('[[:digit:]]+').test('42')).toBe(true);
    expect(UntrustedRegexp.compile('\\pL').test('é')).toBe(true);
    expect(UntrustedRegexp.compile('\\x{41}').test('A')).toBe(true);
    expect(UntrustedRegexp.compile('\\/').test('a/b')).toBe(true);
  });

  it('refuses patterns past the length and program-size limits', () => {
    expect(() => UntrustedRegexp.compile('a'.repeat(REGEX_LIMITS.maxPatternLength + 1))).toThrow(/too long/);
    expect(() => UntrustedRegexp.compile('a'.repeat(REGEX_LIMITS.maxPatternLength))).toThrow(/too large/);
    expect(() => UntrustedRegexp.compile('(a{1000}){1000}')).toThrow(UntrustedRegexpError);
    expect(() => UntrustedRegexp.compile('(?:a{1000}b{1000})')).toThrow(/too large/);
    expect(UntrustedRegexp.compile('(.*a){100}').programSize).toBeLessThanOrEqual(
      REGEX_LIMITS.maxProgramSize,
    );
  });

  it('refuses one match over maxMatchUnits, and charges every match to the budget', () => {
    const re = UntrustedRegexp.compile('(.*a){100}');
    const limit = Math.floor(REGEX_LIMITS.maxMatchUnits / re.programSize);
    expect(() => re.test('a'.repeat(limit + 10))).toThrow(RegexBudgetError);
    const budget = new RegexBudget(re.unitsFor('abc') * 2);
    expect(re.test('abc', budget)).toBe(false);
    expect(budget.spent).toBe(re.unitsFor('abc'));
    expect(re.test('abc', budget)).toBe(false);
    expect(() => re.test('abc', budget)).toThrow(RegexBudgetError);
    expect(budget.spent).toBe(re.unitsFor('abc') * 2);
  });

  it('gives the last group of the last match, or the whole match without groups (scan.flatten.last)', () => {
    expect(UntrustedRegexp.compile('(\\d+)%').lastMatchLastGroup('1% 2% 3%')).toBe('3');
    expect(UntrustedRegexp.compile('\\d+%').lastMatchLastGroup('1% 2%')).toBe('2%');
    expect(UntrustedRegexp.compile('(a)|(b)').lastMatchLastGroup('ba')).toBeUndefined();
    expect(UntrustedRegexp.compile('x').lastMatchLastGroup('abc')).toBeNull();
  });
});

describe('compiling', () => {
  const nextTurn = () => new Promise((r) => setImmediate(r));
  const heavy = (i: number) => `${'[\\pL\\pN\\pP\\pS]'.repeat(200)}${i}`;

  it('caches compiled patterns and refusals', () => {
    const a = UntrustedRegexp.compile('cached-(\\d+)', 'i');
    expect(UntrustedRegexp.compile('cached-(\\d+)', 'i')).toBe(a);
    expect(UntrustedRegexp.compile('cached-(\\d+)')).not.toBe(a);
    expect(() => UntrustedRegexp.compile('cached-(')).toThrow(UntrustedRegexpError);
    expect(() => UntrustedRegexp.compile('cached-(')).toThrow(UntrustedRegexpError);
  });

  it('stops compiling new patterns once a turn spent compileMsPerTurn, and resumes on the next turn', async () => {
    await nextTurn();
    const started = performance.now();
    let refused = 0;
    for (let i = 0; i < 200; i++) {
      try {
        UntrustedRegexp.compile(heavy(i));
      } catch (err) {
        if (err instanceof RegexBudgetError && /at once/.test(err.message)) refused += 1;
        else throw err;
      }
    }
    expect(refused).toBeGreaterThan(0);
    // Unbounded, 200 such compilations take seconds; bounded, about compileMsPerTurn and one more.
    expect(performance.now() - started).toBeLessThan(REGEX_LIMITS.compileMsPerTurn + 1500);
    await nextTurn();
    expect(UntrustedRegexp.compile(heavy(10_000)).test('a1b2')).toBe(false);
    await nextTurn();
  });
});

describe('RubySyntax', () => {
  it('splits /re/flags at the last slash, flags [ismU] only', () => {
    expect(splitRubySyntax('/a/b/i')).toEqual({ source: 'a/b', flags: 'i' });
    expect(splitRubySyntax('//')).toEqual({ source: '', flags: '' });
    expect(splitRubySyntax('/a/x')).toBeNull();
    expect(splitRubySyntax('a/')).toBeNull();
    expect(splitRubySyntax('/')).toBeNull();
  });

  it('matches_syntax?, valid?, fabricate and fabricate! as GitLab', () => {
    expect(RubySyntax.matchesSyntax('/some ( thing/')).toBe(true);
    expect(RubySyntax.valid('/some ( thing/')).toBe(false);
    expect(RubySyntax.valid('/some .* thing/')).toBe(true);
    expect(RubySyntax.matchesSyntax(42)).toBe(false);
    expect(RubySyntax.fabricate('/^rel/i')!.test('RELEASE')).toBe(true);
    expect(RubySyntax.fabricate('release')).toBeNull();
    expect(RubySyntax.fabricate('/a/x')).toBeNull();
    expect(() => RubySyntax.fabricateOrThrow(null)).toThrow('Pattern is not string!');
    expect(() => RubySyntax.fabricateOrThrow('nope')).toThrow('Invalid regular expression!');
  });
});

describe('quoteMeta', () => {
  it('quotes every RE2 metacharacter so the text matches itself only', () => {
    const text = 'a.b*c+d?e(f)g|h[i]j{k}l^m$n\\o/p-q';
    const re = UntrustedRegexp.compile(`^${quoteMeta(text)}$`);
    expect(re.test(text)).toBe(true);
    expect(re.test(text.replace('.', 'x'))).toBe(false);
  });
});
