import { describe, expect, it } from 'vitest';
import {
  KEY_FORMAT_MESSAGE,
  VALUE_TOO_LONG_MESSAGE,
  isMaskable,
  keyProblems,
  limitExceeded,
  limitExceededMessage,
  valueProblems,
} from './variable-rules.js';

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
