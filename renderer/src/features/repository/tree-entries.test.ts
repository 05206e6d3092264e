import { describe, expect, it } from 'vitest';
import type { TreeEntry } from '../../api/repository/types.js';
import { filterTreeEntries, sortTreeEntries } from './tree-entries.js';

const entry = (name: string, type: TreeEntry['type']): TreeEntry => ({
  id: name,
  name,
  type,
  path: name,
  mode: type === 'tree' ? '040000' : '100644',
});

describe('tree entries', () => {
  it('puts folders first, then submodules, then files, in natural order', () => {
    const sorted = sortTreeEntries([
      entry('b.ts', 'blob'),
      entry('src', 'tree'),
      entry('file10.txt', 'blob'),
      entry('vendor', 'commit'),
      entry('A.md', 'blob'),
      entry('docs', 'tree'),
      entry('file2.txt', 'blob'),
    ]);
    expect(sorted.map((item) => item.name)).toEqual([
      'docs',
      'src',
      'vendor',
      'A.md',
      'b.ts',
      'file2.txt',
      'file10.txt',
    ]);
  });

  it('filters by name, ignoring case', () => {
    const entries = [entry('README.md', 'blob'), entry('renderer', 'tree'), entry('package.json', 'blob')];
    expect(filterTreeEntries(entries, 'RE').map((item) => item.name)).toEqual(['README.md', 'renderer']);
    expect(filterTreeEntries(entries, ' ')).toHaveLength(3);
  });
});
