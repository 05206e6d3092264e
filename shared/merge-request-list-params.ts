/**
 * The merge request list parameters, declared once for the core and the renderer (issue 31:
 * "parameters declared once"): the values each enumerated parameter takes and the validated shape
 * of every parameter. The core's validator (electron/core/routes/merge-request-list-params.ts
 * `LIST_SHAPE`) builds its enums from these lists and is checked at compile time to produce exactly
 * {@link MergeRequestListParams}, which the list service (services/merge-requests/list-merge-requests.ts
 * `ListParams`) resolves; the renderer's list query (renderer/src/features/merge-requests/
 * merge-request-filters.ts) is typed by {@link MergeRequestListQueryName}, so it can only send names
 * the core reads.
 *
 * Source: doc/api/merge_requests.md "List merge requests" and lib/api/merge_requests.rb
 * (`params :merge_requests_params`), the spec's "Merge requests" parameter table.
 */

/** `state`: GitLab's four states and `all` (the default). */
export const MERGE_REQUEST_LIST_STATES = ['all', 'opened', 'closed', 'locked', 'merged'] as const;
/** A `state` value. */
export type MergeRequestListState = (typeof MERGE_REQUEST_LIST_STATES)[number];

/** `order_by` (default `created_at`). */
export const MERGE_REQUEST_LIST_ORDERS = ['created_at', 'updated_at'] as const;
/** `sort` (default `desc`). */
export const MERGE_REQUEST_LIST_SORTS = ['asc', 'desc'] as const;
/** `scope`, in both of GitLab's spellings (default `created_by_me` on `GET /merge_requests`, else `all`). */
export const MERGE_REQUEST_LIST_SCOPES = [
  'created_by_me',
  'assigned_to_me',
  'all',
  'created-by-me',
  'assigned-to-me',
] as const;
/** `wip`: drafts only (`yes`) or no drafts (`no`). */
export const MERGE_REQUEST_LIST_WIP = ['yes', 'no'] as const;
/** A `wip` value. */
export type MergeRequestListWip = (typeof MERGE_REQUEST_LIST_WIP)[number];
/** `view`. */
export const MERGE_REQUEST_LIST_VIEWS = ['simple'] as const;

/** `None` / `Any` (any case, read as lower case) or an id. */
export type IdOrPresence = 'none' | 'any' | number;

/** The list's parameters after validation: defaults applied, dates as given, arrays split on commas. */
export interface MergeRequestListParams {
  state: MergeRequestListState;
  order_by: (typeof MERGE_REQUEST_LIST_ORDERS)[number];
  sort: (typeof MERGE_REQUEST_LIST_SORTS)[number];
  milestone?: string;
  view?: (typeof MERGE_REQUEST_LIST_VIEWS)[number];
  labels?: string[];
  with_labels_details: boolean;
  with_merge_status_recheck: boolean;
  created_after?: string;
  created_before?: string;
  updated_after?: string;
  updated_before?: string;
  scope?: (typeof MERGE_REQUEST_LIST_SCOPES)[number];
  author_id?: number;
  author_username?: string;
  assignee_id?: IdOrPresence;
  assignee_username?: string[];
  reviewer_id?: IdOrPresence;
  reviewer_username?: string;
  approver_ids?: 'none' | 'any' | string[];
  approved_by_ids?: 'none' | 'any' | string[];
  my_reaction_emoji?: string;
  source_branch?: string;
  target_branch?: string;
  search?: string;
  in?: string;
  wip?: MergeRequestListWip;
  not?: {
    labels?: string[];
    milestone?: string;
    author_id?: number;
    author_username?: string;
    assignee_id?: number;
    assignee_username?: string[];
    reviewer_id?: number;
    reviewer_username?: string;
    my_reaction_emoji?: string;
  };
  environment?: string;
  deployed_before?: string;
  deployed_after?: string;
  iids?: string[];
}

/**
 * A query parameter name of the list as a client sends it: each of {@link MergeRequestListParams},
 * `not[…]` for the negated ones, and the paging parameters every GitLab list takes.
 */
export type MergeRequestListQueryName =
  | Exclude<keyof MergeRequestListParams, 'not'>
  | `not[${keyof NonNullable<MergeRequestListParams['not']>}]`
  | 'page'
  | 'per_page';
