import type { ProjectRepositoryStorageMove } from '../../../api/admin/storage-moves/types.js';
import { isActiveMove } from './storage-move-rules.js';

/** A notification about a move that ended. */
export interface MoveEndedNotice {
  moveId: number;
  color: 'teal' | 'red';
  title: string;
  message: string;
}

/** What the follower remembers between two looks at the moves. */
export interface MoveFollowState {
  /** Ids seen running at the last look. */
  running: ReadonlySet<number>;
  /** Ids already announced (never twice). */
  notified: ReadonlySet<number>;
  /** When the moves were scheduled (ms since the epoch); moves created since then count as followed. */
  sinceMs: number;
}

/** Slack for the instance's clock running behind ours when matching `created_at` to `sinceMs`, ms. */
export const CLOCK_SLACK_MS = 5_000;

/**
 * Compare the moves now on the instance with what was seen before: returns a notice per followed
 * move that has ended (finished, failed, cleanup failed) and the next state. A move is followed
 * when it was seen running, or was created after the scheduling (so a move that ended before the
 * first look is still announced). Each move is announced once.
 */
export function endedMoves(
  before: MoveFollowState,
  moves: readonly ProjectRepositoryStorageMove[],
): { notices: MoveEndedNotice[]; next: MoveFollowState } {
  const running = new Set<number>();
  const notified = new Set(before.notified);
  const notices: MoveEndedNotice[] = [];
  for (const move of moves) {
    if (isActiveMove(move)) {
      running.add(move.id);
      continue;
    }
    const createdSince = Date.parse(move.created_at) >= before.sinceMs - CLOCK_SLACK_MS;
    if (notified.has(move.id) || !(before.running.has(move.id) || createdSince)) continue;
    notified.add(move.id);
    const name = move.project.name_with_namespace;
    if (move.state === 'finished') {
      notices.push({
        moveId: move.id,
        color: 'teal',
        title: 'Storage move finished',
        message: `${name} now lives on ${move.destination_storage_name} and accepts pushes again.`,
      });
    } else {
      notices.push({
        moveId: move.id,
        color: 'red',
        title: move.state === 'cleanup failed' ? 'Storage move: cleanup failed' : 'Storage move failed',
        message: `${name} (${move.source_storage_name} → ${move.destination_storage_name})${
          move.error_message ? `: ${move.error_message}` : '.'
        }`,
      });
    }
  }
  return { notices, next: { running, notified, sinceMs: before.sinceMs } };
}
