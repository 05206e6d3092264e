import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type {
  ProjectRepositoryStorageMove,
  StorageMoveProgressDetail,
} from '../../../api/admin/storage-moves/types.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { isActiveMove, progressView, storageMoveStateInfo } from './storage-move-rules.js';

/** A move as the table shows it: GitLab's entity plus Outpost's progress when the instance has it. */
export interface StorageMoveTableRow extends ProjectRepositoryStorageMove {
  progress: StorageMoveProgressDetail | null;
}

const column = createColumnHelper<StorageMoveTableRow>();

/** A move's state as a coloured badge, its meaning in a tooltip. */
export function StorageMoveStateBadge({ state }: { state: string }) {
  const info = storageMoveStateInfo(state);
  return (
    <Tooltip label={info.description} multiline maw={280}>
      <Badge variant="light" color={info.color} data-testid="storage-move-state" data-state={state}>
        {info.label}
      </Badge>
    </Tooltip>
  );
}

/** A shard name in monospace. */
function ShardName({ name }: { name: string }) {
  return (
    <Text span size="sm" ff="monospace">
      {name}
    </Text>
  );
}

/** Bytes copied / total for a move that copies (or did); a pulse while the total is unknown. */
function MoveProgress({ move }: { move: StorageMoveTableRow }) {
  const view = progressView(move.progress, move.state);
  const active = isActiveMove(move);
  if (!view) {
    if (move.state === 'started') {
      return (
        <Stack gap={2} data-testid="storage-move-progress">
          <Progress value={100} striped animated size="sm" aria-label="Copying, size not known yet" />
          <Text size="xs" c="dimmed">
            Counting…
          </Text>
        </Stack>
      );
    }
    return (
      <Text size="sm" c="dimmed">
        {move.state === 'scheduled' || move.state === 'initial' ? 'Waiting' : '—'}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="storage-move-progress" miw={200}>
      <Progress
        value={view.percent}
        size="sm"
        color={move.state === 'failed' ? 'red' : active ? 'blue' : 'teal'}
        striped={active}
        animated={active}
        aria-label={`Copied ${view.percent}%`}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {active ? `${view.percent}% · ` : ''}
        {view.label}
      </Text>
    </Stack>
  );
}

/**
 * Columns of the storage move table: project, state, source → destination, progress, created,
 * updated (when the instance tells), and the failure reason under the project.
 */
export const storageMoveColumns: ColumnDef<StorageMoveTableRow, unknown>[] = [
  column.display({
    id: 'project',
    header: 'Project',
    meta: { size: 'grow', skeletonWidth: '60%' },
    cell: ({ row }) => {
      const move = row.original;
      return (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate data-testid="storage-move-project">
            {move.project.name_with_namespace}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            Move #{move.id} · {move.project.path_with_namespace}
          </Text>
          {move.error_message ? (
            <Text size="xs" c="red" lineClamp={2} title={move.error_message} data-testid="storage-move-error">
              {move.error_message}
            </Text>
          ) : null}
        </Stack>
      );
    },
  }),
  column.display({
    id: 'state',
    header: 'State',
    meta: { size: 'shrink', skeletonWidth: 64 },
    cell: ({ row }) => <StorageMoveStateBadge state={row.original.state} />,
  }),
  column.display({
    id: 'shards',
    header: 'Source → destination',
    meta: { size: 'shrink', skeletonWidth: 120 },
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap" data-testid="storage-move-shards">
        <ShardName name={row.original.source_storage_name} />
        <IconArrowRight size={14} stroke={1.7} aria-label="to" color="var(--mantine-color-dimmed)" />
        <ShardName name={row.original.destination_storage_name} />
      </Group>
    ),
  }),
  column.display({
    id: 'progress',
    header: 'Progress',
    meta: { skeletonWidth: 140 },
    cell: ({ row }) => <MoveProgress move={row.original} />,
  }),
  column.display({
    id: 'created_at',
    header: 'Created',
    meta: { size: 'shrink', skeletonWidth: 72, hideBelow: 880 },
    cell: ({ row }) => <RelativeTime iso={row.original.created_at} size="sm" c="dimmed" />,
  }),
  column.display({
    id: 'updated_at',
    header: 'Updated',
    meta: { size: 'shrink', skeletonWidth: 72, hideBelow: 1040 },
    cell: ({ row }) => <RelativeTime iso={row.original.progress?.updated_at} size="sm" c="dimmed" />,
  }),
];
