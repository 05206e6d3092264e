/**
 * Read side of projects: the list a caller may see (doc/api/projects.md §List all projects) and the
 * rows each project presenter needs (namespace, owner, whether the repository is empty).
 */
import type { Db } from '../../db/database.js';
import { findNamespaceNameChains } from '../../db/namespace-chains.js';
import { findAncestorIds, findNamespacesByIds } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import { countProjects, listProjects } from '../../db/projects.js';
import type { ProjectListFilter, ProjectRow } from '../../db/projects.js';
import { findUsersByIds } from '../../db/users.js';
import { cachedRefRead } from '../../git/refs-cache.js';
import { isRepositoryEmpty } from '../../git/repository.js';
import { resolveRepositoryPath } from '../../git/storage.js';
import type { ProjectPresentation } from '../../entities/projects.js';
import { isAdmin, membershipScope } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';

export interface ProjectListParams {
  search?: string;
  visibility?: 'private' | 'internal' | 'public';
  archived?: boolean;
  membership?: boolean;
  owned?: boolean;
  order_by: ProjectListFilter['orderBy'];
  sort: 'asc' | 'desc';
  /** Only projects directly in these namespaces (`GET /groups/:id/projects`, `GET /users/:id/projects`). */
  namespace_ids?: number[];
}

/** The page of projects the actor may read, newest first by default, with the total count. */
export function listReadableProjects(
  ctx: ServiceContext,
  p: ProjectListParams,
  limit: number,
  offset: number,
): { total: number; rows: ProjectRow[] } {
  const user = ctx.actor.user;
  let access: ProjectListFilter['access'] = null;
  let membershipOf: ProjectListFilter['membershipOf'];
  if (!user) access = { projectIds: [], namespaceIds: [], visibility: ['public'] };
  else {
    const scope = membershipScope(ctx.db, user);
    if (!isAdmin(user)) access = { ...scope, visibility: ['public', 'internal'] };
    if (p.membership || p.owned) membershipOf = scope;
  }
  const filter: ProjectListFilter = {
    search: p.search,
    access,
    membershipOf,
    visibility: p.visibility,
    archived: p.archived,
    namespaceIds: p.namespace_ids,
    orderBy: p.order_by,
    sort: p.sort,
  };
  return { total: countProjects(ctx.db, filter), rows: listProjects(ctx.db, filter, limit, offset) };
}

/** "Group / Subgroup" for a namespace (its ancestors' names). */
export function namespaceFullName(db: Db, ns: NamespaceRow): string {
  if (ns.kind === 'user') {
    const owner = ns.owner_id ? findUsersByIds(db, [ns.owner_id]).get(ns.owner_id) : undefined;
    return owner?.name ?? ns.name;
  }
  const ids = findAncestorIds(db, ns.id).reverse();
  const rows = findNamespacesByIds(db, ids);
  return ids.map((id) => rows.get(id)?.name ?? '').join(' / ');
}

/**
 * Everything `presentProject` needs for each row, in a fixed number of statements whatever the page
 * size (namespaces, their owners, every group's ancestor names: one query each; issue 17), and whether
 * each repository is empty from the refs cache (git/refs-cache.ts: a few `stat`s per repository while its
 * refs are unchanged, instead of walking `refs/heads` and reading `packed-refs` on every request).
 */
export async function loadProjectPresentations(
  ctx: ServiceContext,
  rows: ProjectRow[],
): Promise<ProjectPresentation[]> {
  const namespaces = findNamespacesByIds(
    ctx.db,
    rows.map((r) => r.namespace_id),
  );
  const ownerIds = [...namespaces.values()]
    .filter((n) => n.kind === 'user' && n.owner_id)
    .map((n) => n.owner_id!);
  const owners = findUsersByIds(ctx.db, ownerIds);
  const chains = findNamespaceNameChains(
    ctx.db,
    [...namespaces.values()].filter((n) => n.kind !== 'user').map((n) => n.id),
  );
  // As namespaceFullName: a user's namespace is named after its owner, a group by its chain.
  const fullName = (ns: NamespaceRow): string =>
    ns.kind === 'user'
      ? ((ns.owner_id ? owners.get(ns.owner_id)?.name : undefined) ?? ns.name)
      : (chains.get(ns.id) ?? []).join(' / ');
  const admin = isAdmin(ctx.actor.user);
  return Promise.all(
    rows.map(async (r) => {
      const ns = namespaces.get(r.namespace_id)!;
      const repoPath = resolveRepositoryPath(ctx.shards, r.repository_storage, r.disk_path);
      // A missing repository counts as empty (isRepositoryEmpty finds no branch in it).
      const emptyRepo = await cachedRefRead(repoPath, 'empty_repo', () => isRepositoryEmpty(repoPath));
      return {
        namespace: ns,
        namespaceFullName: fullName(ns),
        owner: ns.kind === 'user' && ns.owner_id ? (owners.get(ns.owner_id) ?? null) : null,
        emptyRepo,
        admin,
      };
    }),
  );
}
