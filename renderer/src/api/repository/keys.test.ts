import { describe, expect, it } from 'vitest';
import { profileKeys } from '../profiles/keys.js';
import { repositoryKeys } from './keys.js';

const branchFilters = { search: '', page: 1, perPage: 20 };

describe('repositoryKeys', () => {
  it('scopes every key to the profile and the project', () => {
    const keys = [
      repositoryKeys.tree('p1', 5, 'main', 'src'),
      repositoryKeys.file('p1', 5, 'main', 'a.ts'),
      repositoryKeys.blame('p1', 5, 'main', 'a.ts'),
      repositoryKeys.raw('p1', 5, 'main', 'a.ts'),
      repositoryKeys.commitList('p1', 5, 'main', { path: '', author: '', search: '' }),
      repositoryKeys.commitDiff('p1', 5, 'abc'),
      repositoryKeys.commitRefs('p1', 5, 'abc'),
      repositoryKeys.commitMergeRequests('p1', 5, 'abc'),
      repositoryKeys.lastCommit('p1', 5, 'main', 'src'),
      repositoryKeys.commit('p1', 5, 'abc'),
      repositoryKeys.branchList('p1', 5, branchFilters),
      repositoryKeys.branch('p1', 5, 'main'),
      repositoryKeys.tagList('p1', 5, { ...branchFilters, orderBy: 'name', sort: 'asc' }),
      repositoryKeys.protectedBranchList('p1', 5),
    ];
    for (const key of keys) {
      expect(key.slice(0, 2)).toEqual(profileKeys.scope('p1'));
      expect(key.slice(0, 4)).toEqual(repositoryKeys.all('p1', 5));
    }
  });

  it('nests details under the prefixes a file edit invalidates', () => {
    const under = (key: readonly unknown[], prefix: readonly unknown[]) =>
      expect(key.slice(0, prefix.length)).toEqual(prefix);
    under(repositoryKeys.tree('p1', 5, 'main', ''), repositoryKeys.trees('p1', 5));
    under(repositoryKeys.file('p1', 5, 'main', 'a'), repositoryKeys.files('p1', 5));
    under(repositoryKeys.blame('p1', 5, 'main', 'a'), repositoryKeys.blames('p1', 5));
    under(repositoryKeys.commit('p1', 5, 'main'), repositoryKeys.commits('p1', 5));
    under(repositoryKeys.branch('p1', 5, 'main'), repositoryKeys.branches('p1', 5));
    expect(repositoryKeys.all('p1', 5)).not.toEqual(repositoryKeys.all('p1', 6));
  });
});
