import { Badge, Group, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconGitMerge,
  IconGitPullRequest,
  IconGitPullRequestClosed,
  IconLoader2,
} from '@tabler/icons-react';
import type { MergeRequest, MergeRequestLabel } from '../../api/merge-requests/types.js';
import { labelTextColor } from '../../components/label-text-color.js';

/** A label chip in the label's own colour (GitLab's `color` and `text_color`). */
export function LabelChip({ label }: { label: string | MergeRequestLabel }) {
  if (typeof label === 'string') {
    return (
      <Badge size="sm" variant="outline" radius="sm" tt="none">
        {label}
      </Badge>
    );
  }
  return (
    <Badge
      size="sm"
      radius="sm"
      tt="none"
      style={{ backgroundColor: label.color, color: labelTextColor(label.color) }}
      title={label.description ?? undefined}
    >
      {label.name}
    </Badge>
  );
}

/** The labels of a merge request as chips. */
export function LabelChips({ labels }: { labels: MergeRequest['labels'] }) {
  if (labels.length === 0) return null;
  return (
    <Group gap={4}>
      {labels.map((label) => (
        <LabelChip key={typeof label === 'string' ? label : label.id} label={label} />
      ))}
    </Group>
  );
}

/** The state badge: open, merged, closed, locked. */
export function StateBadge({ state }: { state: MergeRequest['state'] }) {
  const look = {
    opened: { color: 'green', icon: IconGitPullRequest, text: 'Open' },
    merged: { color: 'violet', icon: IconGitMerge, text: 'Merged' },
    closed: { color: 'red', icon: IconGitPullRequestClosed, text: 'Closed' },
    locked: { color: 'gray', icon: IconGitPullRequestClosed, text: 'Locked' },
  }[state];
  const Icon = look.icon;
  return (
    <Badge color={look.color} variant="light" leftSection={<Icon size={12} />} data-testid="mr-state">
      {look.text}
    </Badge>
  );
}

/** True when the merge request is a draft (`draft` or the older `work_in_progress`). */
export function isDraft(mr: Pick<MergeRequest, 'draft' | 'work_in_progress'>): boolean {
  return Boolean(mr.draft ?? mr.work_in_progress);
}

/** A small icon for `merge_status` on open merge requests, with the status as a tooltip. */
export function MergeStatusIcon({
  mr,
}: {
  mr: Pick<MergeRequest, 'state' | 'merge_status' | 'has_conflicts'>;
}) {
  if (mr.state !== 'opened') return null;
  let icon;
  let text;
  if (mr.has_conflicts || mr.merge_status === 'cannot_be_merged') {
    icon = <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" />;
    text = 'Has conflicts';
  } else if (mr.merge_status === 'can_be_merged') {
    icon = <IconCircleCheck size={16} color="var(--mantine-color-green-6)" />;
    text = 'Can be merged';
  } else {
    icon = <IconLoader2 size={16} color="var(--mantine-color-dimmed)" />;
    text = 'Checking mergeability';
  }
  return (
    <Tooltip label={text}>
      <span aria-label={text} style={{ display: 'inline-flex' }}>
        {icon}
      </span>
    </Tooltip>
  );
}
