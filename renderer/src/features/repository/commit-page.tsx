import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { repositoryQueries } from '../../api/repository/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { CommitSha } from './commit-sha.js';
import { useRepository } from './repository-context.js';

/** One commit (`/repository/:projectId/commit/:sha`): title, message, author. */
export function CommitPage() {
  const { profileId, projectId } = useRepository();
  const sha = useParams().sha ?? '';
  const commit = useQuery(repositoryQueries.commit(profileId, projectId, sha));
  if (commit.isError)
    return (
      <QueryErrorAlert
        title="Couldn’t load the commit"
        error={commit.error}
        onRetry={() => commit.refetch()}
        retrying={commit.isFetching}
      />
    );
  if (!commit.data) return <Skeleton height={120} />;
  const data = commit.data;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Title order={3}>{data.title}</Title>
        <Text size="sm" c="dimmed">
          {data.author_name}
        </Text>
        <CommitSha sha={data.id} />
      </Paper>
    </Stack>
  );
}
