import { Anchor, Badge, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { IconGitBranch, IconGitMerge, IconTag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { repositoryQueries } from '../../api/repository/queries.js';
import { StateBadge } from '../merge-requests/merge-request-badges.js';
import { mergeRequestRoute } from '../merge-requests/merge-request-paths.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';

/** A dimmed sentence in a fact line ("None: pushed directly."). */
function Dimmed({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/**
 * One fact line of the commit header: a label, then what `query` loaded, drawn by `children` — or a
 * small loader while it loads, or "Couldn’t load …" with Retry when it failed (the rest of the page
 * stays usable).
 */
function CommitFactLine<T>({
  label,
  icon,
  query,
  what,
  testId,
  children,
}: {
  label: string;
  /** An icon before the label. */
  icon?: ReactNode;
  query: UseQueryResult<T>;
  /** What is loaded, for the failure sentence and the loader's label: "the branches and tags". */
  what: string;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  let content;
  if (query.isError) {
    content = (
      <Text size="sm" c="red">
        Couldn’t load {what}.{' '}
        <Anchor component="button" size="sm" onClick={() => query.refetch()}>
          Retry
        </Anchor>
      </Text>
    );
  } else if (!query.data) {
    content = <Loader size="xs" type="dots" aria-label={`Loading ${what.replace(/^the /, '')}`} />;
  } else {
    content = children(query.data);
  }
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid={testId}>
      {icon ? (
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          {icon}
          <Dimmed>{label}</Dimmed>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
          {label}
        </Text>
      )}
      {content}
    </Group>
  );
}

/** "In branches and tags": the refs containing the commit, as links to the files at each ref. */
export function CommitRefsLine({ sha }: { sha: string }) {
  const { profileId, projectId } = useRepository();
  const refs = useQuery(repositoryQueries.commitRefs(profileId, projectId, sha));
  return (
    <CommitFactLine
      label="In branches and tags"
      query={refs}
      what="the branches and tags"
      testId="commit-refs"
    >
      {(data) =>
        !data.supported ? (
          <Dimmed>This instance doesn’t list the branches and tags that contain a commit.</Dimmed>
        ) : data.refs.length === 0 ? (
          <Dimmed>No branch or tag contains this commit.</Dimmed>
        ) : (
          <Group gap={6} wrap="wrap">
            {data.refs.map((ref) => (
              <Badge
                key={`${ref.type}:${ref.name}`}
                component={Link}
                to={fileRoute(projectId, 'tree', '', ref.name)}
                variant="light"
                color={ref.type === 'branch' ? 'blue' : 'grape'}
                tt="none"
                leftSection={ref.type === 'branch' ? <IconGitBranch size={12} /> : <IconTag size={12} />}
                style={{ cursor: 'pointer', maxWidth: '100%' }}
                title={ref.name}
                data-testid={`commit-ref-${ref.type}`}
              >
                {ref.name}
              </Badge>
            ))}
            {data.truncated ? (
              <Text size="xs" c="dimmed">
                and more
              </Text>
            ) : null}
          </Group>
        )
      }
    </CommitFactLine>
  );
}

/** "Merge requests": the merge requests that brought the commit, as links to their pages. */
export function CommitMergeRequestsLine({ sha }: { sha: string }) {
  const { profileId, projectId } = useRepository();
  const mergeRequests = useQuery(repositoryQueries.commitMergeRequests(profileId, projectId, sha));
  return (
    <CommitFactLine
      label="Merge requests"
      icon={<IconGitMerge size={14} color="var(--mantine-color-dimmed)" />}
      query={mergeRequests}
      what="the merge requests"
      testId="commit-merge-requests"
    >
      {(data) =>
        data.length === 0 ? (
          <Dimmed>None: pushed directly.</Dimmed>
        ) : (
          <Stack gap={4} style={{ minWidth: 0 }}>
            {data.map((mr) => (
              <Group key={mr.id} gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Box style={{ flex: 'none' }}>
                  <StateBadge state={mr.state} />
                </Box>
                <Anchor
                  component={Link}
                  to={mergeRequestRoute(mr.project_id, mr.iid)}
                  size="sm"
                  truncate
                  title={mr.title}
                  data-testid="commit-merge-request"
                >
                  !{mr.iid} {mr.title}
                </Anchor>
              </Group>
            ))}
          </Stack>
        )
      }
    </CommitFactLine>
  );
}
