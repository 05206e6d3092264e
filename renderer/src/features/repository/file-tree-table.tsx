import { Group, Skeleton, Table, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconArrowUp, IconFile, IconFolder, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { parentPath } from '../../api/repository/file-path.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { TreeEntry } from '../../api/repository/types.js';
import { dataTableClasses } from '../../components/data-table/index.js';
import { RelativeTime } from '../../components/relative-time.js';
import { CommitTitleLink } from './commit-title-link.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import classes from './repository-table.module.css';

function EntryIcon({ type }: { type: TreeEntry['type'] }) {
  if (type === 'tree') return <IconFolder size={18} stroke={1.7} color="var(--mantine-color-outpost-5)" />;
  if (type === 'commit') return <IconPackage size={18} stroke={1.7} color="var(--mantine-color-dimmed)" />;
  return <IconFile size={18} stroke={1.7} color="var(--mantine-color-dimmed)" />;
}

/**
 * An entry's last commit (title linking to the commit page, author) and its age, as two cells. Asks only
 * once the row has been in view and `load` is on (`GET …/commits?path=&per_page=1` per entry: the v4 API
 * has no batch form, see repositoryQueries.lastCommit), so a folder of hundreds of entries costs what is
 * on screen; with `load` off, a commit already read (cached) still shows and the cells stay empty.
 */
function LastCommitCells({ path, load }: { path: string; load: boolean }) {
  const { profileId, projectId, ref } = useRepository();
  const { ref: cellRef, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  const commit = useQuery({
    ...repositoryQueries.lastCommit(profileId, projectId, ref, path),
    enabled: seen && load,
  });
  const idle = !load && !commit.data;
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
        ) : idle ? null : (
          <Skeleton height={8} width="60%" />
        )}
      </Table.Td>
      <Table.Td className={dataTableClasses.shrink} ta="right" data-testid="tree-row-age">
        {commit.data ? (
          <RelativeTime iso={commit.data.committed_date} size="sm" c="dimmed" />
        ) : commit.isError || idle ? null : (
          <Skeleton height={8} width={60} ml="auto" />
        )}
      </Table.Td>
    </>
  );
}

/** The folder's placeholder rows while its listing loads. */
export function FileTreeSkeleton() {
  return (
    <Table className={dataTableClasses.table} aria-busy>
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
}

/** Props of {@link FileTreeTable}. */
export interface FileTreeTableProps {
  /** The folder shown ('' for the top). */
  path: string;
  /** The entries to list, folders first. */
  shown: TreeEntry[];
  /** A filter is typed (the ".." row is left out then). */
  filtering: boolean;
  /** The ref for links (undefined on the default branch). */
  linkRef: string | undefined;
  /** Read each row's last commit (rows in view only); off: show only those already read. */
  loadCommits: boolean;
}

/** One folder's entries: "..", then each entry with its last commit and age. */
export function FileTreeTable({ path, shown, filtering, linkRef, loadCommits }: FileTreeTableProps) {
  const { projectId } = useRepository();
  return (
    <Table highlightOnHover className={dataTableClasses.table} verticalSpacing={7}>
      <Table.Tbody>
        {path && !filtering ? (
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
            <LastCommitCells path={entry.path} load={loadCommits} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
