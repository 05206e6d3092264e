import { describe, expect, it } from 'vitest';
import { fileDiffFromRaw, nextDiffPages, type DiffBatch } from './diff-pages.js';

const batch = (over: Partial<DiffBatch>): DiffBatch => ({
  files: [],
  pages: 1,
  total: 1000,
  totalPages: 10,
  nextPage: 2,
  ...over,
});

describe('nextDiffPages (GET …/diffs batches)', () => {
  it('reads up to three pages at once, never past X-Total-Pages', () => {
    expect(nextDiffPages(batch({}))).toEqual({ first: 2, last: 4 });
    expect(nextDiffPages(batch({ nextPage: 9 }))).toEqual({ first: 9, last: 10 });
    expect(nextDiffPages(batch({ nextPage: null }))).toBeUndefined();
  });

  it('one page at a time when the instance sends no total (X-Next-Page only)', () => {
    expect(nextDiffPages(batch({ total: null, totalPages: null, nextPage: 5 }))).toEqual({
      first: 5,
      last: 5,
    });
  });
});

describe('fileDiffFromRaw (a too-large file out of …/raw_diffs)', () => {
  const raw = [
    'diff --git a/a.txt b/a.txt',
    'index 1111111..2222222 100644',
    '--- a/a.txt',
    '+++ b/a.txt',
    '@@ -1 +1 @@',
    '-a',
    '+b',
    'diff --git a/old/big.sql b/db/big.sql',
    'similarity index 90%',
    'rename from old/big.sql',
    'rename to db/big.sql',
    '@@ -1,2 +1,2 @@',
    ' keep',
    '-x',
    '+y',
    'diff --git a/logo.png b/logo.png',
    'Binary files a/logo.png and b/logo.png differ',
    '',
  ].join('\n');

  it('cuts the file’s hunks by its new path, from the first @@', () => {
    expect(fileDiffFromRaw(raw, 'db/big.sql')).toBe('@@ -1,2 +1,2 @@\n keep\n-x\n+y\n');
    expect(fileDiffFromRaw(raw, 'a.txt')).toBe('@@ -1 +1 @@\n-a\n+b\n');
  });

  it('null for a binary file or a path the diff does not hold', () => {
    expect(fileDiffFromRaw(raw, 'logo.png')).toBeNull();
    expect(fileDiffFromRaw(raw, 'missing.txt')).toBeNull();
  });
});
