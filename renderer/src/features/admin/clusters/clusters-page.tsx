import { Button, Code, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconPlus, IconTopologyStar3 } from '@tabler/icons-react';
import { useDeleteCluster, useSetClusterEnabled } from '../../../api/admin/clusters/mutations.js';
import { clusterQueries, clustersOffOn } from '../../../api/admin/clusters/queries.js';
import type { InstanceCluster } from '../../../api/admin/clusters/types.js';
import { useInstanceCapabilities } from '../../../api/capabilities/capabilities.js';
import { decideFeature } from '../../../../../shared/instance-capabilities.js';
import { describeError } from '../../../api/describe-error.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { DataTable, RefreshButton, TableToolbar } from '../../../components/data-table/index.js';
import { FeatureUnavailable } from '../../../components/feature-unavailable.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminDeleteConfirm, AdminListBody, countNoun, useListDialog } from '../admin-list.js';
import { CertificateClustersOff } from './certificate-clusters-off.js';
import { clusterColumns, type ClusterRowActions } from './cluster-columns.js';
import { ClusterFormModal } from './cluster-form-modal.js';

/**
 * Admin → Clusters: the Kubernetes clusters attached to the whole instance (`/admin/clusters`, every
 * page), with an inline enable switch (optimistic), add and edit dialogs and a delete confirmation.
 * Decided from the instance's capabilities first (`instance-clusters`: GitLab 13.2+, an administrator);
 * on a GitLab whose certificate-based clusters are off (the list answered 404 once), the GitLab agent for
 * Kubernetes is explained instead ({@link CertificateClustersOff}) and the list is not asked again.
 */
export function ClustersPage() {
  const { capabilities } = useInstanceCapabilities();
  const availability = decideFeature('instance-clusters', capabilities);
  if (availability.status !== 'available') {
    return (
      <>
        <PageHeader title="Clusters" description="Kubernetes clusters every project can deploy to" />
        <FeatureUnavailable availability={availability} testId="clusters-unavailable" />
      </>
    );
  }
  return <ClustersList gitlab={clustersOffOn(capabilities)} />;
}

function ClustersList({ gitlab }: { gitlab: boolean }) {
  const profile = useActiveProfile();
  const { capabilities } = useInstanceCapabilities();
  const query = useQuery(clusterQueries.list(profile.id, gitlab));
  const setEnabled = useSetClusterEnabled(profile.id);
  const deleteCluster = useDeleteCluster(profile.id);
  const {
    dialog,
    open: setDialog,
    close: closeDialog,
    editing,
    deleting,
  } = useListDialog<InstanceCluster>(deleteCluster);
  const clusters = query.data?.clusters ?? [];

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
    onEdit: (cluster) => setDialog({ kind: 'edit', item: cluster }),
    onDelete: (cluster) => setDialog({ kind: 'delete', item: cluster }),
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
      Add cluster
    </Button>
  );

  let description = `Kubernetes clusters every project of ${profile.name} can deploy to`;
  if (query.data) {
    const { total, truncated } = query.data;
    description =
      clusters.length === 0
        ? `No clusters on ${profile.name}`
        : `${countNoun(clusters.length, 'cluster', 'clusters')} on ${profile.name}, matched to environments by scope`;
    if (truncated)
      description = `The first ${countNoun(clusters.length, 'cluster', 'clusters')} of ${total ?? 'more'} on ${profile.name}; Outpost reads at most ${clusters.length} here`;
  }

  if (query.data?.certificateClustersOff) {
    return (
      <>
        <PageHeader title="Clusters" description={`No certificate-based clusters on ${profile.name}`} />
        <CertificateClustersOff capabilities={capabilities} />
      </>
    );
  }

  const body = (
    <AdminListBody
      query={query}
      what="clusters"
      isEmpty={clusters.length === 0}
      empty={{
        icon: <IconTopologyStar3 size={26} stroke={1.6} />,
        title: 'No clusters yet',
        description:
          'Add an existing Kubernetes cluster by its API URL and a service token. Every project can then deploy to it, by environment scope.',
        actions: addButton,
      }}
    >
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
    </AdminListBody>
  );

  return (
    <>
      <PageHeader title="Clusters" description={description} actions={addButton} />
      {body}
      <ClusterFormModal
        profileId={profile.id}
        opened={dialog.kind === 'add' || dialog.kind === 'edit'}
        cluster={editing}
        clusters={clusters}
        onClose={closeDialog}
      />
      <AdminDeleteConfirm
        item={deleting}
        mutation={deleteCluster}
        idOf={(cluster) => cluster.id}
        title={(cluster) => `Delete cluster “${cluster?.name ?? ''}”?`}
        confirmLabel="Delete cluster"
        deleted={(cluster) => ({
          title: 'Cluster deleted',
          message: `${cluster.name} is no longer attached to ${profile.name}.`,
        })}
        onClose={closeDialog}
      >
        <Text size="sm">
          GitLab forgets the cluster <b>{deleting?.name}</b> and its token, and jobs in the environment scope{' '}
          <Code>{deleting?.environment_scope}</Code> stop deploying to it. Nothing on the cluster itself is
          removed.
        </Text>
      </AdminDeleteConfirm>
    </>
  );
}
