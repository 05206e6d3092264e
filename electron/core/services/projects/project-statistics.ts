/**
 * Project statistics of the embedded core (issue 28, Admin → Projects): GitLab's ProjectStatistics
 * entity (lib/api/entities/project_statistics.rb; `GET /projects?statistics=true`, doc/api/projects.md
 * "List all projects") and the administrators' size orderings (`order_by=repository_size|storage_size|
 * wiki_size|packages_size`, lib/api/projects.rb `verify_statistics_order_by_projects!`).
 *
 * GitLab keeps these numbers in `project_statistics`, refreshed by a worker; the core measures the
 * repositories on disk instead (bytes of the files under `<disk_path>.git`, `.wiki.git`, `.design.git`)
 * and remembers each project's answer while the core moved none of its refs (git/run-git.ts
 * `refsGeneration`: pushes, commits and storage moves bump it), for at most 5 s so changes made outside
 * the core show soon. Only the repositories are counted: `storage_size` = repository + wiki (+ designs);
 * LFS, artifacts, packages, snippets, uploads and the registry answer 0, and `commit_count` is left out
 * (one git process per row would make the list slow).
 */
import type { ProjectRow } from '../../db/projects.js';
import { directorySize } from '../../git/repository-copy.js';
import { refsGeneration } from '../../git/run-git.js';
import { resolveRepositoryPath } from '../../git/storage.js';
import { repositoryDiskPaths } from '../storage-moves/shards.js';
import type { ServiceContext } from '../context.js';

/** GitLab's ProjectStatistics as the core fills it (bytes). */
export interface ProjectStatistics {
  storage_size: number;
  repository_size: number;
  wiki_size: number;
  lfs_objects_size: number;
  job_artifacts_size: number;
  pipeline_artifacts_size: number;
  packages_size: number;
  snippets_size: number;
  uploads_size: number;
  container_registry_size: number;
}

/** The size orderings GitLab allows administrators only (doc/api/projects.md `order_by`). */
export const STATISTICS_ORDER_BY = ['repository_size', 'storage_size', 'packages_size', 'wiki_size'] as const;
export type StatisticsOrderBy = (typeof STATISTICS_ORDER_BY)[number];

/** Whether `orderBy` is one of {@link STATISTICS_ORDER_BY}. */
export function isStatisticsOrder(orderBy: string): orderBy is StatisticsOrderBy {
  return (STATISTICS_ORDER_BY as readonly string[]).includes(orderBy);
}

const TTL_MS = 5_000;
const CACHE_LIMIT = 1_024;
const cache = new Map<string, { key: string; at: number; stats: ProjectStatistics }>();

/** The project's statistics, measured on disk or remembered (see the file header). */
export async function projectStatistics(ctx: ServiceContext, p: ProjectRow): Promise<ProjectStatistics> {
  const [repo, wiki, design] = repositoryDiskPaths(p.disk_path).map((diskPath) =>
    resolveRepositoryPath(ctx.shards, p.repository_storage, diskPath),
  ) as [string, string, string];
  const key = `${repo}|${refsGeneration(repo)}|${refsGeneration(wiki)}`;
  const hit = cache.get(String(p.id));
  if (hit && hit.key === key && Date.now() - hit.at < TTL_MS) return hit.stats;
  const at = Date.now();
  const repository = p.disk_path ? await directorySize(repo) : 0;
  const wikiSize = p.disk_path ? await directorySize(wiki) : 0;
  const designSize = p.disk_path ? await directorySize(design) : 0;
  const stats: ProjectStatistics = {
    storage_size: repository + wikiSize + designSize,
    repository_size: repository,
    wiki_size: wikiSize,
    lfs_objects_size: 0,
    job_artifacts_size: 0,
    pipeline_artifacts_size: 0,
    packages_size: 0,
    snippets_size: 0,
    uploads_size: 0,
    container_registry_size: 0,
  };
  cache.delete(String(p.id));
  cache.set(String(p.id), { key, at, stats });
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return stats;
}

/**
 * `rows` ordered by one statistics field (`sort`, ties by id in the same direction, as GitLab's
 * `order_by` with its id tie breaker), measuring each project once.
 */
export async function sortByStatistics(
  ctx: ServiceContext,
  rows: ProjectRow[],
  orderBy: StatisticsOrderBy,
  sort: 'asc' | 'desc',
): Promise<ProjectRow[]> {
  const sized: { row: ProjectRow; value: number }[] = [];
  for (const row of rows) sized.push({ row, value: (await projectStatistics(ctx, row))[orderBy] });
  const dir = sort === 'asc' ? 1 : -1;
  sized.sort((a, b) => (a.value - b.value || a.row.id - b.row.id) * dir);
  return sized.map((entry) => entry.row);
}
