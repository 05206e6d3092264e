/** The projects a group holds, through its subgroups: used by group-level label counts and merge request lists. */
import { findDescendantIds } from '../../db/namespaces.js';
import { findProjectIdsInNamespaces } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';

/** Project ids of group `groupId` and of all its subgroups (any depth), whatever the caller may read. */
export function groupProjectIds(ctx: ServiceContext, groupId: number): number[] {
  return findProjectIdsInNamespaces(ctx.db, [groupId, ...findDescendantIds(ctx.db, groupId)]);
}
