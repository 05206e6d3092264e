import { describe, expect, it } from 'vitest';
import type { TreeEntry } from '../../git/blobs.js';
import { normalizeTreePath, sortTreeEntries } from './list-tree.js';

describe('normalizeTreePath', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['/', ''],
    ['docs', 'docs'],
    ['docs/', 'docs'],
    ['/docs/api/', 'docs/api'],
    ['..', null],
    ['a/../b', null],
    ['a//b', null],
    ['./a', null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeTreePath(raw)).toBe(expected);
  });
});

describe('sortTreeEntries', () => {
  it('puts directories first and keeps git order within each group', () => {
    const e = (p: string, type: TreeEntry['type']): TreeEntry => ({
      mode: '',
      type,
      id: '',
      size: null,
      path: p,
    });
    const sorted = sortTreeEntries([
      e('README.md', 'blob'),
      e('bin', 'tree'),
      e('lib', 'commit'),
      e('src', 'tree'),
    ]);
    expect(sorted.map((x) => x.path)).toEqual(['bin', 'src', 'README.md', 'lib']);
  });
});
