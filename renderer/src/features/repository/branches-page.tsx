import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  IconFolderOpen,
  IconGitBranch,
  IconHistory,
  IconPlus,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteBranch, useDeleteMergedBranches } from '../../api/repository/mutations.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { Branch } from '../../api/repository/types.js';
import { dataTableClasses, RowActions } from '../../components/data-table/index.js';
import { RelativeTime } from '../../components/relative-time.js';
import { branchDeleteBlocker } from './branch-rules.js';
import { pinDefaultBranch } from './branch-order.js';
import { CommitSha } from './commit-sha.js';
import { CommitTitleLink } from './commit-title-link.js';
import { CreateBranchModal } from './create-branch-modal.js';
import { DeleteRefModal, MutationConfirmModal } from './mutation-confirm-modal.js';
import { RefListPage, useRefListState } from './ref-list-page.js';
import { useRepository } from './repository-context.js';
import { fileRoute, historyRoute } from './repository-paths.js';

const PER_PAGE = 20;

/**
 * Branches: a searchable, paginated table with default/protected/merged badges and each branch's
 * last commit; create a branch from any ref, delete one (default and protected ones are refused
 * with a reason), and delete all merged branches after a confirmation that says what it does.
 */
export function BranchesPage() {
  const { profileId, projectId, defaultBranch, empty } = useRepository();
  const state = useRefListState();
  const { search, page } = state;
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
  const rows = data ? pinDefaultBranch(data.items, defaultBranch, pinned.data, { page, search }) : undefined;

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

  return (
    <RefListPage
      noun={{ title: 'Branches', one: 'branch', many: 'branches' }}
      blurb="Lines of development in this repository."
      describeTotal={(total, search) =>
        search
          ? `${total} ${total === 1 ? 'branch matches' : 'branches match'} “${search}”`
          : `${total} ${total === 1 ? 'branch' : 'branches'} · default ${defaultBranch}`
      }
      actions={actions}
      empty={empty}
      state={state}
      query={query}
      rows={rows}
      columns={[
        { label: 'Branch', skeletonWidth: 140 },
        { label: 'Last commit', skeletonWidth: '60%' },
        { label: 'Updated', skeletonWidth: 70, shrink: true },
        { skeletonWidth: 90 },
      ]}
      skeletonRows={6}
      tableMinWidth={760}
      highlightOnHover
      renderRow={(branch) => {
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
            <Table.Td className={dataTableClasses.shrink}>
              <RelativeTime iso={branch.commit.committed_date} size="sm" c="dimmed" />
            </Table.Td>
            <Table.Td className={dataTableClasses.actions}>
              <RowActions
                actions={[
                  {
                    tooltip: 'Browse files',
                    label: `Browse files on ${branch.name}`,
                    icon: <IconFolderOpen size={16} />,
                    to: fileRoute(projectId, 'tree', '', ref),
                  },
                  {
                    tooltip: 'History',
                    label: `History of ${branch.name}`,
                    icon: <IconHistory size={16} />,
                    to: historyRoute(projectId, ref),
                  },
                  {
                    tooltip: blocker ?? 'Delete branch',
                    label: `Delete branch ${branch.name}`,
                    icon: <IconTrash size={16} />,
                    color: 'red',
                    onClick: () => setToDelete(branch),
                    disabled: blocker !== null,
                  },
                ]}
              />
            </Table.Td>
          </Table.Tr>
        );
      }}
    >
      {/* Mounted on open, so it starts from the ref being browsed now. */}
      {createOpened ? <CreateBranchModal opened onClose={createModal.close} /> : null}
      <DeleteRefModal
        kind="branch"
        target={toDelete}
        mutation={deleteBranch}
        onClose={() => setToDelete(null)}
      >
        <Text size="sm">
          Delete <b>{toDelete?.name}</b>?{' '}
          {toDelete?.merged
            ? 'It is merged into the default branch, so no work is lost.'
            : 'It is not merged into the default branch: commits only on this branch become unreachable.'}
        </Text>
      </DeleteRefModal>
      <MutationConfirmModal
        opened={mergedOpened}
        title="Delete merged branches"
        confirmLabel="Delete merged branches"
        mutation={deleteMerged}
        variables={undefined}
        done={{
          title: 'Merged branches deleted',
          message: `Branches merged into ${defaultBranch} were deleted; protected ones were kept.`,
        }}
        onClose={mergedModal.close}
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
      </MutationConfirmModal>
    </RefListPage>
  );
}
