import type {
  MergeRequestListQueryName,
  MergeRequestListState,
  MergeRequestListWip,
} from '../../../../shared/merge-request-list-params.js';

/** State tabs of the merge request list: `state` values the core declares (shared/merge-request-list-params.ts). */
export const MERGE_REQUEST_STATES = [
  'opened',
  'merged',
  'closed',
  'all',
] as const satisfies readonly MergeRequestListState[];
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
  wip: '' | MergeRequestListWip;
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

/** A text filter's place in the panel: its field label when it differs from the chip's, a hint, the input type. */
export interface FilterFieldDefinition {
  label?: string;
  placeholder?: string;
  type?: 'text' | 'date';
}

/** One text filter, declared once: URL parameter, chip label and (when the panel shows it) its field. */
export interface TextFilterDefinition {
  /** URL query parameter (short, readable names). */
  url: string;
  /** Human name, for chips (and the panel's field unless `field.label` says otherwise). */
  label: string;
  /** Shown in the filter panel (search has its own box above it). */
  field?: FilterFieldDefinition;
}

/**
 * Every text filter of the merge request list, declared once (issue 31: "parameters declared once"),
 * in chip and URL order. The URL names, the chip labels and the panel fields are all read from here;
 * the `GET …/merge_requests` parameters each maps to are in {@link filtersToApiQuery}.
 */
export const TEXT_FILTERS_DECLARED = {
  search: { url: 'search', label: 'Search' },
  author: { url: 'author', label: 'Author', field: { placeholder: 'username' } },
  assignee: { url: 'assignee', label: 'Assignee', field: { placeholder: 'username' } },
  reviewer: { url: 'reviewer', label: 'Reviewer', field: { placeholder: 'username' } },
  labels: {
    url: 'labels',
    label: 'Label',
    field: { label: 'Labels', placeholder: 'bug,ui — or None / Any' },
  },
  notLabels: {
    url: 'not_labels',
    label: 'Not label',
    field: { label: 'Not labels', placeholder: 'wontfix' },
  },
  milestone: { url: 'milestone', label: 'Milestone', field: { placeholder: 'title, None or Any' } },
  sourceBranch: { url: 'source', label: 'Source branch', field: {} },
  targetBranch: { url: 'target', label: 'Target branch', field: {} },
  createdAfter: { url: 'created_after', label: 'Created after', field: { type: 'date' } },
  createdBefore: { url: 'created_before', label: 'Created before', field: { type: 'date' } },
  updatedAfter: { url: 'updated_after', label: 'Updated after', field: { type: 'date' } },
  updatedBefore: { url: 'updated_before', label: 'Updated before', field: { type: 'date' } },
} as const satisfies Record<TextFilter, TextFilterDefinition>;

/** The panel's fields in display order (people, milestone and labels, branches, dates). */
const PANEL_ORDER = [
  'author',
  'assignee',
  'reviewer',
  'milestone',
  'labels',
  'notLabels',
  'sourceBranch',
  'targetBranch',
  'createdAfter',
  'createdBefore',
  'updatedAfter',
  'updatedBefore',
] as const satisfies readonly TextFilter[];

const TEXT_FILTERS = Object.keys(TEXT_FILTERS_DECLARED) as TextFilter[];

/** URL query parameter of each text filter (from {@link TEXT_FILTERS_DECLARED}). */
export const URL_NAMES = Object.fromEntries(
  TEXT_FILTERS.map((key) => [key, TEXT_FILTERS_DECLARED[key].url]),
) as Record<TextFilter, string>;

/** Human names of the filters, for chips (from {@link TEXT_FILTERS_DECLARED}; `wip` is the Draft toggle). */
export const FILTER_LABELS = {
  ...Object.fromEntries(TEXT_FILTERS.map((key) => [key, TEXT_FILTERS_DECLARED[key].label])),
  wip: 'Draft',
} as Record<TextFilter | 'wip', string>;

/** The text filters of the panel, in order: the filter, its label, a hint, and the input type. */
export const FILTER_FIELDS: {
  key: TextFilter;
  label: string;
  placeholder?: string;
  type?: 'text' | 'date';
}[] = PANEL_ORDER.map((key) => {
  const { label, field } = TEXT_FILTERS_DECLARED[key] as TextFilterDefinition;
  return { key, ...field, label: field?.label ?? label };
});

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
 * Empty values are dropped later by the client. Only names the core declares
 * (shared/merge-request-list-params.ts `MergeRequestListQueryName`) type-check.
 */
export function filtersToApiQuery(
  filters: MergeRequestFilters,
  perPage: number,
): Partial<Record<MergeRequestListQueryName, string | number | boolean | undefined>> {
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
  if (filters.wip) chips.push({ key: 'wip', label: FILTER_LABELS.wip, value: filters.wip });
  return chips;
}
