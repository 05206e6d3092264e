import {
  Button,
  CloseButton,
  EmptyState,
  Group,
  Kbd,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconArrowUp,
  IconFile,
  IconFilePlus,
  IconFilter,
  IconFolder,
  IconFolderOff,
  IconHistory,
  IconPackage,
  IconSearch,
} from '@tabler/icons-react';
import { useInViewport } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { parentPath, trimSlashes } from '../../api/repository/file-path.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { TreeEntry } from '../../api/repository/types.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { useShortcut } from '../../app/shortcuts/use-shortcut.js';
import { CommitTitleLink } from './commit-title-link.js';
import { EmptyRepository } from './empty-repository.js';
import { LastCommitBar } from './last-commit-bar.js';
import { ReadmePreview } from './readme-preview.js';
import { useRepository } from './repository-context.js';
import { fileRoute, historyRoute } from './repository-paths.js';
import { RepositoryToolbar } from './repository-toolbar.js';
import classes from './repository-table.module.css';
import { filterTreeEntries, sortTreeEntries } from './tree-entries.js';
import { useRefIsBranch } from './use-ref-is-branch.js';
import { useLinkRef } from './use-switch-ref.js';

const README = /^readme(\.(md|markdown))?$/i;

function EntryIcon({ type }: { type: TreeEntry['type'] }) {
  if (type === 'tree') return <IconFolder size={18} stroke={1.7} color="var(--mantine-color-outpost-5)" />;
  if (type === 'commit') return <IconPackage size={18} stroke={1.7} color="var(--mantine-color-dimmed)" />;
  return <IconFile size={18} stroke={1.7} color="var(--mantine-color-dimmed)" />;
}

/**
 * An entry's last commit (title linking to the commit page, author) and its age, as two cells. Asks only
 * once the row has been in view (`GET …/commits?path=&per_page=1` per entry: the v4 API has no batch
 * form), so a folder of hundreds of entries costs what is on screen.
 */
