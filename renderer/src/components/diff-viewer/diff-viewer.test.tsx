import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils/render.js';
import { DiffStat } from './diff-stat.js';
import { DiffViewTypeControl, type DiffViewType } from './diff-view-type-control.js';
import { diffTotals, isDiffFileOpen, listDiffFiles } from './listed-diff-files.js';

const change = (path: string, diff: string, too_large?: boolean) => ({
  old_path: path,
  new_path: path,
  diff,
  ...(too_large === undefined ? {} : { too_large }),
});

describe('listDiffFiles', () => {
  it('counts each file’s +/− lines and newlines and gives GitLab’s first display', () => {
    const files = listDiffFiles([
      change('a.ts', '@@ -1,2 +1,3 @@\n a\n-b\n+c\n+d\n'),
      change('big.bin', '', true),
      change('empty.txt', ''),
    ]);
    expect(files.map(({ change: c, ...rest }) => ({ path: c.new_path, ...rest }))).toEqual([
      { path: 'a.ts', additions: 2, deletions: 1, display: 'expanded', lines: 5 },
      { path: 'big.bin', additions: 0, deletions: 0, display: 'too_large', lines: 0 },
      { path: 'empty.txt', additions: 0, deletions: 0, display: 'expanded', lines: 0 },
    ]);
    expect(diffTotals(files)).toEqual({ additions: 2, deletions: 1 });
  });

  it('opens expanded files unless viewed; a manual toggle wins; too large never opens', () => {
    const [expanded, tooLarge] = listDiffFiles([change('a', '+x'), change('b', '', true)]);
    expect(isDiffFileOpen(expanded!, undefined)).toBe(true);
    expect(isDiffFileOpen(expanded!, undefined, true)).toBe(false);
    expect(isDiffFileOpen(expanded!, true, true)).toBe(true);
    expect(isDiffFileOpen(expanded!, false)).toBe(false);
    expect(isDiffFileOpen(tooLarge!, true)).toBe(false);
  });
});

function Switch() {
  const [value, setValue] = useState<DiffViewType>('unified');
  return (
    <>
      <DiffViewTypeControl value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('diff viewer pieces', () => {
  it('DiffViewTypeControl switches between Unified and Side by side', () => {
    renderWithProviders(<Switch />);
    fireEvent.click(screen.getByLabelText('Side by side'));
    expect(screen.getByTestId('value').textContent).toBe('split');
    fireEvent.click(screen.getByLabelText('Unified'));
    expect(screen.getByTestId('value').textContent).toBe('unified');
  });

  it('DiffStat shows +added and −deleted', () => {
    renderWithProviders(
      <p data-testid="stat">
        <DiffStat additions={12} deletions={3} />
      </p>,
    );
    expect(screen.getByTestId('stat').textContent).toBe('+12 −3');
  });
});
