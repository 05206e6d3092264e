import { describe, expect, it } from 'vitest';
import { checkMaskable, checkVariableKey, checkVariableValue, MASKABLE_PATTERN } from './variable-rules.js';

describe('checkVariableKey', () => {
  it('accepts letters, digits and underscores up to 255 characters', () => {
    expect(checkVariableKey('DEPLOY_TOKEN_2')).toBeNull();
    expect(checkVariableKey('a'.repeat(255))).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(checkVariableKey('')).toBe('Enter a key.');
    expect(checkVariableKey('a'.repeat(256))).toBe(
      'Keys can have at most 255 characters (this one has 256).',
    );
    expect(checkVariableKey('MY-KEY')).toBe('Keys can contain only letters, digits and _ (not “-”).');
    expect(checkVariableKey('MY KEY.x')).toBe(
      'Keys can contain only letters, digits and _ (not spaces or “.”).',
    );
    expect(checkVariableKey('TOKEN', ['OTHER', 'TOKEN'])).toBe(
      'A variable with the key TOKEN already exists.',
    );
  });
});

describe('checkVariableValue', () => {
  it('limits values to 10,000 characters', () => {
    expect(checkVariableValue('x'.repeat(10_000))).toBeNull();
    expect(checkVariableValue('x'.repeat(10_001))).toBe(
      'Values can have at most 10,000 characters (this one has 10,001).',
    );
  });
});

describe('checkMaskable', () => {
  it('accepts what GitLab can mask', () => {
    for (const value of ['abcdefgh', 'glpat-AbC_123+/=@:.~', 'a'.repeat(200)]) {
      const result = checkMaskable(value);
      expect(result.maskable).toBe(true);
      expect(result.message).toBeNull();
      expect(result.checks.every((check) => check.passed)).toBe(true);
    }
  });

  it('says the value is too short', () => {
    const result = checkMaskable('short');
    expect(result.maskable).toBe(false);
    expect(result.message).toBe('A masked value needs at least 8 characters (this one has 5).');
    expect(result.checks.find((check) => check.rule === 'length')?.passed).toBe(false);
  });

  it('says the value spans lines', () => {
    expect(checkMaskable('abcdefgh\nijklmnop').message).toBe('A masked value must be a single line.');
  });

  it('names the characters that cannot be masked', () => {
    expect(checkMaskable('pass word!').message).toBe(
      'A masked value can contain only letters, digits and _ + = / @ : . ~ - (not spaces or “!”).',
    );
    expect(checkMaskable('a$b%c&d*e(f)').message).toBe(
      'A masked value can contain only letters, digits and _ + = / @ : . ~ - (not “$”, “%”, “&”, “*”, “(” and 1 more).',
    );
  });

  it('reports every failing rule together', () => {
    const result = checkMaskable('a b\nc');
    expect(result.checks.filter((check) => !check.passed).map((check) => check.rule)).toEqual([
      'length',
      'single-line',
      'alphabet',
    ]);
  });

  it('agrees with GitLab’s regular expression', () => {
    for (const value of ['', 'abcdefg', 'abcdefgh', 'abc defgh', 'ä'.repeat(9), 'x'.repeat(8) + '\n']) {
      expect(checkMaskable(value).maskable).toBe(MASKABLE_PATTERN.test(value));
      expect(checkMaskable(value).message === null).toBe(MASKABLE_PATTERN.test(value));
    }
  });
});
