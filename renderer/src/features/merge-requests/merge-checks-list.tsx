import { Anchor, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconInfoCircle, IconLoader2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import type {
  Discussion,
  MergeRequestApprovals,
  MergeRequestDetail,
} from '../../api/merge-requests/types.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import { mergeChecks, type MergeCheckStatus } from './merge-checks.js';
import { detailedSentence, mergeStatusSource } from './merge-readiness.js';

const LOOK: Record<MergeCheckStatus, { color: string; icon: typeof IconCircleCheck; word: string }> = {
  passed: { color: 'green', icon: IconCircleCheck, word: 'Passed' },
  failed: { color: 'red', icon: IconCircleX, word: 'Blocks the merge' },
  pending: { color: 'blue', icon: IconLoader2, word: 'In progress' },
  info: { color: 'gray', icon: IconInfoCircle, word: 'For information' },
};

/**
 * "Merge checks" of an open merge request: draft, conflicts, threads, approvals and pipeline (and, on
 * GitLab 15.6+, what `detailed_merge_status` reports beyond them), each with
 * its state (icon and words, not colour alone) and what to do to pass it. Built by {@link mergeChecks}
 * from data the review screen has already read; the pipeline links to its page.
 */
export function MergeChecksList({
  mr,
  approvals,
  discussions,
}: {
  mr: MergeRequestDetail;
  approvals: MergeRequestApprovals | null | undefined;
  discussions: Discussion[] | undefined;
}) {
  const source = mergeStatusSource(useInstanceCapabilities().capabilities);
  const checks = mergeChecks(mr, approvals, discussions, source, (status) =>
    detailedSentence(status, mr, approvals?.approvals_left ?? 0),
  );
  const blocking = checks.filter((check) => check.status === 'failed').length;
  return (
    <Paper withBorder p="md" data-testid="mr-merge-checks">
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={600} size="sm">
          Merge checks
        </Text>
        <Text size="xs" c={blocking > 0 ? 'red' : 'dimmed'}>
          {blocking > 0 ? `${blocking} blocking` : 'Nothing blocks the merge'}
        </Text>
      </Group>
      <List spacing="xs" listStyleType="none" center={false}>
        {checks.map((check) => {
          const look = LOOK[check.status];
          const Icon = look.icon;
          return (
            <List.Item
              key={check.id}
              data-testid={`mr-check-${check.id}`}
              data-status={check.status}
              icon={
                <ThemeIcon color={look.color} variant="light" size={22} radius="xl" aria-hidden>
                  <Icon size={14} />
                </ThemeIcon>
              }
            >
              <Stack gap={0}>
                <Text size="sm">
                  <Text span fw={600} inherit>
                    {check.label}
                  </Text>{' '}
                  <Text span c="dimmed" size="xs">
                    ({look.word})
                  </Text>{' '}
                  {check.detail}
                  {check.id === 'pipeline' && mr.head_pipeline ? (
                    <>
                      {' '}
                      <Anchor
                        component={Link}
                        to={`/pipelines/${mr.project_id}/${mr.head_pipeline.id}`}
                        size="sm"
                      >
                        Open pipeline #{mr.head_pipeline.id}
                      </Anchor>
                    </>
                  ) : null}
                </Text>
                {check.action ? (
                  <Text size="xs" c="dimmed">
                    {check.action}
                  </Text>
                ) : null}
              </Stack>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
