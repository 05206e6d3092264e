/**
 * Start-up and clean-up work on repositories: finish queued removals of deleted projects'
 * directories, recreate a missing bare repository for a project whose creation was cut short, and
 * remove the quarantine directories of pushes that were killed.
 */
import { nowIso } from '../../db/database.js';
import {
  deleteRepositoryRemoval,
  findAllProjects,
  listRepositoryRemovals,
  updateProject,
} from '../../db/projects.js';
import { initBareRepository, removeRepository, repositoryExists } from '../../git/repository.js';
import { removeQuarantineLeftovers } from '../../git/smart-http.js';
import { hashedDiskPath, resolveRepositoryPath } from '../../git/storage.js';
import type { ServiceContext } from '../context.js';

/**
 * Remove the directories queued in `repository_removals` (all, or only `ids`), deleting each queue row
 * after its directory is gone.
 */
export async function finishRepositoryRemovals(ctx: ServiceContext, ids?: number[]): Promise<void> {
  for (const r of listRepositoryRemovals(ctx.db)) {
    if (ids && !ids.includes(r.id)) continue;
    if (ctx.shards.has(r.storage) && r.disk_path) {
      await removeRepository(resolveRepositoryPath(ctx.shards, r.storage, r.disk_path));
    }
    deleteRepositoryRemoval(ctx.db, r.id);
  }
}

/**
 * Give every project a disk path and an existing bare repository (after a crash mid-create), and
 * remove what killed pushes left in its `objects/` (git's quarantine directories, which hold the
 * objects of a push that was never accepted). Runs at start, before the core listens, so no push is
 * in flight: every quarantine directory found is a leftover, whatever its age.
 * @returns how many repositories were recreated.
 */
export async function repairRepositories(ctx: ServiceContext): Promise<number> {
  let repaired = 0;
  for (const p of findAllProjects(ctx.db)) {
    if (!ctx.shards.has(p.repository_storage)) continue;
    const diskPath = p.disk_path || hashedDiskPath(p.id);
    if (!p.disk_path) updateProject(ctx.db, p.id, { disk_path: diskPath }, nowIso());
    const repoPath = resolveRepositoryPath(ctx.shards, p.repository_storage, diskPath);
    if (!(await repositoryExists(repoPath))) {
      await initBareRepository(repoPath, p.default_branch ?? 'main');
      repaired++;
    } else {
      await removeQuarantineLeftovers(repoPath);
    }
  }
  return repaired;
}
