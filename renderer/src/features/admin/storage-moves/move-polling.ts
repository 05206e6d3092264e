import type { ProjectRepositoryStorageMove } from '../../../api/admin/storage-moves/types.js';

/** The first wait between polls of the running moves, ms. */
export const MOVE_POLL_FIRST_MS = 1_000;
/** The longest wait between polls, ms. */
export const MOVE_POLL_MAX_MS = 30_000;

/**
 * The wait before the next poll of the running moves (pure): 1 s after a change, doubling with each
 * poll that saw nothing change (2, 4, 8, 16 s) up to 30 s. A move takes seconds to hours; the first
 * seconds after scheduling matter, an hour-long copy does not need a request a second.
 */
export function movePollDelay(unchangedPolls: number): number {
  const doubled = MOVE_POLL_FIRST_MS * 2 ** Math.max(0, Math.min(unchangedPolls, 16));
  return Math.min(doubled, MOVE_POLL_MAX_MS);
}

/**
 * The recent moves with the newest page laid over them (pure): a move in `head` replaces the same move
 * in `recent` (its state moved on), and moves of `head` that `recent` lacks (scheduled since) come first.
 * Order: newest first, as GitLab lists them.
 */
export function mergeNewestMoves(
  recent: readonly ProjectRepositoryStorageMove[],
  head: readonly ProjectRepositoryStorageMove[] | undefined,
): ProjectRepositoryStorageMove[] {
  if (!head || head.length === 0) return [...recent];
  const byId = new Map(head.map((move) => [move.id, move]));
  const known = new Set(recent.map((move) => move.id));
  const added = head.filter((move) => !known.has(move.id));
  return [...added, ...recent.map((move) => byId.get(move.id) ?? move)];
}
