import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CloseButton,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import {
  IconFolderOpen,
  IconGitBranch,
  IconHistory,
  IconPlus,
  IconSearch,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteBranch, useDeleteMergedBranches } from '../../api/repository/mutations.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { Branch } from '../../api/repository/types.js';
import { ConfirmModal } from '../../components/confirm-modal.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { branchDeleteBlocker } from './branch-rules.js';
import { pinDefaultBranch } from './branch-order.js';
import { CommitSha } from './commit-sha.js';
import { CommitTitleLink } from './commit-title-link.js';
import { CreateBranchModal } from './create-branch-modal.js';
import { EmptyRepository } from './empty-repository.js';
import { ListPager } from '../../components/list-pager.js';
import { useRepository } from './repository-context.js';
import { fileRoute, historyRoute } from './repository-paths.js';
import classes from './repository-table.module.css';

const PER_PAGE = 20;

/**
 * Branches: a searchable, paginated table with default/protected/merged badges and each branch's
 * last commit; create a branch from any ref, delete one (default and protected ones are refused
 * with a reason), and delete all merged branches after a confirmation that says what it does.
 */
export function BranchesPage() {
  const { profileId, projectId, defaultBranch, empty } = useRepository();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [pageState, setPageState] = useState({ search: '', page: 1 });
  const page = pageState.search === search ? pageState.page : 1;
  const [createOpened, createModal] = useDisclosure(false);
  const [mergedOpened, mergedModal] = useDisclosure(false);
  const [toDelete, setToDelete] = useState<Branch | null>(null);
  const deleteBranch = useDeleteBranch(profileId, projectId);
  const deleteMerged = useDeleteMergedBranches(profileId, projectId);

  const query = useQuery({
    ...repositoryQueries.branchList(profileId, projectId, { search, page, perPage: PER_PAGE }),
    enabled: !empty,
  });
  const data = query.data;
  // The default branch leads the list whatever its name (GitLab's order); fetched on its own for page 1.
  const pinned = useQuery({
    ...repositoryQueries.branch(profileId, projectId, defaultBranch),
    enabled: !empty && defaultBranch !== '',
  });
  const rows = data ? pinDefaultBranch(data.items, defaultBranch, pinned.data, { page, search }) : [];

  const actions = (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconTrashX size={16} />}
        onClick={mergedModal.open}
        disabled={empty}
      >
        Delete merged branches
      </Button>
      <Button leftSection={<IconPlus size={16} />} onClick={createModal.open} disabled={empty}>
        New branch
      </Button>
    </>
  );

  if (empty) {
    return (
      <>
        <PageHeader title="Branches" description="Lines of development in this repository." />
        <EmptyRepository what="branches" />
      </>
    );
  }

  let body;
  if (query.isError && !data) {
    body = (
      <QueryErrorAlert
        title="Couldn’t load branches"
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
        m="md"
      />
    );
  } else if (data && data.items.length === 0) {
    body = (
      <EmptyState
        py={48}
        icon={<IconSearch size={24} stroke={1.6} />}
        withIndicatorBackground
        title={search ? `No branch matches “${search}”` : 'No branches'}
        description={
          search ? 'Use ^term to match the start of a name and term$ to match its end.' : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <Table.ScrollContainer minWidth={760} type="native">
          <Table
            className={classes.table}
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing="md"
            data-stale={query.isPlaceholderData || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Branch</Table.Th>
                <Table.Th>Last commit</Table.Th>
                <Table.Th className={classes.shrink}>Updated</Table.Th>
                <Table.Th className={classes.shrink} aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!data
                ? Array.from({ length: 6 }, (_, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>
                        <Skeleton height={10} width={140} />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton height={10} width="60%" />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton height={10} width={70} />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton height={24} width={90} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : rows.map((branch) => {
                    const blocker = branchDeleteBlocker(branch);
                    const ref = branch.name === defaultBranch ? undefined : branch.name;
                    return (
                      <Table.Tr key={branch.name} data-testid="branch-row">
                        <Table.Td style={{ maxWidth: 0, width: '36%' }}>
                          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                            <IconGitBranch size={16} stroke={1.7} color="var(--mantine-color-dimmed)" />
                            <Anchor
                              component={Link}
                              to={fileRoute(projectId, 'tree', '', ref)}
                              size="sm"
                              fw={600}
                              ff="monospace"
                              truncate
                              title={branch.name}
                              style={{ minWidth: 0 }}
                              data-testid="branch-name"
                            >
                              {branch.name}
                            </Anchor>
                            {branch.default ? (
                              <Badge size="sm" variant="light" color="outpost" style={{ flex: 'none' }}>
                                default
                              </Badge>
                            ) : null}
                            {branch.protected ? (
                              <Badge size="sm" variant="light" color="orange" style={{ flex: 'none' }}>
                                protected
                              </Badge>
                            ) : null}
                            {branch.merged && !branch.default ? (
                              <Badge size="sm" variant="light" color="teal" style={{ flex: 'none' }}>
                                merged
                              </Badge>
                            ) : null}
                          </Group>
                        </Table.Td>
                        <Table.Td style={{ maxWidth: 0, width: '50%' }}>
                          <Stack gap={2}>
                            <Group gap="sm" wrap="nowrap">
                              <CommitSha sha={branch.commit.id} withCopy={false} />
                              <CommitTitleLink
                                projectId={projectId}
                                commit={branch.commit}
                                size="sm"
                                style={{ flex: 1, minWidth: 0 }}
                              />
                            </Group>
                            <Text size="xs" c="dimmed" truncate>
                              {branch.commit.author_name}
                            </Text>
                          </Stack>
                        </Table.Td>
                        <Table.Td className={classes.shrink}>
                          <RelativeTime iso={branch.commit.committed_date} size="sm" c="dimmed" />
                        </Table.Td>
                        <Table.Td className={classes.shrink}>
                          <Group gap={4} wrap="nowrap">
                            <Tooltip label="Browse files">
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                component={Link}
                                to={fileRoute(projectId, 'tree', '', ref)}
                                aria-label={`Browse files on ${branch.name}`}
                              >
                                <IconFolderOpen size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="History">
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                component={Link}
                                to={historyRoute(projectId, ref)}
                                aria-label={`History of ${branch.name}`}
                              >
                                <IconHistory size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip
                              label={blocker ?? 'Delete branch'}
                              multiline
                              w={blocker ? 260 : undefined}
                            >
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                onClick={() => setToDelete(branch)}
                                disabled={blocker !== null}
                                aria-label={`Delete branch ${branch.name}`}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data ? (
          <ListPager
            page={data}
            noun="branches"
            onPageChange={(next) => setPageState({ search, page: next })}
          />
        ) : null}
      </>
    );
  }

  const total = data?.total;
  return (
    <>
      <PageHeader
        title="Branches"
        description={
          total !== undefined && total !== null
            ? search
              ? `${total} ${total === 1 ? 'branch matches' : 'branches match'} “${search}”`
              : `${total} ${total === 1 ? 'branch' : 'branches'} · default ${defaultBranch}`
            : 'Lines of development in this repository.'
        }
        actions={actions}
      />
      <Paper withBorder>
        <Group p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <TextInput
            aria-label="Search branches"
            placeholder="Search branches (^start, end$)"
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setSearchInput('');
            }}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            rightSection={
              searchInput ? (
                <CloseButton size="sm" aria-label="Clear search text" onClick={() => setSearchInput('')} />
              ) : null
            }
            w={{ base: '100%', sm: 340 }}
          />
        </Group>
        {query.isError && data ? (
          <QueryErrorAlert
            title="Couldn’t refresh branches"
            error={query.error}
            onRetry={() => query.refetch()}
            m="md"
          />
        ) : null}
        {body}
      </Paper>
      {/* Mounted on open, so it starts from the ref being browsed now. */}
      {createOpened ? <CreateBranchModal opened onClose={createModal.close} /> : null}
      <ConfirmModal
        opened={toDelete !== null}
        title="Delete branch"
        confirmLabel="Delete branch"
        busy={deleteBranch.isPending}
        error={deleteBranch.error}
        onClose={() => {
          deleteBranch.reset();
          setToDelete(null);
        }}
        onConfirm={() => {
          if (!toDelete) return;
          const name = toDelete.name;
          deleteBranch.mutate(name, {
            onSuccess: () => {
              notifications.show({ color: 'teal', title: 'Branch deleted', message: `${name} was deleted.` });
              deleteBranch.reset();
              setToDelete(null);
            },
          });
        }}
      >
        <Text size="sm">
          Delete <b>{toDelete?.name}</b>?{' '}
          {toDelete?.merged
            ? 'It is merged into the default branch, so no work is lost.'
            : 'It is not merged into the default branch: commits only on this branch become unreachable.'}
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={mergedOpened}
        title="Delete merged branches"
        confirmLabel="Delete merged branches"
        busy={deleteMerged.isPending}
        error={deleteMerged.error}
        onClose={() => {
          deleteMerged.reset();
          mergedModal.close();
        }}
        onConfirm={() =>
          deleteMerged.mutate(undefined, {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                title: 'Merged branches deleted',
                message: `Branches merged into ${defaultBranch} were deleted; protected ones were kept.`,
              });
              deleteMerged.reset();
              mergedModal.close();
            },
          })
        }
      >
        <Stack gap={6}>
          <Text size="sm">
            This deletes <b>every branch that is fully merged into {defaultBranch}</b>, the default branch.
          </Text>
          <Text size="sm" c="dimmed">
            Protected branches and {defaultBranch} itself are kept. Branches with unmerged commits are not
            touched. Deleted branches can’t be restored from here.
          </Text>
        </Stack>
      </ConfirmModal>
    </>
  );
}
