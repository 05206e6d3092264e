import { Avatar, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { repositoryQueries } from '../../api/repository/queries.js';
import { RelativeTime } from '../../components/relative-time.js';
import { CommitSha } from './commit-sha.js';
import { CommitTitleLink } from './commit-title-link.js';
import { useRepository } from './repository-context.js';

/**
 * The commit a ref or file was last changed in: author, title, age and SHA, in a slim bar above
 * a listing. `sha` is a commit SHA or ref name (`GET .../repository/commits/:sha`).
 */
export function LastCommitBar({ sha }: { sha: string }) {
  const { profileId, projectId } = useRepository();
  const commit = useQuery(repositoryQueries.commit(profileId, projectId, sha));
  return (
    <Paper withBorder px="md" py={10} data-testid="last-commit">
      {commit.data ? (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar name={commit.data.author_name} color="initials" size={26} />
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {commit.data.author_name}
            </Text>
            <CommitTitleLink projectId={projectId} commit={commit.data} size="sm" />
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <RelativeTime
              iso={commit.data.committed_date}
              size="sm"
              c="dimmed"
              style={{ whiteSpace: 'nowrap' }}
            />
            <CommitSha sha={commit.data.id} />
          </Group>
        </Group>
      ) : commit.isError ? (
        <Text size="sm" c="dimmed">
          The last commit could not be loaded.
        </Text>
      ) : (
        <Group gap="sm">
          <Skeleton circle height={26} />
          <Skeleton height={10} width={120} />
          <Skeleton height={10} width={260} />
        </Group>
      )}
    </Paper>
  );
}
