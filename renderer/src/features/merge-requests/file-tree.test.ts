import { describe, expect, it } from 'vitest';
import { buildFileTree, treeOrder, treeRows } from './file-tree.js';

const paths = ['src/b/two.ts', 'README.md', 'src/a/one.ts', 'src/a/deep/er/three.ts', 'src/b/four.ts'];

describe('file tree', () => {
  it('groups paths into sorted folders, files in diff order, single-child folders merged', () => {
    const rows = treeRows(buildFileTree(paths), new Set());
    expect(
      rows.map((row) => `${'  '.repeat(row.depth)}${row.kind === 'folder' ? `${row.name}/` : row.name}`),
    ).toEqual([
      'src/',
      '  a/',
      '    deep/er/',
      '      three.ts',
      '    one.ts',
      '  b/',
      '    two.ts',
      '    four.ts',
      'README.md',
    ]);
    const file = rows.find((row) => row.kind === 'file' && row.name === 'four.ts');
    expect(file).toMatchObject({ path: 'src/b/four.ts', index: 4 });
  });

  it('hides the contents of a closed folder', () => {
    const rows = treeRows(buildFileTree(paths), new Set(['src/a']));
    expect(rows.map((row) => row.name)).toEqual(['src', 'a', 'b', 'two.ts', 'four.ts', 'README.md']);
    expect(rows[1]).toMatchObject({ kind: 'folder', open: false });
  });

  it('gives the diff order that matches the tree (issue 30, defect 6): folders first, as the rows', () => {
    const order = treeOrder(paths);
    expect(order.map((index) => paths[index])).toEqual([
      'src/a/deep/er/three.ts',
      'src/a/one.ts',
      'src/b/two.ts',
      'src/b/four.ts',
      'README.md',
    ]);
    // Listing the diffs in that order, the tree's file rows run 0, 1, 2, …
    const sorted = order.map((index) => paths[index]!);
    const rows = treeRows(buildFileTree(sorted), new Set()).flatMap((row) =>
      row.kind === 'file' ? [row.index] : [],
    );
    expect(rows).toEqual([0, 1, 2, 3, 4]);
  });
});
