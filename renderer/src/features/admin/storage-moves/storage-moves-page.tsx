import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconFilterOff, IconRefresh, IconServer2, IconTransfer } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { storageMoveKeys } from '../../../api/admin/storage-moves/keys.js';
import { storageMoveQueries } from '../../../api/admin/storage-moves/queries.js';
import { STORAGE_MOVE_STATES, type StorageMoveState } from '../../../api/admin/storage-moves/types.js';
import { projectKeys } from '../../../api/projects/keys.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { DataTable } from '../../../components/data-table/index.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminQueryError } from '../admin-query-error.js';
import { useMovesScheduled } from './move-completion-store.js';
import { MoveProjectModal } from './move-project-modal.js';
import { MoveShardModal } from './move-shard-modal.js';
import { ShardOverview } from './shard-overview.js';
import { storageMoveColumns, type StorageMoveTableRow } from './storage-move-columns.js';
import {
  countByState,
  filterStorageMoves,
  hasActiveMoves,
  isActiveMove,
  shardNames,
  storageMoveStateInfo,
  type StorageMoveFilters,
} from './storage-move-rules.js';

/** How many of the newest moves the screen loads (and filters). */
const MOVE_LIMIT = 300;
const PAGE_SIZE = 20;
/** Refresh interval while any move works, in ms. */
const LIVE_INTERVAL = 1_000;
/** After scheduling, poll this long even before the instance lists the new moves. */
const WATCH_AFTER_SCHEDULING = 10_000;

type Dialog = 'none' | 'project' | 'shard';

/**
 * Admin → Storage moves: the storage shards (usage chart, paths, weights) and every project
 * repository storage move, newest first, with state badges and live progress. The list refreshes
 * every second while a move works and stops once all have ended. Moves are scheduled for one project
 * or for a whole shard.
 */
