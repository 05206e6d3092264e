import { ActionIcon, Anchor, Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  IconChevronDown,
  IconChevronRight,
  IconFolderPlus,
  IconSearch,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { adminGroupQueries, type AdminGroup } from '../../../api/admin/groups/queries.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { RefreshButton, TableToolbar } from '../../../components/data-table/index.js';
import { TableEmptyState } from '../../../components/data-table/table-empty-state.js';
import { ListPager } from '../../../components/list-pager.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminLoadError } from '../admin-query-error.js';
import { GroupDrawer } from './group-drawer.js';
import { GroupFormModal } from './group-form-modal.js';
import { VisibilityBadge } from '../../projects/visibility-badge.js';

/**
 * Admin → Groups (issue 28): the instance's top-level groups by name, paged with the total, each
 * opening into its subgroups on demand (one request per opened group); a search lists matches at any
 * depth. A group's name opens its drawer: members, subgroups, projects, settings, transfer and delete.
 */
export function GroupsPage() {
  const profile = useActiveProfile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const query = useQuery(adminGroupQueries.list(profile.id, { search: debounced, page }));
  const groups = query.data?.items ?? [];
  const searching = debounced.trim() !== '';

  let description = `Groups on ${profile.name}`;
  if (query.data) {
    const total = query.data.total;
    description =
      total === null
        ? `${searching ? 'Matching groups' : 'Top-level groups'} on ${profile.name} (count unavailable)`
        : `${total} ${searching ? 'matching' : 'top-level'} ${total === 1 ? 'group' : 'groups'} on ${profile.name}`;
  }

  let body;
  if (query.isError && !query.data) {
    body = <AdminLoadError what="groups" query={query} />;
  } else if (query.data && groups.length === 0 && !searching) {
    body = (
      <TableEmptyState
        icon={<IconUsersGroup size={26} stroke={1.6} />}
        title="No groups yet"
        description="Groups hold projects and members: people added to a group reach all its projects."
        actions={
          <Button leftSection={<IconFolderPlus size={16} />} onClick={() => setCreating(true)}>
            New group
          </Button>
        }
      />
    );
  } else {
    body = (
      <Paper withBorder>
        <TableToolbar>
          <TextInput
            size="xs"
            aria-label="Search groups"
            placeholder="Search groups by name or path"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
          />
          <RefreshButton
            label="Refresh groups"
            onRefresh={() => void query.refetch()}
            refreshing={query.isFetching && !query.isPending}
          />
        </TableToolbar>
        {query.data && groups.length === 0 ? (
          <Text size="sm" c="dimmed" px="md" py="lg">
            No group matches “{debounced.trim()}”.
          </Text>
        ) : (
          <Table
            verticalSpacing="xs"
            data-testid="groups-table"
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Group</Table.Th>
                <Table.Th w={120}>Visibility</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    <Text size="sm" c="dimmed">
                      Loading groups…
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                groups.map((group) => (
                  <GroupRow
                    key={group.id}
                    profileId={profile.id}
                    group={group}
                    depth={0}
                    expandable={!searching}
                    onOpen={setOpenId}
                  />
                ))
              )}
            </Table.Tbody>
          </Table>
        )}
        {query.data ? <ListPager page={query.data} noun="groups" onPageChange={setPage} /> : null}
      </Paper>
    );
  }

  return (
    <>
      <PageHeader
        title="Groups"
        description={description}
        actions={
          <Button leftSection={<IconFolderPlus size={16} />} onClick={() => setCreating(true)}>
            New group
          </Button>
        }
      />
      {body}
      <GroupDrawer
        profileId={profile.id}
        groupId={openId}
        onClose={() => setOpenId(null)}
        onOpenGroup={setOpenId}
      />
      <GroupFormModal
        profileId={profile.id}
        opened={creating}
        parent={null}
        onClose={() => setCreating(false)}
        onCreated={(group) => setOpenId(group.id)}
      />
    </>
  );
}

/** One group row, and, once opened, its subgroups below it (indented). */
function GroupRow({
  profileId,
  group,
  depth,
  expandable,
  onOpen,
}: {
  profileId: string;
  group: AdminGroup;
  depth: number;
  expandable: boolean;
  onOpen: (id: number) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const subgroups = useQuery({ ...adminGroupQueries.subgroups(profileId, group.id), enabled: expanded });
  return (
    <>
      <Table.Tr data-group={group.full_path}>
        <Table.Td>
          <Group gap={6} wrap="nowrap" style={{ paddingLeft: depth * 20, minWidth: 0 }}>
            {expandable ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`${expanded ? 'Hide' : 'Show'} subgroups of ${group.full_path}`}
                aria-expanded={expanded}
                onClick={() => setExpanded((value) => !value)}
              >
                {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              </ActionIcon>
            ) : null}
            <div style={{ minWidth: 0 }}>
              <Anchor
                component="button"
                type="button"
                fw={600}
                size="sm"
                onClick={() => onOpen(group.id)}
                ta="left"
              >
                {group.name}
              </Anchor>
              <Text size="xs" c="dimmed" truncate="end">
                {group.full_path}
                {group.marked_for_deletion_on
                  ? ` · marked for deletion on ${group.marked_for_deletion_on}`
                  : ''}
              </Text>
            </div>
          </Group>
        </Table.Td>
        <Table.Td>
          <VisibilityBadge visibility={group.visibility} />
        </Table.Td>
      </Table.Tr>
      {expanded && subgroups.isError ? (
        <Table.Tr>
          <Table.Td colSpan={2} style={{ paddingLeft: (depth + 1) * 20 + 16 }}>
            <Text size="xs" c="red">
              Couldn’t load subgroups.
            </Text>
          </Table.Td>
        </Table.Tr>
      ) : null}
      {expanded && subgroups.data?.items.length === 0 ? (
        <Table.Tr>
          <Table.Td colSpan={2} style={{ paddingLeft: (depth + 1) * 20 + 16 }}>
            <Text size="xs" c="dimmed">
              No subgroups.
            </Text>
          </Table.Td>
        </Table.Tr>
      ) : null}
      {expanded
        ? subgroups.data?.items.map((child) => (
            <GroupRow
              key={child.id}
              profileId={profileId}
              group={child}
              depth={depth + 1}
              expandable
              onOpen={onOpen}
            />
          ))
        : null}
    </>
  );
}