function LastCommitCells({ path }: { path: string }) {
  const { profileId, projectId, ref } = useRepository();
  const { ref: cellRef, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  const commit = useQuery({
    ...repositoryQueries.lastCommit(profileId, projectId, ref, path),
    enabled: seen,
  });
  return (
    <>
      <Table.Td ref={cellRef} style={{ maxWidth: 0, width: '45%' }} data-testid="tree-row-commit">
        {commit.data ? (
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <CommitTitleLink projectId={projectId} commit={commit.data} size="sm" c="dimmed" />
            <Text span size="xs" c="dimmed" visibleFrom="lg" style={{ flex: 'none' }} truncate maw={160}>
              · {commit.data.author_name}
            </Text>
          </Group>
        ) : commit.isError ? (
          <Text size="xs" c="dimmed">
            —
          </Text>
        ) : (
          <Skeleton height={8} width="60%" />
        )}
      </Table.Td>
      <Table.Td className={classes.shrink} ta="right" data-testid="tree-row-age">
        {commit.data ? (
          <RelativeTime iso={commit.data.committed_date} size="sm" c="dimmed" />
        ) : commit.isError ? null : (
          <Skeleton height={8} width={60} ml="auto" />
        )}
      </Table.Td>
    </>
  );
}

/**
 * Files: one folder of the repository at the current ref, folders first, each with its last commit
 * and age, with breadcrumbs, the ref's last commit, a name filter (`t` focuses it) and the folder's
 * README below. "New file" is offered on branches only (a tag or SHA can't take a commit).
 */
export function FileTreePage() {
  const { profileId, projectId, ref, empty } = useRepository();
  const linkRef = useLinkRef();
  const isBranch = useRefIsBranch();
  const path = trimSlashes(useParams()['*'] ?? '');
  const [filter, setFilter] = useState('');
  // The filter belongs to one folder: opening another (or going back) starts unfiltered.
  const [filterPath, setFilterPath] = useState(path);
  if (filterPath !== path) {
    setFilterPath(path);
    setFilter('');
  }
  const filterRef = useRef<HTMLInputElement>(null);
  useShortcut('files-filter', () => filterRef.current?.focus());

  const tree = useQuery({ ...repositoryQueries.tree(profileId, projectId, ref, path), enabled: !empty });
  const sorted = useMemo(() => sortTreeEntries(tree.data?.entries ?? []), [tree.data]);
  const shown = filterTreeEntries(sorted, filter);
  const readme = sorted.find((entry) => entry.type === 'blob' && README.test(entry.name));

  if (empty) return <EmptyRepository />;

  const actions = (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconHistory size={16} />}
        component={Link}
        to={historyRoute(projectId, linkRef, path)}
      >
        History
      </Button>
      {isBranch ? (
        <Button
          size="sm"
          leftSection={<IconFilePlus size={16} />}
          component={Link}
          to={fileRoute(projectId, 'new', path, linkRef)}
        >
          New file
        </Button>
      ) : null}
    </>
  );

  let body;
  if (tree.isError) {
    const missing = tree.error instanceof ApiError && tree.error.status === 404;
    body = missing ? (
      <EmptyState
        py={48}
        variant="light"
        icon={<IconFolderOff size={26} stroke={1.6} />}
        title={path ? `No folder “${path}” at ${ref}` : `Nothing at ${ref}`}
        description="The folder doesn’t exist on this branch or tag. Pick another ref, or go back to the top."
      >
        <EmptyState.Actions>
          <Button variant="default" component={Link} to={fileRoute(projectId, 'tree', '', linkRef)}>
            Go to the top
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <QueryErrorAlert
        title="Couldn’t load the folder"
        error={tree.error}
        onRetry={() => tree.refetch()}
        retrying={tree.isFetching}
        m="md"
      />
    );
  } else if (!tree.data) {
    body = (
      <Table className={classes.table} aria-busy>
        <Table.Tbody>
          {Array.from({ length: 8 }, (_, index) => (
            <Table.Tr key={index} data-testid="tree-row-skeleton">
              <Table.Td>
                <Group gap="sm">
                  <Skeleton height={18} width={18} radius="sm" />
                  <Skeleton height={10} width={`${30 + ((index * 17) % 40)}%`} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  } else if (shown.length === 0 && filter.trim()) {
    body = (
      <EmptyState
        py={40}
        icon={<IconSearch size={24} stroke={1.6} />}
        withIndicatorBackground
        title={`Nothing here matches “${filter.trim()}”`}
        description="The filter looks at names in this folder only."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={() => setFilter('')}>
            Clear filter
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <Table highlightOnHover className={classes.table} verticalSpacing={7}>
        <Table.Tbody>
          {path && !filter.trim() ? (
            <Table.Tr>
              <Table.Td>
                <Link
                  className={classes.entryLink}
                  to={fileRoute(projectId, 'tree', parentPath(path), linkRef)}
                >
                  <IconArrowUp size={18} stroke={1.7} color="var(--mantine-color-dimmed)" />
                  <Text span size="sm" c="dimmed">
                    ..
                  </Text>
                </Link>
              </Table.Td>
              <Table.Td />
              <Table.Td />
            </Table.Tr>
          ) : null}
          {shown.map((entry) => (
            <Table.Tr key={entry.path} data-testid="tree-row" data-type={entry.type}>
              <Table.Td style={{ maxWidth: 0, width: '40%' }}>
                {entry.type === 'commit' ? (
                  <span className={classes.entryLink}>
                    <EntryIcon type={entry.type} />
                    <Text span size="sm">
                      {entry.name}
                    </Text>
                    <Text span size="xs" c="dimmed" ff="monospace">
                      submodule @ {entry.id.slice(0, 8)}
                    </Text>
                  </span>
                ) : (
                  <Link
                    className={classes.entryLink}
                    to={fileRoute(projectId, entry.type === 'tree' ? 'tree' : 'blob', entry.path, linkRef)}
                  >
                    <EntryIcon type={entry.type} />
                    <Text span size="sm" fw={entry.type === 'tree' ? 500 : 400} truncate title={entry.name}>
                      {entry.name}
                    </Text>
                  </Link>
                )}
              </Table.Td>
              <LastCommitCells path={entry.path} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  const count = tree.data?.entries.length;
  return (
    <Stack gap="md">
      <RepositoryToolbar path={path}>{actions}</RepositoryToolbar>
      <LastCommitBar sha={ref} />
      <Paper withBorder>
        <Group
          px="sm"
          py={8}
          gap="sm"
          justify="space-between"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <TextInput
            ref={filterRef}
            size="xs"
            aria-label="Filter files"
            placeholder="Filter this folder"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setFilter('');
                event.currentTarget.blur();
              }
            }}
            leftSection={<IconFilter size={14} stroke={1.7} />}
            rightSection={
              filter ? (
                <CloseButton size="xs" aria-label="Clear filter" onClick={() => setFilter('')} />
              ) : (
                <Kbd size="xs">t</Kbd>
              )
            }
            w={{ base: '100%', sm: 280 }}
          />
          <Group gap={6}>
            {count !== undefined ? (
              <Text size="xs" c="dimmed">
                {count} {count === 1 ? 'entry' : 'entries'}
                {tree.data?.truncated ? ' (first 2,000 shown)' : ''}
              </Text>
            ) : null}
          </Group>
        </Group>
        {body}
      </Paper>
      {readme ? <ReadmePreview path={readme.path} /> : null}
    </Stack>
  );
}
