/**
 * Running a storage move, a durable job whose every step is recorded in SQLite before the next begins
 * (GitLab's Projects::UpdateRepositoryStorageService; spec States: scheduled → started → replicated →
 * finished, or failed / cleanup failed):
 * 1. `started`: the project is already read-only (since scheduling); its repository and any `.wiki.git`
 *    and `.design.git` siblings are copied to the same hashed path on the destination shard, with bytes
 *    copied recorded as it goes;
 * 2. the copy is verified as it goes: every file byte for byte the same as the original, compared while
 *    the next files copy, then the shape of both trees (git/repository-copy.ts `copyTreeVerified`: a
 *    byte-identical copy has the same refs, HEAD and objects; no `git fsck`, which took 10–25× the copy
 *    itself, issue 17);
 * 3. one transaction points the project at the destination, marks the move `replicated` and makes the
 *    project writable again (GitLab's started → replicated);
 * 4. the source directories are renamed at once into the source shard's trash (`trash.ts`, as Gitaly's
 *    RemoveRepository does) → `finished`, or `cleanup failed` when that fails; the trash is deleted in
 *    the background, and swept on the next start if a stop cut that short.
 * Any failure before step 3 removes the partial copy and leaves the project on its source, writable,
 * with the move `failed` and the reason in `error_message`. On start-up `recoverStorageMoves` finishes or
 * fails what a crash interrupted, so a project never points at a half-copied repository.
 */
import { rm } from 'node:fs/promises';
import { nowIso } from '../../db/database.js';
import { findNamespaceById } from '../../db/namespaces.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import {
  findMovesInStates,
  findReadOnlyProjectIds,
  findActiveMoveOfProject,
  findStorageMove,
  setProjectRepositoryReadOnly,
  setProjectRepositoryStorage,
  updateStorageMove,
} from '../../db/storage-moves.js';
import type { StorageMoveRow } from '../../db/storage-moves.js';
import { findUserById } from '../../db/users.js';
import {
  CopyAbortedError,
  CopyVerificationError,
  copyTreeVerified,
  directorySize,
} from '../../git/repository-copy.js';
import { repositoryExistsSync } from '../../git/repository.js';
import { hashedDiskPath, resolveRepositoryPath } from '../../git/storage.js';
import { recordSelfAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { repositoryDiskPaths } from './shards.js';
import type { StorageMoveHookInfo } from './runtime.js';
import { emptyTrashLater, moveToTrash, sweepStorageTrash } from './trash.js';

/** Progress is written to SQLite at most this often while copying. */
const PROGRESS_INTERVAL_MS = 250;

/** The `error_message` of a move cut short by a stop or crash of the core. */
export function interruptedMessage(source: string): string {
  return `Interrupted when Outpost stopped; the repository stayed on ${source}`;
}

/** The context of the administrator who scheduled `move` (audit author), or the system context. */
function actorContext(ctx: ServiceContext, move: StorageMoveRow): ServiceContext {
  const user = move.user_id !== null ? (findUserById(ctx.db, move.user_id) ?? null) : null;
  return { ...ctx, actor: { user, scopes: [], ipAddress: null } };
}

/** Record an audit event on the project about `move` (call inside the transaction of the change). */
export function auditMove(
  ctx: ServiceContext,
  project: ProjectRow,
  move: Pick<StorageMoveRow, 'id' | 'source_storage_name' | 'destination_storage_name'>,
  what: 'scheduled' | 'finished' | 'failed' | 'cleanup_failed',
  reason?: string,
): void {
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  const fullPath = `${ns?.full_path ?? ''}/${project.path}`;
  const route = `from ${move.source_storage_name} to ${move.destination_storage_name}`;
  const message = {
    scheduled: `Scheduled a repository storage move ${route}`,
    finished: `Moved the repository ${route}`,
    failed: `Repository storage move ${route} failed: ${reason ?? ''}`,
    cleanup_failed: `Moved the repository ${route}; removing it from ${move.source_storage_name} failed: ${reason ?? ''}`,
  }[what];
  recordSelfAuditEvent(
    ctx,
    'Project',
    { id: project.id, fullPath },
    { custom_message: message },
    { event_name: `project_repository_storage_move_${what}`, storage_move_id: move.id },
  );
}

/** Source and destination directories of a project's repositories (main, wiki, design). */
function repositoryPairs(ctx: ServiceContext, move: StorageMoveRow, diskPath: string) {
  return repositoryDiskPaths(diskPath).map((dp) => ({
    diskPath: dp,
    src: resolveRepositoryPath(ctx.shards, move.source_storage_name, dp),
    dst: resolveRepositoryPath(ctx.shards, move.destination_storage_name, dp),
  }));
}

function reasonOf(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e === 'object' && typeof e.code === 'string' && typeof e.syscall === 'string')
    return `${e.code} (${e.syscall})`;
  return err instanceof Error ? err.message : String(err);
}

