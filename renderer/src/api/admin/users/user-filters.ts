/**
 * The Admin → Users list parameters, declared once (issue 31: "parameters declared once"): each filter
 * tab with its label and the `GET /users` parameters GitLab takes for it, and the sort orders.
 *
 * Source: doc/api/users.md "List users" and lib/api/users.rb (`GET /users` params): `active`,
 * `blocked`, `external`, `admins`, `without_projects` (administrators only), `exclude_internal`,
 * `order_by` (`id`, `name`, `username`, `created_at`, `updated_at`; administrators only) and `sort`
 * (default `desc`). Filters only newer GitLab has (`humans`, `exclude_humans`) are left out: an older
 * instance ignores an unknown parameter and would list everyone under the tab. GitLab's REST list has no filter for banned,
 * deactivated or pending-approval users (its Admin Area uses internal finders), so those states show
 * in the State column only; nothing is filtered on the client, so the total stays true.
 */

/** One filter tab of the users list. */
export interface UserFilterDefinition {
  label: string;
  /** `GET /users` parameters for the tab (besides search, sort and paging). */
  params: Readonly<Record<string, string | boolean>>;
  /** A sentence for the empty state. */
  none: string;
}

/** Filter tabs, in display order. */
export const USER_FILTERS = {
  all: { label: 'All', params: { exclude_internal: true }, none: 'No users match.' },
  active: {
    label: 'Active',
    params: { active: true, exclude_internal: true },
    none: 'No active users match.',
  },
  admins: { label: 'Administrators', params: { admins: true }, none: 'No administrators match.' },
  blocked: { label: 'Blocked', params: { blocked: true }, none: 'No blocked users match.' },
  external: { label: 'External', params: { external: true }, none: 'No external users match.' },
  without_projects: {
    label: 'Without projects',
    params: { without_projects: true, exclude_internal: true },
    none: 'Every user matching this has a project.',
  },
} as const satisfies Record<string, UserFilterDefinition>;

/** A filter tab's id. */
export type UserFilter = keyof typeof USER_FILTERS;

/** Sort orders of the users list: GitLab's `order_by` values with a label. */
export const USER_ORDERS = {
  name: 'Name',
  username: 'Username',
  created_at: 'Created',
  updated_at: 'Updated',
  id: 'ID',
} as const;

/** An `order_by` of the users list. */
export type UserOrder = keyof typeof USER_ORDERS;

/** What the users list shows: one page of one filter, searched and sorted on the server. */
export interface UserListParams {
  filter: UserFilter;
  search: string;
  orderBy: UserOrder;
  sort: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** The `GET /users` query for `params` (search only when not blank). Pure. */
export function userListQuery(params: UserListParams): Record<string, string | number | boolean> {
  const search = params.search.trim();
  return {
    ...USER_FILTERS[params.filter].params,
    ...(search ? { search } : {}),
    order_by: params.orderBy,
    sort: params.sort,
    page: params.page,
    per_page: params.perPage,
  };
}
