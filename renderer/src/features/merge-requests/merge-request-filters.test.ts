import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  FILTER_FIELDS,
  FILTER_LABELS,
  TEXT_FILTERS_DECLARED,
  URL_NAMES,
  activeFilterChips,
  filtersFromSearch,
  filtersToApiQuery,
  filtersToSearch,
} from './merge-request-filters.js';

describe('merge request filters ⇄ URL', () => {
  it('gives a plain URL for the defaults', () => {
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromSearch(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips every filter', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      state: 'merged' as const,
      search: 'fix login',
      author: 'root',
      assignee: 'alice',
      reviewer: 'bob',
      labels: 'bug,ui',
      notLabels: 'wontfix',
      milestone: 'v1',
      sourceBranch: 'feature/a',
      targetBranch: 'main',
      wip: 'no' as const,
      createdAfter: '2026-01-01',
      createdBefore: '2026-02-01',
      updatedAfter: '2026-01-05',
      updatedBefore: '2026-03-01',
      page: 3,
    };
    const search = filtersToSearch(filters);
    expect(search.get('not_labels')).toBe('wontfix');
    expect(search.get('source')).toBe('feature/a');
    expect(filtersFromSearch(new URLSearchParams(search.toString()))).toEqual(filters);
  });

  it('ignores malformed values', () => {
    const filters = filtersFromSearch(new URLSearchParams('state=weird&wip=maybe&page=-2'));
    expect(filters.state).toBe('opened');
    expect(filters.wip).toBe('');
    expect(filters.page).toBe(1);
  });

  it('builds the GitLab query, with not[labels] and whole-day date bounds', () => {
    const query = filtersToApiQuery(
      { ...DEFAULT_FILTERS, labels: 'None', notLabels: 'bug', createdBefore: '2026-02-01', wip: 'yes' },
      20,
    );
    expect(query).toMatchObject({
      state: 'opened',
      labels: 'None',
      'not[labels]': 'bug',
      wip: 'yes',
      created_before: '2026-02-01T23:59:59Z',
      per_page: 20,
      page: 1,
    });
  });

  it('lists the set filters as chips', () => {
    expect(activeFilterChips({ ...DEFAULT_FILTERS, author: 'root', wip: 'yes' })).toEqual([
      { key: 'author', label: 'Author', value: 'root' },
      { key: 'wip', label: 'Draft', value: 'yes' },
    ]);
  });

  it('reads URL names, chip labels and panel fields from one declaration', () => {
    const declared = Object.keys(TEXT_FILTERS_DECLARED);
    expect(Object.keys(URL_NAMES)).toEqual(declared);
    expect(Object.keys(FILTER_LABELS)).toEqual([...declared, 'wip']);
    // Every text filter but search (its own box) has a field in the panel, once.
    expect(FILTER_FIELDS.map((f) => f.key).sort()).toEqual(declared.filter((k) => k !== 'search').sort());
    expect(FILTER_FIELDS.find((f) => f.key === 'labels')).toEqual({
      key: 'labels',
      label: 'Labels',
      placeholder: 'bug,ui — or None / Any',
    });
    expect(FILTER_LABELS.labels).toBe('Label');
    expect(FILTER_FIELDS.find((f) => f.key === 'createdAfter')).toEqual({
      key: 'createdAfter',
      label: 'Created after',
      type: 'date',
    });
  });
});
