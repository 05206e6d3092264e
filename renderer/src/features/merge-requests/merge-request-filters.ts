import type { ApiQueryValue } from '../../../../shared/ipc-contract.js';

/** State tabs of the merge request list. */
export const MERGE_REQUEST_STATES = ['opened', 'merged', 'closed', 'all'] as const;
export type MergeRequestStateTab = (typeof MERGE_REQUEST_STATES)[number];

/**
 * Every filter of the merge request list, as the screen holds it. Text fields are '' when unset;
 * `labels`/`notLabels` are comma-separated names, or `None`/`Any` (doc/api/merge_requests.md).
 */
export interface MergeRequestFilters {
  state: MergeRequestStateTab;
  search: string;
  author: string;
  assignee: string;
  reviewer: string;
  labels: string;
  notLabels: string;
  milestone: string;
  sourceBranch: string;
  targetBranch: string;
  wip: '' | 'yes' | 'no';
  createdAfter: string;
  createdBefore: string;
  updatedAfter: string;
  updatedBefore: string;
  page: number;
}

/** The list as it opens: open merge requests, no filter, first page. */
export const DEFAULT_FILTERS: MergeRequestFilters = {
  state: 'opened',
  search: '',
  author: '',
  assignee: '',
  reviewer: '',
  labels: '',
  notLabels: '',
  milestone: '',
  sourceBranch: '',
  targetBranch: '',
  wip: '',
  createdAfter: '',
  createdBefore: '',
  updatedAfter: '',
  updatedBefore: '',
  page: 1,
};

type TextFilter = Exclude<keyof MergeRequestFilters, 'state' | 'wip' | 'page'>;

/** URL query parameter of each text filter (short, readable names). */
export const URL_NAMES: Record<TextFilter, string> = {
  search: 'search',
  author: 'author',
  assignee: 'assignee',
  reviewer: 'reviewer',
  labels: 'labels',
  notLabels: 'not_labels',
  milestone: 'milestone',
  sourceBranch: 'source',
  targetBranch: 'target',
  createdAfter: 'created_after',
  createdBefore: 'created_before',
  updatedAfter: 'updated_after',
  updatedBefore: 'updated_before',
};

/** Human names of the filters, for chips. */
export const FILTER_LABELS: Record<TextFilter | 'wip', string> = {
  search: 'Search',
  author: 'Author',
  assignee: 'Assignee',
  reviewer: 'Reviewer',
  labels: 'Label',
  notLabels: 'Not label',
  milestone: 'Milestone',
  sourceBranch: 'Source branch',
  targetBranch: 'Target branch',
  createdAfter: 'Created after',
  createdBefore: 'Created before',
  updatedAfter: 'Updated after',
  updatedBefore: 'Updated before',
  wip: 'Draft',
};

const TEXT_FILTERS = Object.keys(URL_NAMES) as TextFilter[];

/** Read the filters from a URL query string; unknown or malformed values fall back to the defaults. */
export function filtersFromSearch(params: URLSearchParams): MergeRequestFilters {
  const filters: MergeRequestFilters = { ...DEFAULT_FILTERS };
  const state = params.get('state');
  if (state && (MERGE_REQUEST_STATES as readonly string[]).includes(state)) {
    filters.state = state as MergeRequestStateTab;
  }
  for (const key of TEXT_FILTERS) filters[key] = (params.get(URL_NAMES[key]) ?? '').trim();
  const wip = params.get('wip');
  if (wip === 'yes' || wip === 'no') filters.wip = wip;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  return filters;
}

/** Write the filters as a URL query string, leaving out defaults so a plain list has a plain URL. */
export function filtersToSearch(filters: MergeRequestFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state !== DEFAULT_FILTERS.state) params.set('state', filters.state);
  for (const key of TEXT_FILTERS) {
    const value = filters[key].trim();
    if (value !== '') params.set(URL_NAMES[key], value);
  }
  if (filters.wip) params.set('wip', filters.wip);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A date field (`YYYY-MM-DD`) as the ISO 8601 time GitLab expects; end-of-day for `…_before`. */
function isoDate(value: string, endOfDay: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value || undefined;
  return `${value}T${endOfDay ? '23:59:59' : '00:00:00'}Z`;
}

/**
 * The `GET /projects/:id/merge_requests` query for the filters (doc/api/merge_requests.md):
 * `author_username`, `assignee_username`, `reviewer_username`, `labels`, `not[labels]`, `wip`, dates…
 * Empty values are dropped later by the client.
 */
export function filtersToApiQuery(
  filters: MergeRequestFilters,
  perPage: number,
): Record<string, ApiQueryValue> {
  return {
    state: filters.state,
    search: filters.search,
    author_username: filters.author,
    assignee_username: filters.assignee,
    reviewer_username: filters.reviewer,
    labels: filters.labels,
    'not[labels]': filters.notLabels,
    milestone: filters.milestone,
    source_branch: filters.sourceBranch,
    target_branch: filters.targetBranch,
    wip: filters.wip,
    created_after: isoDate(filters.createdAfter, false),
    created_before: isoDate(filters.createdBefore, true),
    updated_after: isoDate(filters.updatedAfter, false),
    updated_before: isoDate(filters.updatedBefore, true),
    with_labels_details: true,
    order_by: 'updated_at',
    sort: 'desc',
    page: filters.page,
    per_page: perPage,
  };
}

/** One removable chip per set filter (state and page are not chips). */
export function activeFilterChips(
  filters: MergeRequestFilters,
): { key: TextFilter | 'wip'; label: string; value: string }[] {
  const chips: { key: TextFilter | 'wip'; label: string; value: string }[] = [];
  for (const key of TEXT_FILTERS) {
    if (filters[key] !== '') chips.push({ key, label: FILTER_LABELS[key], value: filters[key] });
  }
  if (filters.wip) chips.push({ key: 'wip', label: 'Draft', value: filters.wip });
  return chips;
}
