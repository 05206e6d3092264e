import { describe, expect, it } from 'vitest';
import { emptyTreeFor } from './commit-diff.js';
import { parseContainingRefs } from './commit-refs.js';

describe('parseContainingRefs', () => {
  it('splits for-each-ref output into branch and tag names, keeping slashes and order', () => {
    const out = 'refs/heads/feature/x\nrefs/heads/main\nrefs/tags/v1.0\nrefs/tags/release/2\n';
    expect(parseContainingRefs(out)).toEqual({
      branches: ['feature/x', 'main'],
      tags: ['v1.0', 'release/2'],
    });
  });

  it('answers empty lists for no output and ignores other refs', () => {
    expect(parseContainingRefs('')).toEqual({ branches: [], tags: [] });
    expect(parseContainingRefs('refs/remotes/origin/main\n')).toEqual({ branches: [], tags: [] });
  });
});

describe('emptyTreeFor', () => {
  it("names the empty tree in the commit id's object format", () => {
    expect(emptyTreeFor('a'.repeat(40))).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904');
    expect(emptyTreeFor('a'.repeat(64))).toBe(
      '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321',
    );
  });
});
