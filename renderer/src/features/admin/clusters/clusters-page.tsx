import { Button, Code, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconPlus, IconTopologyStar3 } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteCluster, useSetClusterEnabled } from '../../../api/admin/clusters/mutations.js';
import { clusterQueries } from '../../../api/admin/clusters/queries.js';
import type { InstanceCluster } from '../../../api/admin/clusters/types.js';
import { describeError } from '../../../api/describe-error.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import {
  DataTable,
  RefreshButton,
  TableEmptyState,
  TableToolbar,
} from '../../../components/data-table/index.js';
import { PageHeader } from '../../../components/page-header.js';
import { ConfirmModal } from '../../../components/confirm-modal.js';
import { AdminQueryError } from '../admin-query-error.js';
import { clusterColumns, type ClusterRowActions } from './cluster-columns.js';
import { ClusterFormModal } from './cluster-form-modal.js';

/** Which dialog is open. */
type Dialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; cluster: InstanceCluster }
  | { kind: 'delete'; cluster: InstanceCluster };

/**
 * Admin → Clusters: the Kubernetes clusters attached to the whole instance (`/admin/clusters`), with
 * an inline enable switch (optimistic), add and edit dialogs and a delete confirmation.
 */
export function ClustersPage() {
  const profile = useActiveProfile();
  const query = useQuery(clusterQueries.list(profile.id));
  const setEnabled = useSetClusterEnabled(profile.id);
  const deleteCluster = useDeleteCluster(profile.id);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const clusters = query.data ?? [];

  const closeDialog = () => {
    deleteCluster.reset();
    setDialog({ kind: 'none' });
  };

  const rowActions: ClusterRowActions = {
    onToggleEnabled: (cluster, enabled) =>
      setEnabled.mutate(
        { id: cluster.id, enabled },
        {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              title: enabled ? 'Cluster enabled' : 'Cluster disabled',
              message: enabled
                ? `Jobs can deploy to ${cluster.name} again.`
                : `Jobs no longer deploy to ${cluster.name}.`,
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: `Couldn’t ${enabled ? 'enable' : 'disable'} ${cluster.name}`,
              message: describeError(error),
            }),
        },
      ),
    onEdit: (cluster) => setDialog({ kind: 'edit', cluster }),
    onDelete: (cluster) => setDialog({ kind: 'delete', cluster }),
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
      Add cluster
    </Button>
  );

  let description = `Kubernetes clusters every project of ${profile.name} can deploy to`;
  if (query.data) {
    description =
      clusters.length === 0
        ? `No clusters on ${profile.name}`
        : `${clusters.length} ${clusters.length === 1 ? 'cluster' : 'clusters'} on ${profile.name}, matched to environments by scope`;
  }

  let body;
  if (query.isError && !query.data) {
    body = (
      <AdminQueryError
        what="clusters"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data && clusters.length === 0) {
    body = (
      <TableEmptyState
        icon={<IconTopologyStar3 size={26} stroke={1.6} />}
        title="No clusters yet"
        description="Add an existing Kubernetes cluster by its API URL and a service token. Every project can then deploy to it, by environment scope."
        actions={addButton}
      />
    );
  } else {
    body = (
      <Paper withBorder>
        <TableToolbar
          hint={
            <>
              A job uses the cluster whose scope matches its environment most specifically; <Code>*</Code>{' '}
              matches every environment.
            </>
          }
        >
          <RefreshButton
            label="Refresh clusters"
            onRefresh={() => void query.refetch()}
            refreshing={query.isFetching && !query.isPending}
          />
        </TableToolbar>
        <DataTable
          label="Instance clusters"
          data={clusters}
          columns={clusterColumns}
          meta={rowActions}
          getRowId={(cluster) => String(cluster.id)}
          loading={query.isPending}
          skeletonRows={3}
          rowTestId="cluster-row"
          minWidth={760}
        />
      </Paper>
    );
  }

  const deleting = dialog.kind === 'delete' ? dialog.cluster : null;

  return (
    <>
      <PageHeader title="Clusters" description={description} actions={addButton} />
      {body}
      <ClusterFormModal
        profileId={profile.id}
        opened={dialog.kind === 'add' || dialog.kind === 'edit'}
        cluster={dialog.kind === 'edit' ? dialog.cluster : null}
        clusters={clusters}
        onClose={closeDialog}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete cluster “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete cluster"
        busy={deleteCluster.isPending}
        error={deleteCluster.error}
        onClose={closeDialog}
        onConfirm={() => {
          if (!deleting) return;
          deleteCluster.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                title: 'Cluster deleted',
                message: `${deleting.name} is no longer attached to ${profile.name}.`,
              });
              closeDialog();
            },
          });
        }}
      >
        <Text size="sm">
          GitLab forgets the cluster <b>{deleting?.name}</b> and its token, and jobs in the environment scope{' '}
          <Code>{deleting?.environment_scope}</Code> stop deploying to it. Nothing on the cluster itself is
          removed.
        </Text>
      </ConfirmModal>
    </>
  );
}
