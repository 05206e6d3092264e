import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconMessage } from '@tabler/icons-react';
import { memo } from 'react';
import type { MergeRequestChange } from '../../api/merge-requests/types.js';
import { DiffStat } from '../../components/diff-viewer/diff-stat.js';
import type { ListedDiffFile } from '../../components/diff-viewer/listed-diff-files.js';
import { FileDiffBody, type DiffBodyProps } from './diff-file-body.js';
import type { ThreadTarget } from './discussion-thread.js';
import { TooLargeDiff } from './too-large-diff.js';
import classes from './diff-view.module.css';

/** The DOM id of a file's block (the tree and links scroll to it). */
export const fileAnchor = (path: string) => `diff-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/**
 * One file of the Changes tab: a header (path, status, +/−, threads, "Viewed" checkbox, collapse
 * toggle) and, while expanded, its diff. The diff is parsed and highlighted only when the file is
 * expanded and on screen (the list is virtualised), so a large merge request costs what is visible.
 *
 * Commenting: every line has a "+" button in its gutter (shown on hover or keyboard focus; the line
 * number is clickable too). Shift-clicking another line's "+" in the same hunk, or choosing a start
 * line in the form, makes a multi-line comment sent with GitLab's `position[line_range]`.
 *
 * A file GitLab sent as `too_large` shows {@link TooLargeDiff} (a link to the file, and its full diff on
 * request when `rawDiffFrom` is given).
 *
 * Without `onToggleViewed` (a commit's diff, where nothing is reviewed) there is no "Viewed" checkbox;
 * without `refs`, `target` and `discussions` the diff is read-only.
 */
export const DiffFile = memo(function DiffFile({
  file,
  open,
  onToggleOpen,
  viewed = false,
  onToggleViewed,
  rawDiffFrom = null,
  ...body
}: {
  /** The file with its +/− counts and first display (`listDiffFiles`). */
  file: ListedDiffFile<MergeRequestChange>;
  open: boolean;
  onToggleOpen: (path: string, open: boolean) => void;
  /** Marked "Viewed" (collapsed as read); false when the checkbox is hidden. */
  viewed?: boolean;
  /** Called by the "Viewed" checkbox; omit to hide the checkbox. */
  onToggleViewed?: (path: string, viewed: boolean) => void;
  /** The merge request whose `…/raw_diffs` hold this diff (its latest version), for a too-large file. */
  rawDiffFrom?: ThreadTarget | null;
} & Omit<DiffBodyProps, 'change'>) {
  const { change, additions, deletions, display } = file;
  let status = null;
  if (change.new_file)
    status = (
      <Badge size="xs" color="green" variant="light" style={{ flex: 'none' }}>
        new
      </Badge>
    );
  else if (change.deleted_file)
    status = (
      <Badge size="xs" color="red" variant="light" style={{ flex: 'none' }}>
        deleted
      </Badge>
    );
  else if (change.renamed_file)
    status = (
      <Badge size="xs" variant="light" style={{ flex: 'none' }}>
        renamed
      </Badge>
    );
  const title = change.renamed_file ? `${change.old_path} → ${change.new_path}` : change.new_path;
  const threadCount = body.discussions?.length ?? 0;

  return (
    <Paper
      withBorder
      id={fileAnchor(change.new_path)}
      data-testid="mr-file-diff"
      data-path={change.new_path}
      data-display={display}
      data-open={open}
    >
      <Group className={classes.fileHeader} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={open ? `Collapse ${change.new_path}` : `Expand ${change.new_path}`}
            aria-expanded={open}
            disabled={display === 'too_large'}
            onClick={() => onToggleOpen(change.new_path, !open)}
            data-testid="mr-file-toggle"
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
          <Text size="sm" ff="monospace" fw={600} truncate title={title}>
            {title}
          </Text>
          {status}
          {threadCount > 0 ? (
            <Badge
              size="xs"
              variant="light"
              color="gray"
              style={{ flex: 'none' }}
              leftSection={<IconMessage size={10} />}
              aria-label={`${threadCount} thread${threadCount === 1 ? '' : 's'}`}
            >
              {threadCount}
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
          <Text size="xs">
            <DiffStat additions={additions} deletions={deletions} />
          </Text>
          {onToggleViewed ? (
            <Checkbox
              size="xs"
              label="Viewed"
              checked={viewed}
              onChange={(event) => onToggleViewed(change.new_path, event.currentTarget.checked)}
              data-testid="mr-file-viewed"
            />
          ) : null}
        </Group>
      </Group>
      {display === 'too_large' ? (
        <TooLargeDiff
          change={change}
          viewType={body.viewType}
          projectId={body.target?.projectId}
          headSha={body.refs?.head_sha}
          rawDiffFrom={rawDiffFrom}
        />
      ) : !open ? (
        <Group px="sm" py={8} gap="xs">
          <Text size="sm" c="dimmed">
            {viewed
              ? 'Viewed.'
              : display === 'collapsed'
                ? 'This diff is collapsed: it is large, or the merge request already shows many changes.'
                : 'Collapsed.'}
          </Text>
          <Button size="compact-xs" variant="default" onClick={() => onToggleOpen(change.new_path, true)}>
            Show file
          </Button>
        </Group>
      ) : (
        <FileDiffBody change={change} {...body} />
      )}
    </Paper>
  );
});
