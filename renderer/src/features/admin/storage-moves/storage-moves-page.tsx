import { Badge, Button, EmptyState, Group, Pagination, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconFilterOff, IconServer2, IconTransfer } from '@tabler/icons-react';
import { storageMoveKeys } from '../../../api/admin/storage-moves/keys.js';
import { STORAGE_MOVE_STATES, type StorageMoveState } from '../../../api/admin/storage-moves/types.js';
import { DataTable, RefreshButton, TableToolbar } from '../../../components/data-table/index.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminListBody } from '../admin-list.js';
import { MoveProjectModal } from './move-project-modal.js';
import { MoveShardModal } from './move-shard-modal.js';
import { ShardOverview } from './shard-overview.js';
import { storageMoveColumns } from './storage-move-columns.js';
import { storageMoveStateInfo } from './storage-move-rules.js';
import { useStorageMovesState } from './use-storage-moves-state.js';

/**
 * Admin → Storage moves: the storage shards (usage chart, paths, weights) and every project
 * repository storage move, newest first, with state badges and live progress. The list refreshes
 * every second while a move works and stops once all have ended. Moves are scheduled for one project
 * or for a whole shard.
 */
export function StorageMovesPage() {
  const {
    profile,
    queryClient,
    moves,
    allMoves,
    active,
    settings,
    usage,
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
  } = useStorageMovesState();

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

  const list = (
    <AdminListBody
      query={moves}
      what="storage moves"
      isEmpty={allMoves.length === 0}
      empty={{
        py: 48,
        icon: <IconTransfer size={26} stroke={1.6} />,
        title: 'No storage moves yet',
        description:
          'Move one project, or every repository of a shard, to another storage shard. Each project is read-only while its repositories move.',
        actions,
      }}
    >
      <TableToolbar gap="sm">
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
            onChange={(value) => setFilter({ state: (value as StorageMoveState | 'active' | null) ?? null })}
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
          <RefreshButton
            label="Refresh storage moves"
            onRefresh={() =>
              void queryClient.invalidateQueries({ queryKey: storageMoveKeys.all(profile.id) })
            }
            refreshing={moves.isFetching && !moves.isPending && active === 0}
          />
        </Group>
      </TableToolbar>
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
    </AdminListBody>
  );

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
