import { describe, expect, it } from 'vitest';
import { countChangedLines, fileDisplays } from './diff-limits.js';

const lines = (n: number, prefix = '+', width = 10) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padEnd(width, 'x')}`).join('\n');

describe('countChangedLines', () => {
  it('counts + and − lines of the hunks, not context or headers', () => {
    expect(countChangedLines('@@ -1,2 +1,3 @@\n a\n-b\n+c\n+d\n\\ No newline at end of file')).toEqual({
      additions: 2,
      deletions: 1,
    });
    expect(countChangedLines('')).toEqual({ additions: 0, deletions: 0 });
  });
});

describe('fileDisplays (GitLab diff limits)', () => {
  it('collapses a file at 10% of the patch size, says too large above it', () => {
    const small = { diff: `@@ -0,0 +1,3 @@\n${lines(3)}` };
    const big = { diff: `@@ -0,0 +1,2000 @@\n${lines(2000)}` }; // ≈ 24 KB ≥ 20 KiB
    const huge = { diff: `@@ -0,0 +1,20000 @@\n${lines(20000)}` }; // ≈ 240 KB > 200 KiB
    expect(fileDisplays([small, big, huge, { diff: '', too_large: true }])).toEqual([
      'expanded',
      'collapsed',
      'too_large',
      'too_large',
    ]);
  });

  it('measures bytes, not characters', () => {
    const wide = { diff: `@@ -0,0 +1,1 @@\n+${'é'.repeat(600)}` }; // 601 chars, 1,201 bytes
    expect(fileDisplays([wide], { maxPatchBytes: 10_000, maxFiles: 1000, maxLines: 50_000 })).toEqual([
      'collapsed',
    ]);
  });

  it('collapses every file after the first 10% of the file and line limits', () => {
    const file = { diff: `@@ -0,0 +1,3 @@\n${lines(3)}` };
    const byFiles = fileDisplays(
      Array.from({ length: 5 }, () => file),
      {
        maxPatchBytes: 204_800,
        maxFiles: 30,
        maxLines: 50_000,
      },
    );
    expect(byFiles).toEqual(['expanded', 'expanded', 'expanded', 'collapsed', 'collapsed']);
    const byLines = fileDisplays(
      Array.from({ length: 4 }, () => file),
      {
        maxPatchBytes: 204_800,
        maxFiles: 1000,
        maxLines: 50,
      },
    );
    expect(byLines).toEqual(['expanded', 'expanded', 'collapsed', 'collapsed']);
  });
});
