/**
 * The parameters every project list shares (doc/api/projects.md "List all projects"; the same filters on
 * `GET /groups/:id/projects` and `GET /users/:user_id/projects`), declared once at module level so the
 * compiled schema is reused: `search`, `visibility`, `archived`, `membership`, `owned`, `order_by` (id,
 * name, path, created_at, updated_at, last_activity_at; default created_at), `sort` (asc|desc, default
 * desc), `simple`.
 */
import { VISIBILITY_LEVELS } from '../../../shared/access-levels.js';
import { gBool, gEnum, gString } from '../http/validate.js';

export const PROJECT_ORDER_BY = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'last_activity_at',
] as const;

export const PROJECT_LIST_PARAMS = {
  search: gString().optional(),
  visibility: gEnum(VISIBILITY_LEVELS).optional(),
  archived: gBool().optional(),
  membership: gBool().optional(),
  owned: gBool().optional(),
  order_by: gEnum(PROJECT_ORDER_BY).default('created_at'),
  sort: gEnum(['asc', 'desc'] as const).default('desc'),
  simple: gBool().optional(),
};

const { membership: _membership, ...withoutMembership } = PROJECT_LIST_PARAMS;

/**
 * `GET /groups/:id/projects`: {@link PROJECT_LIST_PARAMS} without `membership` (GitLab's group project
 * list has none), plus its own filters.
 */
export const GROUP_PROJECT_LIST_PARAMS = {
  ...withoutMembership,
  starred: gBool().optional(),
  include_subgroups: gBool().optional(),
  with_shared: gBool().optional(),
};
