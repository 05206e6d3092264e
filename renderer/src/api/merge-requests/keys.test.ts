import { describe, expect, it } from 'vitest';
import { mergeRequestKeys } from './keys.js';

describe('mergeRequestKeys', () => {
  it('nests every key under the profile and the one above it', () => {
    const list = mergeRequestKeys.list('p1', 7, { state: 'opened', page: 2 });
    expect(list.slice(0, mergeRequestKeys.lists('p1', 7).length)).toEqual(mergeRequestKeys.lists('p1', 7));
    expect(mergeRequestKeys.all('p1').slice(0, 2)).toEqual(['profile', 'p1']);
    const discussions = mergeRequestKeys.discussions('p1', 7, 3);
    expect(discussions.slice(0, mergeRequestKeys.detail('p1', 7, 3).length)).toEqual(
      mergeRequestKeys.detail('p1', 7, 3),
    );
  });

  it('nests commit pages under the merge request, so a mutation of it refreshes every page', () => {
    const page = mergeRequestKeys.commitPage('p1', 7, 3, 4, 100);
    expect(page.slice(0, mergeRequestKeys.commits('p1', 7, 3).length)).toEqual(
      mergeRequestKeys.commits('p1', 7, 3),
    );
    expect(page.slice(0, mergeRequestKeys.detail('p1', 7, 3).length)).toEqual(
      mergeRequestKeys.detail('p1', 7, 3),
    );
    expect(page).not.toEqual(mergeRequestKeys.commitPage('p1', 7, 3, 3, 100));
  });

  it('keeps the filters, page included, in the list key', () => {
    expect(mergeRequestKeys.list('p1', 'mine', { scope: 'assigned_to_me', page: 1 })).toEqual([
      'profile',
      'p1',
      'merge-requests',
      'mine',
      'list',
      { scope: 'assigned_to_me', page: 1 },
    ]);
  });
});
