import { Badge, Code, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { clusterPlatform, type InstanceCluster } from '../../../api/admin/clusters/types.js';
import {
  deleteAction,
  editAction,
  rowActionsColumn,
  tableMeta,
} from '../../../components/data-table/index.js';
import { RelativeTime } from '../../../components/relative-time.js';
import { AUTHORIZATION_TYPE_SHORT } from './authorization-types.js';

/** What the cluster rows can do; given to the table as its `meta`. */
export interface ClusterRowActions {
  onToggleEnabled: (cluster: InstanceCluster, enabled: boolean) => void;
  onEdit: (cluster: InstanceCluster) => void;
  onDelete: (cluster: InstanceCluster) => void;
}

const column = createColumnHelper<InstanceCluster>();

/**
 * Columns of the instance cluster table: name, API URL, scope, enabled switch, managed, created,
 * actions. The row actions come from the table's `meta` ({@link ClusterRowActions}).
 */
export const clusterColumns: ColumnDef<InstanceCluster, unknown>[] = [
  column.display({
    id: 'name',
    header: 'Cluster',
    meta: { size: 'grow', skeletonWidth: '60%' },
    cell: ({ row }) => {
      const cluster = row.original;
      const platform = clusterPlatform(cluster);
      const details = [
        platform ? AUTHORIZATION_TYPE_SHORT[platform.authorization_type] : null,
        platform?.namespace ? `namespace ${platform.namespace}` : null,
        cluster.domain ? cluster.domain : null,
      ].filter(Boolean);
      return (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate data-testid="cluster-name">
            {cluster.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {details.join(' · ')}
          </Text>
        </Stack>
      );
    },
  }),
  column.display({
    id: 'api_url',
    header: 'API URL',
    // Below 1040 px of table the URL gives way (it is in the edit dialog), so Managed and the row's
    // actions stay in view.
    meta: { skeletonWidth: '80%', hideBelow: 1040 },
    cell: ({ row }) => {
      const url = clusterPlatform(row.original)?.api_url ?? '';
      return (
        <Text size="sm" ff="monospace" truncate title={url} maw={260}>
          {url || '—'}
        </Text>
      );
    },
  }),
  column.display({
    id: 'environment_scope',
    header: 'Environment scope',
    meta: { size: 'shrink', skeletonWidth: 48 },
    cell: ({ row }) => <Code fz="sm">{row.original.environment_scope}</Code>,
  }),
  column.display({
    id: 'enabled',
    header: 'Enabled',
    meta: { size: 'shrink', skeletonWidth: 36 },
    cell: ({ row, table }) => {
      const cluster = row.original;
      const actions = tableMeta<ClusterRowActions>(table);
      return (
        <Switch
          checked={cluster.enabled}
          onChange={(event) => actions.onToggleEnabled(cluster, event.currentTarget.checked)}
          aria-label={`Enabled: ${cluster.name}`}
          data-testid="cluster-enabled"
        />
      );
    },
  }),
  column.display({
    id: 'managed',
    header: 'Managed',
    meta: { size: 'shrink', skeletonWidth: 64 },
    cell: ({ row }) =>
      row.original.managed ? (
        <Tooltip label="GitLab creates namespaces and service accounts for each project.">
          <Badge variant="light" color="teal">
            Managed
          </Badge>
        </Tooltip>
      ) : (
        <Tooltip label="Namespaces and service accounts are managed outside GitLab.">
          <Badge variant="light" color="gray">
            Unmanaged
          </Badge>
        </Tooltip>
      ),
  }),
  column.display({
    id: 'created_at',
    header: 'Created',
    meta: { size: 'shrink', skeletonWidth: 72, hideBelow: 1240 },
    cell: ({ row }) => <RelativeTime iso={row.original.created_at} size="sm" c="dimmed" />,
  }),
  rowActionsColumn<InstanceCluster>((cluster, table) => {
    const actions = tableMeta<ClusterRowActions>(table);
    return [
      editAction(cluster.name, () => actions.onEdit(cluster)),
      deleteAction(cluster.name, () => actions.onDelete(cluster)),
    ];
  }),
];
