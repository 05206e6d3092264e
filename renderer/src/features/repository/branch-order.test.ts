import { describe, expect, it } from 'vitest';
import { pinDefaultBranch } from './branch-order.js';

const b = (name: string) => ({ name });

describe('pinDefaultBranch', () => {
  it('puts the default branch first on page 1, taken out of its place by name', () => {
    const page = [b('alpha'), b('beta'), b('main'), b('zeta')];
    expect(pinDefaultBranch(page, 'main', b('main'), { page: 1, search: '' }).map((x) => x.name)).toEqual([
      'main',
      'alpha',
      'beta',
      'zeta',
    ]);
  });

  it('pins it on page 1 even when its name sorts onto a later page, and drops it there', () => {
    expect(
      pinDefaultBranch([b('a'), b('b')], 'trunk', b('trunk'), { page: 1, search: '' }).map((x) => x.name),
    ).toEqual(['trunk', 'a', 'b']);
    expect(
      pinDefaultBranch([b('t'), b('trunk'), b('u')], 'trunk', b('trunk'), { page: 3, search: '' }).map(
        (x) => x.name,
      ),
    ).toEqual(['t', 'u']);
  });

  it('with a search, lifts a matching default branch to the top and adds none that did not match', () => {
    expect(
      pinDefaultBranch([b('fix-main'), b('main')], 'main', b('main'), { page: 1, search: 'main' }).map(
        (x) => x.name,
      ),
    ).toEqual(['main', 'fix-main']);
    expect(
      pinDefaultBranch([b('feature')], 'main', b('main'), { page: 1, search: 'feat' }).map((x) => x.name),
    ).toEqual(['feature']);
  });

  it('keeps the order while the default branch is not known yet or the repository has none', () => {
    expect(
      pinDefaultBranch([b('b'), b('main')], 'main', undefined, { page: 1, search: '' }).map((x) => x.name),
    ).toEqual(['b']);
    expect(
      pinDefaultBranch([b('b'), b('a')], '', undefined, { page: 1, search: '' }).map((x) => x.name),
    ).toEqual(['b', 'a']);
  });
});
