import { parse } from 'dotenv';
import { describe, expect, it } from 'vitest';
import type { CiVariable } from '../../../api/admin/ci-variables/types.js';
import { findUnreadableDotenvLines, formatDotenv, formatDotenvLine, parseDotenv } from './dotenv-format.js';

const variable = (key: string, value: string, extra: Partial<CiVariable> = {}): CiVariable => ({
  key,
  value,
  variable_type: 'env_var',
  protected: false,
  masked: false,
  ...extra,
});

describe('parseDotenv', () => {
  it('reads the usual .env shapes in file order', () => {
    const text = [
      '# database',
      'DB_HOST=localhost',
      'export DB_PORT=5432',
      "GREETING='hello world'",
      'MULTI="line one\\nline two"',
      'EMPTY=',
      'TRAILING=value # comment',
      'not a line',
      'DB_HOST=db.internal',
    ].join('\n');
    expect(parseDotenv(text)).toEqual([
      { key: 'DB_HOST', value: 'db.internal' },
      { key: 'DB_PORT', value: '5432' },
      { key: 'GREETING', value: 'hello world' },
      { key: 'MULTI', value: 'line one\nline two' },
      { key: 'EMPTY', value: '' },
      { key: 'TRAILING', value: 'value' },
    ]);
  });

  it('reads every sample exactly as dotenv’s own parse does', () => {
    const samples = [
      'A=1\nB = two \nexport C=three',
      'Q1=\'single # not a comment\'\nQ2="double\\nnewline"\nQ3=`back\'tick"`',
      "MULTI='line one\nline two'\nNEXT=after",
      'COLON: yaml-ish\nSPACED   =   padded value   # trailing',
      'EQ=a=b=c\nEMPTY=\nEMPTY2=""\n# only a comment\n=novalue\n  indented=yes',
      'URL=https://example.com/path?x=1#frag\nDOTS.AND-DASH=ok',
      'ESC="say \\"hi\\""\nCR="a\\rb"',
      'DUP=first\nOTHER=x\nDUP=second',
      '\uFEFFBOM=value\r\nWIN=crlf\r\n',
    ];
    for (const sample of samples) {
      const ours = Object.fromEntries(parseDotenv(sample).map(({ key, value }) => [key, value]));
      expect(ours, JSON.stringify(sample)).toEqual(parse(sample));
    }
  });

  it('agrees with dotenv on random lines built from tricky characters', () => {
    const pieces = [
      'A',
      'b_1',
      '=',
      ' ',
      "'",
      '"',
      '`',
      '#',
      '\n',
      '\\n',
      'x',
      ':',
      'export ',
      '\r\n',
      '-',
      '.',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 500; round += 1) {
      const length = 1 + Math.floor(random() * 24);
      const sample = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const ours = Object.fromEntries(parseDotenv(sample).map(({ key, value }) => [key, value]));
      expect(ours, JSON.stringify(sample)).toEqual(parse(sample));
    }
  });

  it('handles Windows line endings', () => {
    expect(parseDotenv('A=1\r\nB=2\r\n')).toEqual([
      { key: 'A', value: '1' },
      { key: 'B', value: '2' },
    ]);
  });
});

describe('formatDotenvLine', () => {
  const samples = [
    'plain',
    'glpat-AbC_123+/=@:.~',
    'with spaces',
    'has # hash',
    "it's",
    'say "hi"',
    'line one\nline two',
    "it's\nmulti",
    '  padded  ',
    'dollar $HOME',
    "both ' and `",
    'back\\slash',
    '',
  ];

  it('writes values dotenv reads back unchanged', () => {
    for (const value of samples) {
      const line = formatDotenvLine('KEY', value);
      expect(line, value).not.toBeNull();
      expect(parse(line ?? '').KEY, JSON.stringify(value)).toBe(value);
    }
  });

  it('refuses values no quoting can carry', () => {
    expect(formatDotenvLine('KEY', 'a\'b`c"d\ne')).toBeNull();
  });
});

describe('formatDotenv', () => {
  it('writes a header, flags as comments, and round-trips through parseDotenv', () => {
    const variables = [
      variable('API_URL', 'https://example.com'),
      variable('TOKEN', 'glpat-12345678', { protected: true, masked: true }),
      variable('CONFIG', 'a: 1\nb: 2', { variable_type: 'file' }),
    ];
    const { text, skipped } = formatDotenv(variables, ['Exported from Local instance']);
    expect(skipped).toEqual([]);
    expect(text).toContain('# Exported from Local instance\n\n');
    expect(text).toContain('# protected, masked\nTOKEN=glpat-12345678\n');
    expect(text).toContain("# file\nCONFIG='a: 1\nb: 2'\n");
    expect(parseDotenv(text)).toEqual(variables.map(({ key, value }) => ({ key, value })));
  });

  it('lists what it could not export', () => {
    const { text, skipped } = formatDotenv([variable('ODD', 'a\'b`c"d\ne'), variable('OK', 'fine')]);
    expect(skipped).toEqual(['ODD']);
    expect(text).toContain('# Not exported (no .env quoting can carry their values): ODD');
    expect(parseDotenv(text)).toEqual([{ key: 'OK', value: 'fine' }]);
  });
});

describe('findUnreadableDotenvLines', () => {
  it('names every line dotenv skips, with its number and why; comments, blanks and multi-line values are read', () => {
    const text = [
      '# deploy settings', // 1
      'GOOD=1', // 2
      'BAD KEY=nope', // 3
      '', // 4
      'MULTI="first', // 5
      'second"', // 6
      '=orphan', // 7
      'just words', // 8
      'export EXPORTED=yes', // 9
    ].join('\n');
    // The same lines dotenv's own parser reads (the entries), and the rest reported.
    expect(Object.keys(parse(text))).toEqual(['GOOD', 'MULTI', 'EXPORTED']);
    expect(findUnreadableDotenvLines(text)).toEqual([
      {
        line: 3,
        text: 'BAD KEY=nope',
        reason: '“BAD KEY” is not a key: keys are letters, digits and _ (no spaces or quotes).',
      },
      { line: 7, text: '=orphan', reason: 'The line has a value but no key.' },
      { line: 8, text: 'just words', reason: 'The line is not KEY=value.' },
    ]);
  });

  it('finds nothing in a clean file with Windows line ends', () => {
    expect(findUnreadableDotenvLines('A=1\r\n# note\r\nB="x"\r\n')).toEqual([]);
  });
});
