import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { storageMoveQueries } from '../../../api/admin/storage-moves/queries.js';
import { endedMoves, type MoveFollowState } from './move-completion.js';
import { useMovesFollowedSince, useMovesSettled } from './move-completion-store.js';

/** How often the followed moves are checked, ms. */
export const MOVE_FOLLOW_INTERVAL_MS = 2_000;

/** Moves checked per poll (the newest; just-scheduled moves are among them). */
const FOLLOW_LIMIT = 100;

/**
 * Raises a notification when a storage move scheduled in this session ends — finished, failed or
 * cleanup failed — wherever the administrator is in the app. Polls `GET
 * /project_repository_storage_moves` every {@link MOVE_FOLLOW_INTERVAL_MS} only while moves are
 * followed, and stops once none is running. Mounted once by the app layout. Renders nothing.
 */
export function MoveCompletionNotifier({ profileId }: { profileId: string | null }) {
  const since = useMovesFollowedSince(profileId);
  const movesSettled = useMovesSettled();
  const follow = useRef<MoveFollowState | null>(null);

  const moves = useQuery({
    ...storageMoveQueries.recent(profileId ?? '', FOLLOW_LIMIT),
    enabled: profileId !== null && since !== null,
    refetchInterval: MOVE_FOLLOW_INTERVAL_MS,
    staleTime: 0,
  });

  useEffect(() => {
    // Data from before the scheduling (a cached list) says nothing about the new moves.
    if (!profileId || since === null || !moves.data || moves.dataUpdatedAt < since) return;
    if (follow.current?.sinceMs !== since) {
      follow.current = { running: new Set(), notified: new Set(), sinceMs: since };
    }
    const { notices, next } = endedMoves(follow.current, moves.data.moves);
    follow.current = next;
    for (const notice of notices) {
      notifications.show({
        id: `storage-move-${notice.moveId}`,
        color: notice.color,
        title: notice.title,
        message: notice.message,
      });
    }
    // The instance lists scheduled moves at once, so none running means every followed move ended.
    if (next.running.size === 0) movesSettled(profileId);
  }, [moves.data, moves.dataUpdatedAt, since, profileId, movesSettled]);

  return null;
}
