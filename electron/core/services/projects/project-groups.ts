/**
 * `GET /projects/:id/groups` (doc/api/projects.md "List a project's groups"; lib/api/projects.rb;
 * app/finders/projects/groups_finder.rb): the project's group and its ancestors, newest id first,
 * `search` on name or path, `skip_groups` excluded. `with_shared` adds groups the project is shared
 * with; the core has no project sharing, so it adds none. Anyone who can read the project may list.
 */
import { findAncestorIds, findNamespaceById, findNamespacesByIds } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';

export interface ProjectGroupsQuery {
  search?: string;
  skipGroups?: readonly number[];
}

/** The project's groups as GroupsFinder returns them (id descending), before pagination. */
export function listProjectGroups(
  ctx: ServiceContext,
  project: ProjectRow,
  q: ProjectGroupsQuery,
): NamespaceRow[] {
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  if (!ns || ns.kind !== 'group') return [];
  const ids = findAncestorIds(ctx.db, ns.id);
  const rows = findNamespacesByIds(ctx.db, ids);
  const skip = new Set(q.skipGroups ?? []);
  const term = q.search?.toLowerCase();
  return ids
    .map((id) => rows.get(id))
    .filter((g): g is NamespaceRow => !!g && !skip.has(g.id))
    .filter((g) => !term || g.name.toLowerCase().includes(term) || g.path.toLowerCase().includes(term))
    .sort((a, b) => b.id - a.id);
}
