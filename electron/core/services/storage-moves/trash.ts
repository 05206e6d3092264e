/**
 * Removing a moved repository from its source shard off the move's critical path, the way Gitaly's
 * RemoveRepository does (gitlab-org/gitaly internal/gitaly/service/repository/remove.go: `os.Rename` of
 * the repository into the storage's own temporary directory as `<name>+removed`, then `os.RemoveAll`):
 * the repository directories are renamed at once into `<shard>/+removed/<move id>-<random>/` — the same
 * filesystem, so the rename is atomic and the repository is no longer visible at its path — then the
 * move is marked finished and the trash is deleted in the background. `+removed` can't be a namespace
 * or project path (GitLab paths start with a letter, digit or `_`), and projects live under `@hashed/`.
 * Whatever a crash leaves in `+removed` is deleted on the next start (`sweepStorageTrash`); a crash
 * before the rename leaves the repository in place for the start-up recovery to remove.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { moveRepositoriesToTrash } from '../../git/repository.js';
import type { ServiceContext } from '../context.js';

/** The trash directory of every shard, beside `@hashed`. */
export const TRASH_DIRECTORY = '+removed';

/** `<shard>/+removed`. */
export function trashRoot(shardRoot: string): string {
  return path.join(shardRoot, TRASH_DIRECTORY);
}

/**
 * Rename the repository directories `repoPaths` (inside `shardRoot`; those that don't exist are skipped)
 * into a new `<shard>/+removed/<moveId>-<random hex>/` and end their pooled git processes and cached refs.
 * @returns the trash directory (for `emptyTrashLater`), or null when none of `repoPaths` existed.
 * @throws the filesystem's error of a rename (EACCES, EBUSY…); what was renamed before it stays in the trash.
 */
export async function moveToTrash(
  shardRoot: string,
  moveId: number,
  repoPaths: string[],
): Promise<string | null> {
  const dir = path.join(trashRoot(shardRoot), `${moveId}-${randomBytes(6).toString('hex')}`);
  return (await moveRepositoriesToTrash(dir, repoPaths)) ? dir : null;
}

/** Delete the trash directory `dir` in the core's background tasks (a failure is left for the next sweep). */
export function emptyTrashLater(ctx: ServiceContext, dir: string): void {
  ctx.tasks.run(
    'storage move trash',
    () => rm(dir, { recursive: true, force: true }),
    () => undefined,
  );
}

/**
 * Start-up sweep: list what is in `+removed` of every configured shard now (repositories of finished
 * moves whose deletion a stop or crash cut short) and delete it in the background. Only what is listed
 * here is deleted, never a trash directory a move creates afterwards.
 */
export async function sweepStorageTrash(ctx: ServiceContext): Promise<void> {
  for (const root of ctx.shards.values()) {
    const trash = trashRoot(root);
    const names = await readdir(trash).catch(() => [] as string[]);
    for (const name of names) emptyTrashLater(ctx, path.join(trash, name));
  }
}
