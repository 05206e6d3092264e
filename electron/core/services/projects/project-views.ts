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
import { isRepositoryEmpty } from '../../git/repository.js';
import { refsGeneration, repositoryKey } from '../../git/run-git.js';
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
  else if (!isAdmin(user) || p.membership || p.owned) {
    // Administrators read every project: their membership scope only matters for membership/owned.
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

/** How long an `empty_repo` answer is trusted while the core changed none of the repository's refs. */
const EMPTY_REPO_TTL_MS = 5_000;
/** Repositories whose `empty_repo` is remembered (least recently used dropped first). */
const EMPTY_REPO_CACHE_LIMIT = 1_024;
const emptyRepoCache = new Map<string, { generation: number; at: number; empty: boolean }>();

/**
 * Whether the repository at `repoPath` has no branch (a missing one counts as empty), remembered per
 * repository while its ref generation (git/run-git.ts: bumped by every ref-moving git command the core
 * runs, pushes and storage moves included) is unchanged, for at most 5 s so a change made outside the
 * core shows soon. A list page then costs no file system access per project (GitLab keeps this answer
 * in its repository cache too); before, each row walked `refs/heads` and read `packed-refs` (issue 17).
 */
async function repositoryEmpty(repoPath: string): Promise<boolean> {
  const key = repositoryKey(repoPath);
  const generation = refsGeneration(key);
  const hit = emptyRepoCache.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < EMPTY_REPO_TTL_MS) return hit.empty;
  const at = Date.now();
  const empty = await isRepositoryEmpty(repoPath);
  emptyRepoCache.delete(key);
  if (refsGeneration(key) === generation) {
    emptyRepoCache.set(key, { generation, at, empty });
    if (emptyRepoCache.size > EMPTY_REPO_CACHE_LIMIT)
      emptyRepoCache.delete(emptyRepoCache.keys().next().value!);
  }
  return empty;
}

/**
 * Everything `presentProject` needs for each row, in a fixed number of statements whatever the page
 * size (namespaces, their owners, every group's ancestor names: one query each; issue 17), and whether
 * each repository is empty (`repositoryEmpty`, remembered while its refs are unchanged).
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
      const emptyRepo = await repositoryEmpty(repoPath);
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
