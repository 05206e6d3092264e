import { describe, expect, it } from 'vitest';
import { parseNumstat } from './commit-stats.js';

describe('parseNumstat', () => {
  it('sums additions and deletions, counting binary files as zero and skipping the commit line', () => {
    const out = ['c'.repeat(40), '3\t1\tREADME.md', '-\t-\timage.png', '0\t7\tgone.txt', ''].join('\n');
    expect(parseNumstat(out)).toEqual({ additions: 3, deletions: 8, total: 11 });
    expect(parseNumstat('')).toEqual({ additions: 0, deletions: 0, total: 0 });
  });
});
