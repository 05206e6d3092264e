/**
 * Where labels are looked up (doc/api/labels.md, doc/api/group_labels.md): a project sees its own labels
 * and, unless excluded, its ancestor groups'; a group sees its own and its ancestors'.
 */
import type { LabelScope } from '../../db/labels.js';
import { findAncestorIds, findNamespaceById } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';

/** Ids of a namespace and its ancestors when it is a group, else none. */
function groupChain(ctx: ServiceContext, namespaceId: number): number[] {
  const ns = findNamespaceById(ctx.db, namespaceId);
  return ns && ns.kind === 'group' ? findAncestorIds(ctx.db, ns.id) : [];
}

/** The labels visible in a project: its own and, unless excluded, its ancestor groups'. */
export function projectLabelScope(
  ctx: ServiceContext,
  project: ProjectRow,
  includeAncestors = true,
): LabelScope {
  return { projectId: project.id, groupIds: includeAncestors ? groupChain(ctx, project.namespace_id) : [] };
}

/** The labels visible in a group: its own and, unless excluded, its ancestors'. */
export function groupLabelScope(
  ctx: ServiceContext,
  group: NamespaceRow,
  includeAncestors: boolean,
): LabelScope {
  return { projectId: null, groupIds: includeAncestors ? findAncestorIds(ctx.db, group.id) : [group.id] };
}
