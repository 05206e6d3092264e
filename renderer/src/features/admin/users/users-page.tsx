import { Button, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { User } from '../../../../../shared/api-types/users.js';
import { adminUserQueries } from '../../../api/admin/users/queries.js';
import {
  USER_FILTERS,
  USER_ORDERS,
  type UserFilter,
  type UserListParams,
  type UserOrder,
} from '../../../api/admin/users/user-filters.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { DataTable, RefreshButton, TableToolbar } from '../../../components/data-table/index.js';
import { ClearableInput } from '../../../components/list-page/list-page.js';
import { ListPager } from '../../../components/list-pager.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminListBody } from '../admin-list.js';
import { userColumns, type UserTableMeta } from './user-columns.js';
import { UserDrawer } from './user-drawer.js';
import { UserFormModal } from './user-form-modal.js';

/** Users per page (GitLab's maximum is 100). */
const PER_PAGE = 20;

/** "57 users", or "count unavailable" when the instance sends no total (GitLab does above 10,000). */
function totalLine(total: number | null, instance: string): string {
  if (total === null) return `Users on ${instance} (count unavailable)`;
  return `${total} ${total === 1 ? 'user' : 'users'} on ${instance}`;
}

/**
 * Admin → Users (issue 28): GitLab's user list for administrators, one page at a time with the total,
 * searched, filtered (active, administrators, blocked, external, without projects) and sorted on the
 * server (doc/api/users.md "List users"). A row opens the user's drawer: profile, memberships, tokens and
 * the state changes; "New user" creates one. Each first view is one request.
 */
export function UsersPage() {
  const profile = useActiveProfile();
  const [filter, setFilter] = useState<UserFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [orderBy, setOrderBy] = useState<UserOrder>('id');
  const [sort, setSort] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const params: UserListParams = { filter, search: debounced, orderBy, sort, page, perPage: PER_PAGE };
  const query = useQuery(adminUserQueries.list(profile.id, params));
  const users = query.data?.items ?? [];
  const meta: UserTableMeta = { onOpen: (user: User) => setOpenUserId(user.id) };
  const searching = debounced.trim() !== '';

  return (
    <>
      <PageHeader
        title="Users"
        description={query.data ? totalLine(query.data.total, profile.name) : `Users on ${profile.name}`}
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
            New user
          </Button>
        }
      />
      <AdminListBody
        query={query}
        what="users"
        isEmpty={false}
        empty={{ icon: <IconUsers size={26} stroke={1.6} />, title: 'No users', description: '' }}
      >
        <TableToolbar>
          <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
            <SegmentedControl
              size="xs"
              aria-label="Filter users"
              value={filter}
              onChange={(value) => {
                setFilter(value as UserFilter);
                setPage(1);
              }}
              data={Object.entries(USER_FILTERS).map(([value, definition]) => ({
                value,
                label: definition.label,
              }))}
            />
            <ClearableInput
              aria-label="Search users"
              placeholder="Search by name, username or e-mail"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
              clearLabel="Clear search"
              idleSection={<IconSearch size={14} />}
              style={{ flex: '1 1 14rem', minWidth: '12rem' }}
            />
            <Select
              size="xs"
              aria-label="Sort users by"
              value={orderBy}
              onChange={(value) => value && setOrderBy(value as UserOrder)}
              data={Object.entries(USER_ORDERS).map(([value, label]) => ({ value, label }))}
              allowDeselect={false}
              w={140}
            />
            <SegmentedControl
              size="xs"
              aria-label="Sort direction"
              value={sort}
              onChange={(value) => setSort(value as 'asc' | 'desc')}
              data={[
                { value: 'asc', label: 'Ascending' },
                { value: 'desc', label: 'Descending' },
              ]}
            />
          </Group>
          <RefreshButton
            label="Refresh users"
            onRefresh={() => void query.refetch()}
            refreshing={query.isFetching && !query.isPending}
          />
        </TableToolbar>
        {query.data && users.length === 0 ? (
          <Text size="sm" c="dimmed" px="md" py="lg" data-testid="users-empty">
            {searching ? `No users match “${debounced.trim()}”.` : USER_FILTERS[filter].none}
          </Text>
        ) : (
          <DataTable
            label="Users"
            data={users}
            columns={userColumns}
            meta={meta}
            getRowId={(user) => String(user.id)}
            loading={query.isPending}
            stale={query.isPlaceholderData}
            skeletonRows={8}
            rowTestId="user-row"
            minWidth={520}
            rowProps={(user) => ({
              'data-user-id': user.id,
              style: { cursor: 'pointer' },
              onClick: () => setOpenUserId(user.id),
            })}
          />
        )}
        {query.data ? <ListPager page={query.data} noun="users" onPageChange={setPage} /> : null}
      </AdminListBody>
      <UserDrawer profileId={profile.id} userId={openUserId} onClose={() => setOpenUserId(null)} />
      <UserFormModal
        profileId={profile.id}
        opened={creating}
        user={null}
        onClose={() => setCreating(false)}
        onCreated={(user) => setOpenUserId(user.id)}
      />
    </>
  );
}