/** Mark a move failed, its project writable again (one transaction), with an audit event. */
function failMove(ctx: ServiceContext, move: StorageMoveRow, message: string): void {
  const at = nowIso();
  ctx.db.transaction(() => {
    updateStorageMove(ctx.db, move.id, { state: 'failed', error_message: message, finished_at: at }, at);
    const project = findProjectById(ctx.db, move.project_id);
    if (!project) return;
    setProjectRepositoryReadOnly(ctx.db, project.id, false);
    auditMove(actorContext(ctx, move), project, move, 'failed', message);
  })();
}

/**
 * Remove the source directories of a switched move: renamed into the source shard's trash, the move
 * `finished`, the trash deleted in the background; or `cleanup failed` with the reason.
 */
async function cleanupSource(ctx: ServiceContext, move: StorageMoveRow, info: StorageMoveHookInfo | null) {
  const project = findProjectById(ctx.db, move.project_id);
  let trash: string | null = null;
  try {
    if (info && ctx.storageMoves?.hooks.beforeCleanup)
      await ctx.storageMoves.hooks.beforeCleanup(info, ctx.storageMoves.signal);
    if (ctx.shards.has(move.source_storage_name)) {
      // A project deleted after the switch had its destination queued for removal; the source is ours.
      const pairs = repositoryPairs(ctx, move, project?.disk_path || hashedDiskPath(move.project_id));
      // Also ends their pooled git processes and cached refs.
      trash = await moveToTrash(
        ctx.shards.get(move.source_storage_name)!,
        move.id,
        pairs.map((p) => p.src),
      );
      for (const pair of pairs) {
        if (repositoryExistsSync(pair.src)) throw new Error(`${pair.diskPath} is still there`);
      }
    } else {
      throw new Error(`the storage ${move.source_storage_name} is not configured`);
    }
  } catch (err) {
    const message = `Could not remove the repository from ${move.source_storage_name}: ${reasonOf(err)}`;
    const at = nowIso();
    ctx.db.transaction(() => {
      updateStorageMove(
        ctx.db,
        move.id,
        { state: 'cleanup failed', error_message: message, finished_at: at },
        at,
      );
      if (project) auditMove(actorContext(ctx, move), project, move, 'cleanup_failed', message);
    })();
    if (trash) emptyTrashLater(ctx, trash);
    return;
  }
  const at = nowIso();
  ctx.db.transaction(() => {
    updateStorageMove(ctx.db, move.id, { state: 'finished', finished_at: at }, at);
    if (project) auditMove(actorContext(ctx, move), project, move, 'finished');
  })();
  if (trash) emptyTrashLater(ctx, trash);
}

/**
 * Run the scheduled move `id` to its end (see the module comment). Never throws for a failure of the
 * move itself: that is recorded on the move.
 */
