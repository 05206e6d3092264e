import {
  Anchor,
  Avatar,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFolderOpen, IconHistory } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { CommitDetail } from '../../api/repository/types.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { commitTitle, shortSha } from './blame-rows.js';
import { CommitDiffUnavailable, CommitDiffView } from './commit-diff.js';
import { CommitMergeRequestsLine, CommitRefsLine } from './commit-facts.js';
import { CommitSha } from './commit-sha.js';
import { useRepository } from './repository-context.js';
import { commitRoute, fileRoute, historyRoute } from './repository-paths.js';

/** The message below the title line (GitLab shows the title as heading and the rest as the body). */
export function commitBody(message: string): string {
  const newline = message.indexOf('\n');
  return newline === -1
    ? ''
    : message
        .slice(newline + 1)
        .replace(/^\s*\n/, '')
        .trimEnd();
}

/**
 * One commit (`/repository/:projectId/commit/:sha`, GitLab's `-/commit/:sha`): title and message, author
 * and committer, parents (links to their pages), the branches and tags containing it, the merge requests
 * that brought it, and its diff. `:sha` may be a full or short SHA, a branch or a tag.
 */
export function CommitPage() {
  const { profileId, projectId } = useRepository();
  const sha = useParams().sha ?? '';
  const commit = useQuery(repositoryQueries.commit(profileId, projectId, sha));

  if (commit.isError) {
    const missing = commit.error instanceof ApiError && commit.error.status === 404;
    return (
      <QueryErrorAlert
        title={missing ? `No commit ${sha} in this project` : 'Couldn’t load the commit'}
        error={commit.error}
        onRetry={missing ? undefined : () => commit.refetch()}
        retrying={commit.isFetching}
      >
        <Button size="xs" variant="light" color="red" component={Link} to={historyRoute(projectId)}>
          Open the history
        </Button>
      </QueryErrorAlert>
    );
  }
  if (!commit.data) {
    return (
      <Paper withBorder p="md" data-testid="commit-loading">
        <Skeleton height={18} width="50%" mb="sm" />
        <Skeleton height={10} width="30%" mb={6} />
        <Skeleton height={10} width="40%" />
      </Paper>
    );
  }
  return <CommitDetails commit={commit.data} />;
}

function CommitDetails({ commit }: { commit: CommitDetail }) {
  const { projectId } = useRepository();
  const body = commitBody(commit.message);
  const committerDiffers =
    commit.committer_name !== commit.author_name || commit.committer_email !== commit.author_email;

  return (
    <Stack gap="md" data-testid="commit-page">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Title
              order={3}
              style={{ minWidth: 0, overflowWrap: 'anywhere' }}
              data-testid="commit-page-title"
            >
              {commitTitle(commit)}
            </Title>
            <Group gap="xs" wrap="nowrap">
              <CommitSha sha={commit.id} />
              <Button
                size="xs"
                variant="default"
                component={Link}
                to={fileRoute(projectId, 'tree', '', commit.id)}
                leftSection={<IconFolderOpen size={14} />}
              >
                Browse files
              </Button>
            </Group>
          </Group>
          {body ? (
            <Text
              component="pre"
              size="sm"
              ff="monospace"
              m={0}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="commit-message-body"
            >
              {body}
            </Text>
          ) : null}
          <Group gap="sm" wrap="nowrap">
            <Avatar name={commit.author_name} color="initials" size={28} />
            <Text size="sm" c="dimmed">
              <Text span inherit fw={600} c="var(--mantine-color-text)" data-testid="commit-author">
                {commit.author_name}
              </Text>{' '}
              authored <RelativeTime iso={commit.authored_date} span inherit />
              {committerDiffers ? (
                <>
                  {' '}
                  · committed by{' '}
                  <Text span inherit fw={500} c="var(--mantine-color-text)">
                    {commit.committer_name}
                  </Text>{' '}
                  <RelativeTime iso={commit.committed_date} span inherit />
                </>
              ) : null}
            </Text>
          </Group>
          <Group gap="lg" wrap="wrap">
            <Group gap={6} data-testid="commit-parents">
              <Text size="sm" c="dimmed">
                {commit.parent_ids.length === 0
                  ? 'Root commit (no parents)'
                  : commit.parent_ids.length === 1
                    ? 'Parent'
                    : `${commit.parent_ids.length} parents`}
              </Text>
              {commit.parent_ids.map((parent) => (
                <Anchor
                  key={parent}
                  component={Link}
                  to={commitRoute(projectId, parent)}
                  ff="monospace"
                  size="sm"
                  title={parent}
                  data-testid="commit-parent"
                >
                  {shortSha(parent)}
                </Anchor>
              ))}
            </Group>
            {commit.stats ? (
              <Text size="sm" data-testid="commit-stats">
                <Text span inherit c="green">
                  +{commit.stats.additions}
                </Text>{' '}
                <Text span inherit c="red">
                  −{commit.stats.deletions}
                </Text>{' '}
                <Text span inherit c="dimmed">
                  lines
                </Text>
              </Text>
            ) : null}
          </Group>
          <CommitRefsLine sha={commit.id} />
          <CommitMergeRequestsLine sha={commit.id} />
        </Stack>
      </Paper>
      <CommitDiffSection commit={commit} />
    </Stack>
  );
}

/** The diff, or why it can't be shown. */
function CommitDiffSection({ commit }: { commit: CommitDetail }) {
  const { profileId, projectId } = useRepository();
  const diff = useQuery(repositoryQueries.commitDiff(profileId, projectId, commit));
  if (diff.isError) return <QueryErrorAlert title="Couldn’t load the changes" query={diff} />;
  if (!diff.data)
    return (
      <Center h={160}>
        <Loader type="dots" aria-label="Loading changes" />
      </Center>
    );
  if (diff.data.via === 'none')
    return (
      <CommitDiffUnavailable reason="This instance can’t show the changes of a root commit (it has no commit diff endpoint); browse its files instead." />
    );
  if (diff.data.files.length === 0)
    return (
      <Paper withBorder p="lg">
        <Group gap="xs" justify="center">
          <IconHistory size={16} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            This commit changes no files.
          </Text>
        </Group>
      </Paper>
    );
  return <CommitDiffView files={diff.data.files} />;
}
