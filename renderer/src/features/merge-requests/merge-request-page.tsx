import { Alert, Badge, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconFileDiff, IconGitBranch, IconGitCommit, IconMessages } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { MergeRequestActions } from './merge-request-actions.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import { mergeBlockedReason, mergeStatusSource } from './merge-readiness.js';
import { MergeStatusIcon, StateBadge, isDraft } from './merge-request-badges.js';
import { MergeRequestChanges } from './merge-request-changes.js';
import { ReviewBar } from './review-bar.js';
import { MergeRequestCommits } from './merge-request-commits.js';
import { MergeRequestOverview } from './merge-request-overview.js';
import { mergeRequestRoute, mergeRequestsRoute, type MergeRequestTab } from './merge-request-paths.js';

const TABS: MergeRequestTab[] = ['overview', 'commits', 'changes'];

/**
 * The review screen `/merge-requests/:projectId/:iid[/commits|/changes]`: header (title, state, branches,
 * author, merge status, pipeline), actions, and the Overview, Commits and Changes tabs.
 */
export function MergeRequestPage() {
  const profile = useActiveProfile();
  const params = useParams();
  const navigate = useNavigate();
  const projectId = Number(params.projectId);
  const iid = Number(params.iid);
  const tab: MergeRequestTab = TABS.includes(params.tab as MergeRequestTab)
    ? (params.tab as MergeRequestTab)
    : 'overview';
  const valid = Number.isInteger(projectId) && projectId > 0 && Number.isInteger(iid) && iid > 0;
  const target = { profileId: profile.id, projectId, iid };

  const statusSource = mergeStatusSource(useInstanceCapabilities().capabilities);
  const mr = useQuery({
    ...mergeRequestQueries.detail(profile.id, projectId, iid, statusSource),
    enabled: valid,
  });
  const approvals = useQuery({
    ...mergeRequestQueries.approvals(profile.id, projectId, iid),
    enabled: valid,
  });
  const discussions = useQuery({
    ...mergeRequestQueries.discussions(profile.id, projectId, iid),
    enabled: valid,
    retry: false,
  });
  const back = (
    <Button
      component={Link}
      to={mergeRequestsRoute(projectId)}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={14} />}
      data-testid="mr-back"
    >
      Merge requests
    </Button>
  );

  if (!valid || (mr.error instanceof ApiError && mr.error.status === 404)) {
    return (
      <Stack>
        {back}
        <QueryErrorAlert
          title="Merge request not found"
          error={mr.error ?? new Error('This address names no merge request.')}
        />
      </Stack>
    );
  }
  if (mr.isError) {
    return (
      <Stack>
        {back}
        <QueryErrorAlert title="Couldn’t load the merge request" query={mr} />
      </Stack>
    );
  }
  if (!mr.data) {
    return (
      <Center h="40vh">
        <Loader type="dots" aria-label="Loading merge request" />
      </Center>
    );
  }

  const data = mr.data;
  const threads = discussions.data ?? [];
  const pipeline = data.head_pipeline;
  const blocked = mergeBlockedReason(data, approvals.data ?? null, statusSource);

  return (
    <Stack gap="md">
      <div>{back}</div>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 420px' }}>
          <Group gap="xs">
            <StateBadge state={data.state} />
            {isDraft(data) ? (
              <Badge color="yellow" variant="light">
                Draft
              </Badge>
            ) : null}
            <Title order={2} size="h3" data-testid="mr-title" style={{ overflowWrap: 'anywhere' }}>
              {data.title}{' '}
              <Text span c="dimmed" inherit fw={400}>
                {data.references.short}
              </Text>
            </Title>
          </Group>
          <Group gap={8}>
            <Text size="sm" c="dimmed">
              {data.state === 'merged'
                ? `${data.merged_by?.name ?? data.author?.name ?? 'Someone'} merged`
                : `${data.author?.name ?? 'Someone'} ${data.state === 'opened' ? 'wants to merge' : 'proposed merging'}`}
            </Text>
            <Group gap={4}>
              <IconGitBranch size={14} />
              <Badge variant="default" tt="none" ff="monospace">
                {data.source_branch}
              </Badge>
              <Text size="sm" c="dimmed">
                into
              </Text>
              <Badge variant="default" tt="none" ff="monospace">
                {data.target_branch}
              </Badge>
            </Group>
            <MergeStatusIcon mr={data} />
            {pipeline ? (
              <Badge
                variant="light"
                color={
                  pipeline.status === 'success' ? 'green' : pipeline.status === 'failed' ? 'red' : 'blue'
                }
              >
                Pipeline #{pipeline.id} {pipeline.status}
              </Badge>
            ) : null}
            <Text size="sm" c="dimmed">
              · opened <RelativeTime iso={data.created_at} span size="sm" />
            </Text>
          </Group>
        </Stack>
        <MergeRequestActions mr={data} target={target} approvals={approvals.data} />
      </Group>
      {data.state === 'merged' ? (
        <Alert
          color="violet"
          icon={<IconGitBranch size={16} />}
          title="Merged"
          data-testid="mr-merged-banner"
        >
          Merged by {data.merged_by?.name ?? 'someone'} <RelativeTime iso={data.merged_at} span size="sm" />
          {data.merge_commit_sha ? (
            <>
              {' '}
              as{' '}
              <Text span ff="monospace" size="sm">
                {data.merge_commit_sha.slice(0, 8)}
              </Text>
            </>
          ) : null}
          .
        </Alert>
      ) : null}
      {data.state === 'opened' && blocked ? (
        <Alert color="yellow" variant="light" py={6} data-testid="mr-merge-blocked">
          <Text size="sm">Not ready to merge: {blocked}</Text>
        </Alert>
      ) : null}
      {data.merge_error && !data.rebase_in_progress ? (
        <Alert color="red" title="Last merge or rebase failed" data-testid="mr-merge-error">
          {data.merge_error}
        </Alert>
      ) : null}
      {data.rebase_in_progress ? (
        <Alert color="blue" icon={<Loader size={16} />} title="Rebasing" data-testid="mr-rebase-progress">
          Rebasing {data.source_branch} onto {data.target_branch}…
        </Alert>
      ) : null}
      <ReviewBar
        target={target}
        canApprove={!!approvals.data?.user_can_approve && !approvals.data.user_has_approved}
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          navigate(mergeRequestRoute(projectId, iid, (value as MergeRequestTab) ?? 'overview'))
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="overview" leftSection={<IconMessages size={16} />}>
            Overview{' '}
            <Badge size="xs" variant="light" color="gray">
              {data.user_notes_count}
            </Badge>
          </Tabs.Tab>
          <Tabs.Tab value="commits" leftSection={<IconGitCommit size={16} />}>
            Commits
          </Tabs.Tab>
          <Tabs.Tab value="changes" leftSection={<IconFileDiff size={16} />}>
            Changes{' '}
            {data.changes_count ? (
              <Badge size="xs" variant="light" color="gray">
                {data.changes_count}
              </Badge>
            ) : null}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <MergeRequestOverview
            mr={data}
            target={target}
            approvals={approvals.isError ? null : approvals.data}
            discussions={threads}
            discussionsError={discussions.error}
          />
        </Tabs.Panel>
        <Tabs.Panel value="commits" pt="md">
          <MergeRequestCommits target={target} />
        </Tabs.Panel>
        <Tabs.Panel value="changes" pt="md">
          <MergeRequestChanges mr={data} target={target} discussions={threads} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
