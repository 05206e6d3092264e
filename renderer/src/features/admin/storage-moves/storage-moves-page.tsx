import { Badge, Button, EmptyState, Group, Pagination, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconFilterOff, IconServer2, IconTransfer } from '@tabler/icons-react';
import { storageMoveKeys } from '../../../api/admin/storage-moves/keys.js';
import { STORAGE_MOVE_STATES, type StorageMoveState } from '../../../api/admin/storage-moves/types.js';
import { DataTable, RefreshButton, TableFooter, TableToolbar } from '../../../components/data-table/index.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminListBody, countNoun } from '../admin-list.js';
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
  const view = useStorageMovesState();

  const actions = (
    <>
      <Button
        variant="default"
        leftSection={<IconServer2 size={16} />}
        onClick={() => view.setDialog('shard')}
      >
        Move a shard
      </Button>
      <Button leftSection={<IconTransfer size={16} />} onClick={() => view.setDialog('project')}>
        Move project
      </Button>
    </>
  );

  /** What both move dialogs get. */
  const moveDialog = {
    profileId: view.profile.id,
    onClose: () => view.setDialog('none'),
    shards: view.shards,
    weights: view.weights ?? {},
    onScheduled: view.follow,
  };

  const list = (
    <AdminListBody
      query={view.moves}
      what="storage moves"
      isEmpty={view.allMoves.length === 0}
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
              { value: 'active', label: `In progress (${view.active})` },
              ...STORAGE_MOVE_STATES.map((state) => ({
                value: state,
                label: `${storageMoveStateInfo(state).label} (${view.counts.get(state) ?? 0})`,
              })),
            ]}
            value={view.filters.state}
            onChange={(value) =>
              view.setFilter({ state: (value as StorageMoveState | 'active' | null) ?? null })
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
            data={view.shards}
            value={view.filters.shard}
            onChange={(value) => view.setFilter({ shard: value })}
            comboboxProps={{ withinPortal: true }}
            data-testid="storage-move-shard-filter"
          />
          {view.filtering ? (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconFilterOff size={14} />}
              onClick={() => view.setFilter({ state: null, shard: null })}
            >
              Clear
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          {view.active > 0 ? (
            <Tooltip label="Refreshing every second until every move has ended">
              <Badge variant="dot" color="blue" data-testid="storage-moves-live">
                Live
              </Badge>
            </Tooltip>
          ) : null}
          {view.moves.isError ? (
            <Text size="xs" c="red">
              Couldn’t refresh
            </Text>
          ) : null}
          <RefreshButton
            label="Refresh storage moves"
            onRefresh={() =>
              void view.queryClient.invalidateQueries({ queryKey: storageMoveKeys.all(view.profile.id) })
            }
            refreshing={view.moves.isFetching && !view.moves.isPending && view.active === 0}
          />
        </Group>
      </TableToolbar>
      {view.moves.data && view.filtered.length === 0 ? (
        <EmptyState
          py={40}
          variant="light"
          icon={<IconFilterOff size={24} stroke={1.6} />}
          title="No moves match the filters"
          description={`None of the ${view.allMoves.length} loaded moves has that state and shard.`}
        >
          <EmptyState.Actions>
            <Button variant="default" onClick={() => view.setFilter({ state: null, shard: null })}>
              Clear filters
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <DataTable
          label="Storage moves"
          data={view.shown}
          columns={storageMoveColumns}
          getRowId={(move) => String(move.id)}
          loading={view.moves.isPending}
          skeletonRows={4}
          rowTestId="storage-move-row"
          minWidth={760}
        />
      )}
      {view.pageCount > 1 || (view.moves.data?.total ?? 0) > view.allMoves.length ? (
        <TableFooter>
          <Text size="xs" c="dimmed">
            {(view.moves.data?.total ?? 0) > view.allMoves.length
              ? `Showing the newest ${view.allMoves.length} of ${view.moves.data?.total} moves.`
              : countNoun(view.filtered.length, 'move', 'moves')}
          </Text>
          <Pagination size="sm" total={view.pageCount} value={view.currentPage} onChange={view.setPage} />
        </TableFooter>
      ) : null}
    </AdminListBody>
  );

  return (
    <>
      <PageHeader title="Storage moves" description={view.description} actions={actions} />
      <Stack gap="lg">
        <ShardOverview
          profileId={view.profile.id}
          shards={view.shards}
          weights={view.weights}
          weightsError={view.settings.error}
          usage={view.usage.data}
          usageLoading={view.usage.isPending && view.usage.fetchStatus !== 'idle'}
          usageError={view.usage.error}
          usageAvailability={view.usageAvailability}
        />
        {list}
      </Stack>
      <MoveProjectModal {...moveDialog} opened={view.dialog === 'project'} />
      <MoveShardModal {...moveDialog} opened={view.dialog === 'shard'} usage={view.usage.data} />
    </>
  );
}