export async function executeStorageMove(ctx: ServiceContext, id: number): Promise<void> {
  const move = findStorageMove(ctx.db, id);
  if (!move || move.state !== 'scheduled') return;
  const project = findProjectById(ctx.db, move.project_id);
  if (!project) return;
  const { source_storage_name: source, destination_storage_name: destination } = move;
  if (!ctx.shards.has(source) || !ctx.shards.has(destination)) {
    failMove(ctx, move, `The storage ${ctx.shards.has(source) ? destination : source} is not configured`);
    return;
  }
  if (project.repository_storage !== source) {
    failMove(ctx, move, `The project is on ${project.repository_storage}, not on ${source}`);
    return;
  }
  const runtime = ctx.storageMoves;
  const signal = runtime?.signal ?? new AbortController().signal;
  const hooks = runtime?.hooks ?? {};
  const info: StorageMoveHookInfo = { id: move.id, projectId: project.id, source, destination };

  const pairs: { diskPath: string; src: string; dst: string }[] = [];
  for (const pair of repositoryPairs(ctx, move, project.disk_path)) {
    if (repositoryExistsSync(pair.src)) pairs.push(pair);
  }
  let total = 0;
  for (const pair of pairs) total += await directorySize(pair.src);
  const startedAt = nowIso();
  updateStorageMove(
    ctx.db,
    move.id,
    { state: 'started', started_at: startedAt, bytes_total: total, bytes_copied: 0 },
    startedAt,
  );

  let copied = 0;
  let flushed = 0;
  let lastFlush = Date.now();
  const flush = () => {
    lastFlush = Date.now();
    flushed = copied;
    updateStorageMove(ctx.db, move.id, { bytes_copied: Math.min(copied, total) }, nowIso());
  };
  const created: string[] = [];
  try {
    if (pairs.length === 0) throw new Error(`No repository of the project on ${source}`);
    if (hooks.beforeCopy) await hooks.beforeCopy(info, signal);
    for (const pair of pairs) {
      if (signal.aborted) throw new CopyAbortedError();
      if (repositoryExistsSync(pair.dst))
        throw new Error(`A repository already exists at ${pair.diskPath} on ${destination}`);
      created.push(pair.dst);
      await copyTreeVerified(pair.src, pair.dst, {
        signal,
        onBytes: (n) => {
          copied += n;
          if (Date.now() - lastFlush >= PROGRESS_INTERVAL_MS) flush();
        },
        afterFile: hooks.afterCopyFile
          ? (rel) => {
              // A hook may wait (the copy rate limit paces here): show the bytes copied so far first.
              if (copied > flushed) flush();
              return hooks.afterCopyFile!(
                info,
                { relativePath: rel, bytesCopied: copied, bytesTotal: total },
                signal,
              );
            }
          : undefined,
      });
    }
    flush();
    if (signal.aborted) throw new CopyAbortedError();
  } catch (err) {
    for (const dst of created) await rm(dst, { recursive: true, force: true }).catch(() => undefined);
    const message =
      err instanceof CopyAbortedError || signal.aborted
        ? interruptedMessage(source)
        : err instanceof CopyVerificationError
          ? `The copy on ${destination} failed verification: ${err.message}`
          : `Failed to copy the repository to ${destination}: ${reasonOf(err)}; the repository stayed on ${source}`;
    failMove(ctx, move, message);
    return;
  }

  // The switch: one transaction, after which the project lives on the destination.
  const at = nowIso();
  const switched = ctx.db.transaction(() => {
    const current = findProjectById(ctx.db, project.id);
    if (!current || current.repository_storage !== source) return false;
    setProjectRepositoryStorage(ctx.db, project.id, destination, at);
    setProjectRepositoryReadOnly(ctx.db, project.id, false);
    updateStorageMove(ctx.db, move.id, { state: 'replicated', bytes_copied: total }, at);
    return true;
  })();
  if (!switched) {
    // The project was deleted (or moved by other means) while copying: the copy belongs to nobody.
    for (const dst of created) await rm(dst, { recursive: true, force: true }).catch(() => undefined);
    if (findProjectById(ctx.db, project.id))
      failMove(ctx, move, 'The project changed storage during the move');
    return;
  }
  await cleanupSource(ctx, { ...move, state: 'replicated' }, info);
}

/**
 * Start-up recovery (architecture.md core/jobs): a move cut short by a crash
 * - in `started` (never switched): its partial copy is removed and it fails with
 *   "Interrupted when Outpost stopped; the repository stayed on <source>";
 * - in `replicated` (switched): the source is removed → `finished` (or `cleanup failed`);
 * - in `scheduled`/`initial`: it is queued again and runs;
 * and any project left read-only without a move in progress is made writable. The trash of every shard
 * (source repositories of finished moves not yet deleted) is deleted in the background.
 * @returns the ids of the moves queued again.
 */
export async function recoverStorageMoves(ctx: ServiceContext): Promise<number[]> {
  await sweepStorageTrash(ctx);
  for (const move of findMovesInStates(ctx.db, ['started'])) {
    const project = findProjectById(ctx.db, move.project_id);
    if (project && project.repository_storage === move.destination_storage_name) {
      // Switched after all (not reachable with the single-transaction switch, kept for safety).
      updateStorageMove(ctx.db, move.id, { state: 'replicated' }, nowIso());
      await cleanupSource(ctx, { ...move, state: 'replicated' }, null);
      continue;
    }
    if (project && ctx.shards.has(move.destination_storage_name)) {
      for (const pair of repositoryPairs(ctx, move, project.disk_path)) {
        await rm(pair.dst, { recursive: true, force: true }).catch(() => undefined);
      }
    }
    failMove(ctx, move, interruptedMessage(move.source_storage_name));
  }
  for (const move of findMovesInStates(ctx.db, ['replicated'])) {
    await cleanupSource(ctx, move, null);
  }
  const requeue: number[] = [];
  for (const move of findMovesInStates(ctx.db, ['initial', 'scheduled'])) {
    if (move.state === 'initial') updateStorageMove(ctx.db, move.id, { state: 'scheduled' }, nowIso());
    requeue.push(move.id);
  }
  ctx.db.transaction(() => {
    for (const projectId of findReadOnlyProjectIds(ctx.db)) {
      const active = findActiveMoveOfProject(ctx.db, projectId);
      if (!active || active.state === 'replicated') setProjectRepositoryReadOnly(ctx.db, projectId, false);
    }
  })();
  for (const id of requeue) ctx.storageMoves?.enqueue(id, (moveId) => executeStorageMove(ctx, moveId));
  return requeue;
}
