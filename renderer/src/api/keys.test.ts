import { describe, expect, it } from 'vitest';
import { namespaceKeys } from './namespaces/keys.js';
import { profileKeys } from './profiles/keys.js';
import { projectKeys, type ProjectListFilters } from './projects/keys.js';
import { userKeys } from './users/keys.js';

const filters: ProjectListFilters = { search: 'x', page: 2, perPage: 20, orderBy: 'name', sort: 'asc' };

describe('query keys', () => {
  it('scope every instance key to its profile', () => {
    const keys = [
      projectKeys.all('p1'),
      projectKeys.lists('p1'),
      projectKeys.list('p1', filters),
      projectKeys.detail('p1', 7),
      userKeys.current('p1'),
      namespaceKeys.list('p1'),
    ];
    for (const key of keys) expect(key.slice(0, 2)).toEqual(profileKeys.scope('p1'));
  });

  it('build each level on the one above, so prefixes invalidate', () => {
    expect(projectKeys.list('p1', filters).slice(0, projectKeys.lists('p1').length)).toEqual(
      projectKeys.lists('p1'),
    );
    expect(projectKeys.lists('p1').slice(0, projectKeys.all('p1').length)).toEqual(projectKeys.all('p1'));
    expect(projectKeys.detail('p1', 7)).toEqual(['profile', 'p1', 'projects', 'detail', 7]);
    expect(projectKeys.list('p1', filters)).not.toEqual(projectKeys.list('p2', filters));
  });
});
