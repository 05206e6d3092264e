import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconTransfer } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminProject } from '../../../api/admin/projects/queries.js';
import { markedForDeletionOn } from '../../../api/projects/deletion.js';
import { deleteAction, rowActionsColumn, tableMeta } from '../../../components/data-table/index.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { formatByteCount, formatBytes } from '../../../lib/byte-size.js';

/** What the row buttons call (passed to the table as `meta`). */
export interface AdminProjectRowActions {
  onTransfer: (project: AdminProject) => void;
  onArchive: (project: AdminProject) => void;
  onDelete: (project: AdminProject) => void;
}

const column = createColumnHelper<AdminProject>();

/** A size cell: "1.5 MiB" with the exact bytes in a tooltip; "—" when the instance gave no statistics. */
function SizeCell({ bytes, testId }: { bytes: number | undefined; testId: string }) {
  if (bytes === undefined) {
    return (
      <Tooltip label="The instance sent no statistics for this project.">
        <Text size="sm" c="dimmed">
          —
        </Text>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={formatByteCount(bytes)}>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {formatBytes(bytes)}
      </Text>
    </Tooltip>
  );
}

/**
 * Columns of Admin → Projects. Ids are GitLab's `order_by` values where the column sorts (on the server):
 * `name`, `repository_size`, `storage_size`, `last_activity_at`, `created_at`. Low-priority columns give
 * way as the table narrows (created, storage size, namespace), so nothing scrolls sideways at 1024 px.
 */
export const adminProjectColumns = [
  column.accessor('name', {
    id: 'name',
    header: 'Project',
    enableSorting: true,
    meta: { size: 'grow' },
    cell: ({ row }) => {
      const project = row.original;
      const marked = markedForDeletionOn(project);
      return (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate data-testid="admin-project-name">
              {project.name}
            </Text>
            {project.archived ? (
              <Badge size="xs" variant="outline" color="gray" tt="none" data-testid="archived-badge">
                Archived
              </Badge>
            ) : null}
            {marked ? (
              <Tooltip
                label={`Marked for deletion on ${marked}; GitLab removes it after the retention period.`}
              >
                <Badge size="xs" variant="outline" color="red" tt="none">
                  Marked for deletion
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" truncate ff="monospace">
            {project.path_with_namespace}
          </Text>
        </Stack>
      );
    },
  }),
  column.display({
    id: 'namespace',
    header: 'Namespace',
    enableSorting: false,
    meta: { hideBelow: 1000, skeletonWidth: 80 },
    cell: ({ row }) => {
      const namespace = row.original.namespace;
      return (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {namespace.full_path}
          </Text>
          <Text size="xs" c="dimmed">
            {namespace.kind === 'user' ? 'Personal' : 'Group'}
          </Text>
        </Stack>
      );
    },
  }),
  column.display({
    id: 'repository_storage',
    header: 'Shard',
    enableSorting: false,
    meta: { size: 'shrink', skeletonWidth: 56 },
    cell: ({ row }) =>
      row.original.repository_storage ? (
        <Text size="sm" ff="monospace" data-testid="admin-project-shard">
          {row.original.repository_storage}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  }),
  column.accessor((project) => project.statistics?.repository_size ?? null, {
    id: 'repository_size',
    header: 'Repository',
    enableSorting: true,
    sortDescFirst: true,
    meta: { size: 'shrink', skeletonWidth: 56 },
    cell: ({ row }) => (
      <SizeCell bytes={row.original.statistics?.repository_size} testId="admin-project-repository-size" />
    ),
  }),
  column.accessor((project) => project.statistics?.storage_size ?? null, {
    id: 'storage_size',
    header: 'Storage',
    enableSorting: true,
    sortDescFirst: true,
    meta: { size: 'shrink', hideBelow: 1100, skeletonWidth: 56 },
    cell: ({ row }) => (
      <SizeCell bytes={row.original.statistics?.storage_size} testId="admin-project-storage-size" />
    ),
  }),
  column.accessor('last_activity_at', {
    id: 'last_activity_at',
    header: 'Last activity',
    enableSorting: true,
    meta: { size: 'shrink', skeletonWidth: 72 },
    cell: ({ getValue }) => <RelativeTime iso={getValue()} size="sm" style={{ whiteSpace: 'nowrap' }} />,
  }),
  column.accessor('created_at', {
    id: 'created_at',
    header: 'Created',
    enableSorting: true,
    meta: { size: 'shrink', hideBelow: 1240, skeletonWidth: 72 },
    cell: ({ getValue }) => <RelativeTime iso={getValue()} size="sm" style={{ whiteSpace: 'nowrap' }} />,
  }),
  rowActionsColumn<AdminProject>(
    (project, table) => {
      const actions = tableMeta<AdminProjectRowActions>(table);
      const path = project.path_with_namespace;
      return [
        {
          tooltip: 'Transfer',
          label: `Transfer ${path}`,
          icon: <IconTransfer size={16} stroke={1.7} />,
          onClick: () => actions.onTransfer(project),
        },
        project.archived
          ? {
              tooltip: 'Unarchive',
              label: `Unarchive ${path}`,
              icon: <IconArchiveOff size={16} stroke={1.7} />,
              onClick: () => actions.onArchive(project),
            }
          : {
              tooltip: 'Archive',
              label: `Archive ${path}`,
              icon: <IconArchive size={16} stroke={1.7} />,
              onClick: () => actions.onArchive(project),
            },
        deleteAction(path, () => actions.onDelete(project)),
      ];
    },
    { skeletonWidth: 84 },
  ),
];
