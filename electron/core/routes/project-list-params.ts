/**
 * The parameters every project list shares (doc/api/projects.md "List all projects"; the same filters on
 * `GET /groups/:id/projects` and `GET /users/:user_id/projects`), declared once at module level so the
 * compiled schema is reused: `search`, `visibility`, `archived`, `membership`, `owned`, `order_by` (id,
 * name, path, created_at, updated_at, last_activity_at; default created_at), `sort` (asc|desc, default
 * desc), `simple`. `GET /projects` itself also takes the administrators' size orderings and
 * `statistics` ({@link ALL_PROJECTS_LIST_PARAMS}).
 */
import { VISIBILITY_LEVELS } from '../../../shared/access-levels.js';
import { gBool, gEnum, gString } from '../http/validate.js';
import { STATISTICS_ORDER_BY } from '../services/projects/project-statistics.js';

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

/**
 * `GET /projects`: {@link PROJECT_LIST_PARAMS} plus `statistics` (ProjectStatistics per project, for
 * administrators and Reporters or above) and the size orderings `repository_size`, `storage_size`, `packages_size`,
 * `wiki_size` (doc/api/projects.md "List all projects": "only allowed for administrators"; anyone else
 * gets the default order, as lib/api/projects.rb `verify_statistics_order_by_projects!` does).
 */
export const ALL_PROJECTS_LIST_PARAMS = {
  ...PROJECT_LIST_PARAMS,
  order_by: gEnum([...PROJECT_ORDER_BY, ...STATISTICS_ORDER_BY] as const).default('created_at'),
  statistics: gBool().optional(),
};
