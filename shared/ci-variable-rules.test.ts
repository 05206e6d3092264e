import { describe, expect, it } from 'vitest';
import {
  checkMaskable,
  checkVariableKey,
  checkVariableValue,
  KEY_FORMAT_MESSAGE,
  MASKABLE_PATTERN,
  VALUE_TOO_LONG_MESSAGE,
  isMaskable,
  keyProblems,
  limitExceeded,
  limitExceededMessage,
  valueProblems,
} from './ci-variable-rules.js';

describe('keyProblems (key rule)', () => {
  it('accepts letters, digits and underscores up to 255 characters', () => {
    expect(keyProblems('DEPLOY_TOKEN_2')).toEqual([]);
    expect(keyProblems('_x')).toEqual([]);
    expect(keyProblems('K'.repeat(255))).toEqual([]);
  });
  it('refuses long keys, other characters and blanks in GitLab words', () => {
    expect(keyProblems('K'.repeat(256))).toEqual(['is too long (maximum is 255 characters)']);
    expect(keyProblems('MY-KEY')).toEqual([KEY_FORMAT_MESSAGE]);
    expect(keyProblems('MY KEY')).toEqual([KEY_FORMAT_MESSAGE]);
    expect(keyProblems('KÉY')).toEqual([KEY_FORMAT_MESSAGE]);
    expect(keyProblems('-'.repeat(256))).toEqual([
      'is too long (maximum is 255 characters)',
      KEY_FORMAT_MESSAGE,
    ]);
    expect(keyProblems('')).toEqual(["can't be blank", KEY_FORMAT_MESSAGE]);
    expect(KEY_FORMAT_MESSAGE).toBe("can contain only letters, digits and '_'.");
  });
});

describe('isMaskable (masking rule)', () => {
  it('accepts 8+ characters of the Base64 alphabet plus @ : . ~', () => {
    for (const v of ['abcdefgh', 'A1b2C3d4', 'dGVzdA==+/_-', 'user@host:8080', 'a.b~c-d_e', '12345678']) {
      expect(isMaskable(v)).toBe(true);
    }
  });
  it('refuses 7 characters, newlines, spaces and other characters', () => {
    expect(isMaskable('abcdefg')).toBe(false);
    expect(isMaskable('abcdefgh\nijkl')).toBe(false);
    expect(isMaskable('abcdefgh\n')).toBe(false);
    expect(isMaskable('abcd efgh')).toBe(false);
    expect(isMaskable('abcdefgh!')).toBe(false);
    expect(isMaskable('abcdefgh$')).toBe(false);
    expect(isMaskable('päßwörter')).toBe(false);
  });
});

describe('valueProblems', () => {
  it('checks masking only when masked', () => {
    expect(valueProblems('short', false)).toEqual([]);
    expect(valueProblems('short', true)).toEqual(['is invalid']);
  });
  it('limits values to 10,000 characters (code points)', () => {
    expect(valueProblems('x'.repeat(10_000), false)).toEqual([]);
    expect(valueProblems('x'.repeat(10_001), false)).toEqual([VALUE_TOO_LONG_MESSAGE]);
    expect(valueProblems('😀'.repeat(10_000), false)).toEqual([]);
    expect(VALUE_TOO_LONG_MESSAGE).toBe(
      'The value of the provided variable exceeds the 10000 character limit',
    );
  });
});

describe('variable count limit', () => {
  it('is exceeded at the limit, and 0 means no limit', () => {
    expect(limitExceeded(24, 25)).toBe(false);
    expect(limitExceeded(25, 25)).toBe(true);
    expect(limitExceeded(1000, 0)).toBe(false);
    expect(limitExceededMessage(25)).toBe('Maximum number of ci instance level variables (25) exceeded');
  });
});

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

  it('counts characters as the core does (code points), so the form and the instance agree', () => {
    const emoji = '😀'.repeat(10_000);
    expect(checkVariableValue(emoji)).toBeNull();
    expect(valueProblems(emoji, false)).toEqual([]);
    expect(checkVariableValue(emoji + 'x')).toBe(
      'Values can have at most 10,000 characters (this one has 10,001).',
    );
    expect(valueProblems(emoji + 'x', false)).toEqual([VALUE_TOO_LONG_MESSAGE]);
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

  it('agrees with GitLab’s regular expression and with the core’s isMaskable', () => {
    for (const value of ['', 'abcdefg', 'abcdefgh', 'abc defgh', 'ä'.repeat(9), 'x'.repeat(8) + '\n']) {
      expect(checkMaskable(value).maskable).toBe(MASKABLE_PATTERN.test(value));
      expect(checkMaskable(value).maskable).toBe(isMaskable(value));
      expect(checkMaskable(value).message === null).toBe(MASKABLE_PATTERN.test(value));
    }
  });
});
