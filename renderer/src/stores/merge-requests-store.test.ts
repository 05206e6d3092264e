import { beforeEach, describe, expect, it } from 'vitest';
import { MERGE_REQUESTS_STORAGE_KEY, useMergeRequestsStore, withSavedView } from './merge-requests-store.js';

describe('withSavedView', () => {
  it('adds, trims and drops the page', () => {
    expect(withSavedView([], { name: '  Mine ', query: 'author=root&page=3' })).toEqual([
      { name: 'Mine', query: 'author=root' },
    ]);
  });

  it('replaces a view of the same name, case-insensitively, in place', () => {
    const views = [
      { name: 'Mine', query: 'author=root' },
      { name: 'Bugs', query: 'labels=bug' },
    ];
    expect(withSavedView(views, { name: 'mine', query: 'state=merged' })).toEqual([
      { name: 'mine', query: 'state=merged' },
      { name: 'Bugs', query: 'labels=bug' },
    ]);
  });

  it('ignores blank names', () => {
    expect(withSavedView([], { name: '  ', query: 'a=1' })).toEqual([]);
  });
});

describe('merge requests store', () => {
  beforeEach(() => {
    localStorage.clear();
    useMergeRequestsStore.setState({ viewsByProfile: {} });
  });

  it('keeps views per profile and persists them', () => {
    const { viewSaved, viewDeleted } = useMergeRequestsStore.getState();
    viewSaved('p1', { name: 'Drafts', query: 'wip=yes' });
    viewSaved('p2', { name: 'Other', query: '' });
    expect(useMergeRequestsStore.getState().viewsByProfile.p1).toEqual([
      { name: 'Drafts', query: 'wip=yes' },
    ]);
    expect(
      JSON.parse(localStorage.getItem(MERGE_REQUESTS_STORAGE_KEY) ?? '{}').state.viewsByProfile.p2,
    ).toEqual([{ name: 'Other', query: '' }]);
    viewDeleted('p1', 'Drafts');
    expect(useMergeRequestsStore.getState().viewsByProfile.p1).toEqual([]);
  });
});
