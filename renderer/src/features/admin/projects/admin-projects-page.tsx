import { Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconFolders, IconSearch } from '@tabler/icons-react';
import type { SortingState, Updater } from '@tanstack/react-table';
import { useState } from 'react';
import type { AdminProjectOrder } from '../../../api/admin/projects/keys.js';
import { adminProjectQueries, type AdminProject } from '../../../api/admin/projects/queries.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { DataTable, RefreshButton, TableToolbar } from '../../../components/data-table/index.js';
import { ListPager } from '../../../components/list-pager.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminListBody } from '../admin-list.js';
import { adminProjectColumns, type AdminProjectRowActions } from './admin-project-columns.js';
import { ArchiveProjectDialog, DeleteProjectDialog, TransferProjectDialog } from './admin-project-dialogs.js';

const ORDERS = new Set<string>(['last_activity_at', 'name', 'created_at', 'repository_size', 'storage_size']);

type Dialog = { kind: 'transfer' | 'archive' | 'delete'; project: AdminProject } | null;

/**
 * Admin → Projects (issue 28): every project of the instance (`GET /projects?statistics=true` as an
 * administrator), with its namespace, repository shard, repository and storage size, last activity and
 * archived state; searched on the server, sorted on the server by name, size, last activity or
 * creation (the size orderings are GitLab's administrators-only `order_by` values), paged with the total.
 * Each row transfers, archives/unarchives or deletes the project.
 */
export function AdminProjectsPage() {
  const profile = useActiveProfile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'last_activity_at', desc: true }]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const sort = sorting[0];
  const orderBy: AdminProjectOrder =
    sort && ORDERS.has(sort.id) ? (sort.id as AdminProjectOrder) : 'last_activity_at';
  const query = useQuery(
    adminProjectQueries.list(profile.id, {
      search: debounced,
      orderBy,
      sort: sort && !sort.desc ? 'asc' : 'desc',
      page,
    }),
  );
  const projects = query.data?.items ?? [];
  const searching = debounced !== '';

  let description = `Projects on ${profile.name}`;
  if (query.data) {
    const total = query.data.total;
    const noun = searching ? 'matching' : '';
    description =
      total === null
        ? `${searching ? 'Matching projects' : 'Projects'} on ${profile.name} (count unavailable)`
        : `${total} ${noun ? `${noun} ` : ''}${total === 1 ? 'project' : 'projects'} on ${profile.name}`;
  }

  const rowActions: AdminProjectRowActions = {
    onTransfer: (project) => setDialog({ kind: 'transfer', project }),
    onArchive: (project) => setDialog({ kind: 'archive', project }),
    onDelete: (project) => setDialog({ kind: 'delete', project }),
  };
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader title="Projects" description={description} />
      <AdminListBody
        query={query}
        what="projects"
        isEmpty={projects.length === 0 && !searching}
        empty={{
          icon: <IconFolders size={26} stroke={1.6} />,
          title: 'No projects yet',
          description: 'Projects hold repositories, merge requests and pipelines. Create one under Projects.',
        }}
      >
        <TableToolbar>
          <TextInput
            size="xs"
            aria-label="Search projects"
            placeholder="Search projects by name, path or description"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
          />
          <RefreshButton
            label="Refresh projects"
            onRefresh={() => void query.refetch()}
            refreshing={query.isFetching && !query.isPending}
          />
        </TableToolbar>
        {query.data && projects.length === 0 ? (
          <Text size="sm" c="dimmed" px="md" py="lg">
            No project matches “{debounced}”.
          </Text>
        ) : (
          <DataTable
            label="Projects"
            data={projects}
            columns={adminProjectColumns}
            meta={rowActions}
            getRowId={(project) => String(project.id)}
            loading={query.isPending}
            rowTestId="admin-project-row"
            minWidth={600}
            stale={query.isPlaceholderData}
            verticalSpacing="xs"
            sorting={{
              state: sorting,
              onChange: (updater: Updater<SortingState>) => {
                setSorting((previous) => (typeof updater === 'function' ? updater(previous) : updater));
                setPage(1);
              },
            }}
          />
        )}
        {query.data ? <ListPager page={query.data} noun="projects" onPageChange={setPage} /> : null}
      </AdminListBody>
      <TransferProjectDialog
        profileId={profile.id}
        project={dialog?.kind === 'transfer' ? dialog.project : null}
        onClose={close}
      />
      <ArchiveProjectDialog
        profileId={profile.id}
        project={dialog?.kind === 'archive' ? dialog.project : null}
        onClose={close}
      />
      <DeleteProjectDialog
        profileId={profile.id}
        project={dialog?.kind === 'delete' ? dialog.project : null}
        onClose={close}
      />
    </>
  );
}
