import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { storageMoveKeys } from '../../../api/admin/storage-moves/keys.js';
import { storageMoveQueries } from '../../../api/admin/storage-moves/queries.js';
import { useFeatureAvailability } from '../../../api/capabilities/capabilities.js';
import { projectKeys } from '../../../api/projects/keys.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { countNoun } from '../admin-list.js';
import { useMovesScheduled } from './move-completion-store.js';
import type { StorageMoveTableRow } from './storage-move-columns.js';
import {
  countByState,
  filterStorageMoves,
  hasActiveMoves,
  isActiveMove,
  shardNames,
  type StorageMoveFilters,
} from './storage-move-rules.js';
import { mergeNewestMoves, movePollDelay } from './move-polling.js';

/** How many of the newest moves the screen loads (and filters). */
const MOVE_LIMIT = 300;
const PAGE_SIZE = 20;
/** Refresh interval while any move works, in ms. */
const LIVE_INTERVAL = 1_000;
/** After scheduling, poll this long even before the instance lists the new moves. */
const WATCH_AFTER_SCHEDULING = 10_000;

/** Which dialog of the Storage moves screen is open. */
export type StorageMovesDialog = 'none' | 'project' | 'shard';

/**
 * State of the Storage moves screen: the newest moves (loaded once; while one works, and for a while
 * after scheduling, the newest page alone is polled with backoff and laid over them), the shards' weights and usage, the state/shard filters and the page,
 * each shown move's progress, the open dialog, and the header's description. When the last running
 * move ends, the shard usage and the projects (their shards changed) are refetched.
 * Shard usage and byte progress are Outpost extensions: on GitLab (or before the instance is known) they
 * are never requested (`useFeatureAvailability`), and `usageAvailability` says why.
 */
export function useStorageMovesState() {
  const profile = useActiveProfile();
  const queryClient = useQueryClient();
  const [watchUntil, setWatchUntil] = useState(0);
  const moves = useQuery(storageMoveQueries.recent(profile.id, MOVE_LIMIT));
  // While a move runs (or just after scheduling), only the newest page is polled: one request, with
  // backoff on a remote instance (./move-polling.ts; every second on the embedded one, local), only
  // while this screen is shown and the window visible.
  const recentActive = hasActiveMoves(moves.data?.moves ?? []);
  const [watching, setWatching] = useState(false);
  const unchangedPolls = useRef(0);
  const headData = useRef<unknown>(undefined);
  const head = useQuery({
    ...storageMoveQueries.head(profile.id),
    enabled: moves.isSuccess && (recentActive || watching),
    refetchInterval: (query) =>
      hasActiveMoves(query.state.data ?? []) || recentActive || Date.now() < watchUntil
        ? movePollDelay(profile.kind === 'embedded' ? 0 : unchangedPolls.current)
        : false,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    // Structural sharing keeps the same array when a poll saw no change.
    unchangedPolls.current = head.data === headData.current ? unchangedPolls.current + 1 : 0;
    headData.current = head.data;
  }, [head.data, head.dataUpdatedAt]);
  useEffect(() => {
    if (!watching) return;
    const timer = setTimeout(() => setWatching(false), Math.max(0, watchUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [watching, watchUntil]);
  const allMoves = mergeNewestMoves(moves.data?.moves ?? [], head.data);
  const active = allMoves.filter(isActiveMove).length;
  // A running move older than the newest page (a shard move of many projects) is not in the head:
  // then the recent moves are read again, at the head's backed-off pace.
  const staleActive = head.data !== undefined && !hasActiveMoves(head.data) && active > 0;
  useEffect(() => {
    if (staleActive)
      void queryClient.invalidateQueries({ queryKey: storageMoveKeys.moveList(profile.id, MOVE_LIMIT) });
  }, [staleActive, head.dataUpdatedAt, profile.id, queryClient]);
  const settings = useQuery(storageMoveQueries.settings(profile.id));
  const usageAvailability = useFeatureAvailability('shard-usage');
  const progressAvailability = useFeatureAvailability('storage-move-progress');
  const usage = useQuery({
    ...storageMoveQueries.usage(profile.id),
    enabled: usageAvailability.status === 'available',
    refetchInterval: active > 0 ? LIVE_INTERVAL * 2 : false,
    retry: false,
  });
  const [filters, setFilters] = useState<StorageMoveFilters>({ state: null, shard: null });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<StorageMovesDialog>('none');

  // When the last running move ends, the shards' contents and the projects' shards changed.
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && active === 0) {
      void queryClient.invalidateQueries({ queryKey: storageMoveKeys.moveList(profile.id, MOVE_LIMIT) });
      void queryClient.invalidateQueries({ queryKey: storageMoveKeys.shards(profile.id) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all(profile.id) });
    }
    wasActive.current = active > 0;
  }, [active, profile.id, queryClient]);

  const weights = settings.data?.repository_storages_weighted;
  const shards = shardNames(
    weights,
    (usage.data ?? []).map((row) => row.name),
    allMoves.flatMap((move) => [move.source_storage_name, move.destination_storage_name]),
  );
  const filtered = filterStorageMoves(allMoves, filters);
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageMoves = filtered.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);
  // Progress of the moves on screen: once for those that ended, every second for running ones.
  const progress = useQueries({
    queries: pageMoves.map((move) => ({
      ...storageMoveQueries.progress(profile.id, move.id, move.state),
      enabled: progressAvailability.status === 'available',
      refetchInterval: isActiveMove(move) ? LIVE_INTERVAL : (false as const),
    })),
  });
  const shown: StorageMoveTableRow[] = pageMoves.map((move, index) => ({
    ...move,
    progress: progress[index]?.data ?? null,
  }));
  const counts = countByState(allMoves);
  const filtering = filters.state !== null || filters.shard !== null;
  const setFilter = (next: Partial<StorageMoveFilters>) => {
    setFilters((previous) => ({ ...previous, ...next }));
    setPage(1);
  };
  const movesScheduled = useMovesScheduled();
  const follow = () => {
    unchangedPolls.current = 0;
    setWatchUntil(Date.now() + WATCH_AFTER_SCHEDULING);
    setWatching(true);
    // Announce each move's end wherever the administrator is by then (MoveCompletionNotifier).
    movesScheduled(profile.id);
  };

  const total = moves.data?.total ?? allMoves.length;
  let description = `Move project repositories between the storage shards of ${profile.name}`;
  if (moves.data) {
    description =
      total === 0
        ? `No repository moves on ${profile.name} yet`
        : `${countNoun(total, 'move', 'moves')} on ${profile.name}${active > 0 ? `, ${active} in progress` : ''}`;
  }

  return {
    profile,
    queryClient,
    moves,
    allMoves,
    active,
    settings,
    usage,
    usageAvailability,
    weights,
    shards,
    filters,
    filtered,
    filtering,
    setFilter,
    pageCount,
    currentPage,
    setPage,
    shown,
    counts,
    dialog,
    setDialog,
    follow,
    description,
  };
}
