import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconGitBranch, IconMessage } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MergeRequest } from '../../api/merge-requests/types.js';
import { RelativeTime } from '../../components/relative-time.js';
import { LabelChips, MergeStatusIcon, isDraft } from './merge-request-badges.js';
import { mergeRequestRoute } from './merge-request-paths.js';
import classes from './merge-requests.module.css';

/** One merge request of the list: `!iid`, title, draft badge, labels, author, branches, status, comments. */
export function MergeRequestRow({ mr, showProject }: { mr: MergeRequest; showProject: boolean }) {
  return (
    <Anchor
      component={Link}
      to={mergeRequestRoute(mr.project_id, mr.iid)}
      className={classes.row}
      underline="never"
      data-testid="mr-row"
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            {isDraft(mr) ? (
              <Badge size="sm" color="yellow" variant="light">
                Draft
              </Badge>
            ) : null}
            <Text fw={600} size="sm" c="var(--mantine-color-text)">
              {mr.title}
            </Text>
            <LabelChips labels={mr.labels} />
          </Group>
          <Group gap={8} wrap="wrap">
            <Text size="xs" c="dimmed" ff="monospace">
              {showProject ? mr.references.full : mr.references.short}
            </Text>
            <Text size="xs" c="dimmed">
              by {mr.author?.name ?? 'unknown'}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconGitBranch size={12} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed" ff="monospace">
                {mr.source_branch} → {mr.target_branch}
              </Text>
            </Group>
          </Group>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <MergeStatusIcon mr={mr} />
          {mr.state === 'merged' ? (
            <Badge size="sm" color="violet" variant="light">
              Merged
            </Badge>
          ) : mr.state === 'closed' ? (
            <Badge size="sm" color="red" variant="light">
              Closed
            </Badge>
          ) : null}
          <Group gap={2} wrap="nowrap" aria-label={`${mr.user_notes_count} comments`}>
            <IconMessage size={14} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {mr.user_notes_count}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" w={96} ta="right">
            updated <RelativeTime iso={mr.updated_at} span size="xs" c="dimmed" />
          </Text>
        </Group>
      </Group>
    </Anchor>
  );
}