export function StorageMovesPage() {
  const profile = useActiveProfile();
  const queryClient = useQueryClient();
  const [watchUntil, setWatchUntil] = useState(0);
  const moves = useQuery({
    ...storageMoveQueries.recent(profile.id, MOVE_LIMIT),
    refetchInterval: (query) =>
      hasActiveMoves(query.state.data?.moves ?? []) || Date.now() < watchUntil ? LIVE_INTERVAL : false,
    refetchIntervalInBackground: false,
  });
  const allMoves = moves.data?.moves ?? [];
  const active = allMoves.filter(isActiveMove).length;
  const settings = useQuery(storageMoveQueries.settings(profile.id));
  const usage = useQuery({
    ...storageMoveQueries.usage(profile.id),
    refetchInterval: active > 0 ? LIVE_INTERVAL * 2 : false,
    retry: false,
  });
  const [filters, setFilters] = useState<StorageMoveFilters>({ state: null, shard: null });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>('none');

  // When the last running move ends, the shards' contents and the projects' shards changed.
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && active === 0) {
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
    setWatchUntil(Date.now() + WATCH_AFTER_SCHEDULING);
    // Announce each move's end wherever the administrator is by then (MoveCompletionNotifier).
    movesScheduled(profile.id);
  };

  const total = moves.data?.total ?? allMoves.length;
  let description = `Move project repositories between the storage shards of ${profile.name}`;
  if (moves.data) {
    description =
      total === 0
        ? `No repository moves on ${profile.name} yet`
        : `${total} ${total === 1 ? 'move' : 'moves'} on ${profile.name}${active > 0 ? `, ${active} in progress` : ''}`;
  }

  const actions = (
    <>
      <Button variant="default" leftSection={<IconServer2 size={16} />} onClick={() => setDialog('shard')}>
        Move a shard
      </Button>
      <Button leftSection={<IconTransfer size={16} />} onClick={() => setDialog('project')}>
        Move project
      </Button>
    </>
  );

  let list;
  if (moves.isError && !moves.data) {
    list = (
      <AdminQueryError
        what="storage moves"
        error={moves.error}
        onRetry={() => void moves.refetch()}
        retrying={moves.isFetching}
      />
    );
  } else if (moves.data && allMoves.length === 0) {
    list = (
      <Paper withBorder>
        <EmptyState
          py={48}
          variant="light"
          icon={<IconTransfer size={26} stroke={1.6} />}
          title="No storage moves yet"
          description="Move one project, or every repository of a shard, to another storage shard. Each project is read-only while its repositories move."
        >
          <EmptyState.Actions>{actions}</EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  } else {
    list = (
      <Paper withBorder>
        <Group
          px="md"
          py="xs"
          justify="space-between"
          gap="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group gap="sm">
            <Select
              size="xs"
              w={190}
              aria-label="Filter by state"
              placeholder="Any state"
              clearable
              data={[
                { value: 'active', label: `In progress (${active})` },
                ...STORAGE_MOVE_STATES.map((state) => ({
                  value: state,
                  label: `${storageMoveStateInfo(state).label} (${counts.get(state) ?? 0})`,
                })),
              ]}
              value={filters.state}
              onChange={(value) =>
                setFilter({ state: (value as StorageMoveState | 'active' | null) ?? null })
              }
              comboboxProps={{ withinPortal: true }}
              data-testid="storage-move-state-filter"
            />
            <Select
              size="xs"
              w={170}
              aria-label="Filter by shard"
              placeholder="Any shard"
              clearable
              data={shards}
              value={filters.shard}
              onChange={(value) => setFilter({ shard: value })}
              comboboxProps={{ withinPortal: true }}
              data-testid="storage-move-shard-filter"
            />
            {filtering ? (
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                leftSection={<IconFilterOff size={14} />}
                onClick={() => setFilter({ state: null, shard: null })}
              >
                Clear
              </Button>
            ) : null}
          </Group>
          <Group gap="xs">
            {active > 0 ? (
              <Tooltip label="Refreshing every second until every move has ended">
                <Badge variant="dot" color="blue" data-testid="storage-moves-live">
                  Live
                </Badge>
              </Tooltip>
            ) : null}
            {moves.isError ? (
              <Text size="xs" c="red">
                Couldn’t refresh
              </Text>
            ) : null}
            <Tooltip label="Refresh">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Refresh storage moves"
                onClick={() =>
                  void queryClient.invalidateQueries({ queryKey: storageMoveKeys.all(profile.id) })
                }
                loading={moves.isFetching && !moves.isPending && active === 0}
              >
                <IconRefresh size={16} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {moves.data && filtered.length === 0 ? (
          <EmptyState
            py={40}
            variant="light"
            icon={<IconFilterOff size={24} stroke={1.6} />}
            title="No moves match the filters"
            description={`None of the ${allMoves.length} loaded moves has that state and shard.`}
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => setFilter({ state: null, shard: null })}>
                Clear filters
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <DataTable
            label="Storage moves"
            data={shown}
            columns={storageMoveColumns}
            getRowId={(move) => String(move.id)}
            loading={moves.isPending}
            skeletonRows={4}
            rowTestId="storage-move-row"
            minWidth={760}
          />
        )}
        {pageCount > 1 || (moves.data?.total ?? 0) > allMoves.length ? (
          <Group
            px="md"
            py="xs"
            justify="space-between"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="xs" c="dimmed">
              {(moves.data?.total ?? 0) > allMoves.length
                ? `Showing the newest ${allMoves.length} of ${moves.data?.total} moves.`
                : `${filtered.length} ${filtered.length === 1 ? 'move' : 'moves'}`}
            </Text>
            <Pagination size="sm" total={pageCount} value={currentPage} onChange={setPage} />
          </Group>
        ) : null}
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title="Storage moves" description={description} actions={actions} />
      <Stack gap="lg">
        <ShardOverview
          profileId={profile.id}
          shards={shards}
          weights={weights}
          weightsError={settings.error}
          usage={usage.data}
          usageLoading={usage.isPending && usage.fetchStatus !== 'idle'}
          usageError={usage.error}
        />
        {list}
      </Stack>
      <MoveProjectModal
        profileId={profile.id}
        opened={dialog === 'project'}
        onClose={() => setDialog('none')}
        shards={shards}
        weights={weights ?? {}}
        onScheduled={follow}
      />
      <MoveShardModal
        profileId={profile.id}
        opened={dialog === 'shard'}
        onClose={() => setDialog('none')}
        shards={shards}
        weights={weights ?? {}}
        usage={usage.data}
        onScheduled={follow}
      />
    </>
  );
}
