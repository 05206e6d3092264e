import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconMessage } from '@tabler/icons-react';
import { memo, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import {
  Decoration,
  Diff,
  Hunk,
  getChangeKey,
  parseDiff,
  type ChangeData,
  type GutterOptions,
} from 'react-diff-view';
import { useCreateDiscussion } from '../../api/merge-requests/mutations.js';
import type { Discussion, MergeRequestChange } from '../../api/merge-requests/types.js';
import { tokenizeHunks } from './diff-highlight.js';
import type { FileDisplay } from './diff-limits.js';
import {
  buildDiffPosition,
  changeToGitDiff,
  clickedLineFromChange,
  clickedLineKey,
  hunkLines,
  lineLabel,
  lineRangeEnd,
  positionLineKey,
  sha1Hex,
  type DiffRefs,
  type HunkLine,
} from './diff-position.js';
import classes from './diff-view.module.css';
import { CommentForm, DiscussionThread, type ThreadTarget } from './discussion-thread.js';

/** The DOM id of a file's block (the tree and links scroll to it). */
export const fileAnchor = (path: string) => `diff-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** The open comment form: the line it ends on, and the line the range starts on (same line: one-line). */
interface CommentRange {
  hunk: number;
  start: number;
  end: number;
}

/**
 * One file of the Changes tab: a header (path, status, +/−, threads, "Viewed" checkbox, collapse
 * toggle) and, while expanded, its diff. The diff is parsed and highlighted only when the file is
 * expanded and on screen (the list is virtualised), so a large merge request costs what is visible.
 *
 * Commenting: every line has a "+" button in its gutter (shown on hover or keyboard focus; the line
 * number is clickable too). Shift-clicking another line's "+" in the same hunk, or choosing a start
 * line in the form, makes a multi-line comment sent with GitLab's `position[line_range]`.
 *
 * Without `onToggleViewed` (a commit's diff, where nothing is reviewed) there is no "Viewed" checkbox.
 */
export const DiffFile = memo(function DiffFile({
  change,
  additions,
  deletions,
  display,
  open,
  onToggleOpen,
  viewed = false,
  onToggleViewed,
  viewType,
  refs,
  target,
  discussions,
  canComment,
}: {
  change: MergeRequestChange;
  additions: number;
  deletions: number;
  display: FileDisplay;
  open: boolean;
  onToggleOpen: (path: string, open: boolean) => void;
  /** Marked "Viewed" (collapsed as read); false when the checkbox is hidden. */
  viewed?: boolean;
  /** Called by the "Viewed" checkbox; omit to hide the checkbox. */
  onToggleViewed?: (path: string, viewed: boolean) => void;
  viewType: 'unified' | 'split';
  refs: DiffRefs | null;
  target: ThreadTarget;
  discussions: Discussion[];
  canComment: boolean;
}) {
  let status = null;
  if (change.new_file)
    status = (
      <Badge size="xs" color="green" variant="light">
        new
      </Badge>
    );
  else if (change.deleted_file)
    status = (
      <Badge size="xs" color="red" variant="light">
        deleted
      </Badge>
    );
  else if (change.renamed_file)
    status = (
      <Badge size="xs" variant="light">
        renamed
      </Badge>
    );
  const title = change.renamed_file ? `${change.old_path} → ${change.new_path}` : change.new_path;
  const threadCount = discussions.length;

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
              leftSection={<IconMessage size={10} />}
              aria-label={`${threadCount} thread${threadCount === 1 ? '' : 's'}`}
            >
              {threadCount}
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
          <Text size="xs">
            <Text span inherit c="green">
              +{additions}
            </Text>{' '}
            <Text span inherit c="red">
              −{deletions}
            </Text>
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
        <Alert m="sm" color="gray" data-testid="mr-file-too-large">
          This diff is too large to show (over GitLab’s maximum patch size). Open the file in the repository
          to read it.
        </Alert>
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
        <FileDiffBody
          change={change}
          viewType={viewType}
          refs={refs}
          target={target}
          discussions={discussions}
          canComment={canComment}
        />
      )}
    </Paper>
  );
});

/** The parsed, highlighted diff of an expanded file, with its threads and the comment form as widgets. */
function FileDiffBody({
  change,
  viewType,
  refs,
  target,
  discussions,
  canComment,
}: {
  change: MergeRequestChange;
  viewType: 'unified' | 'split';
  refs: DiffRefs | null;
  target: ThreadTarget;
  discussions: Discussion[];
  canComment: boolean;
}) {
  const file = useMemo(
    () => (change.diff ? (parseDiff(changeToGitDiff(change))[0] ?? null) : null),
    [change],
  );
  const hunks = useMemo(() => (file ? file.hunks.map((hunk) => hunkLines(hunk)) : []), [file]);
  const [range, setRange] = useState<CommentRange | null>(null);
  const create = useCreateDiscussion(target.profileId, target.projectId, target.iid);
  const tokens = useMemo(
    () => (file ? tokenizeHunks(file.hunks, change.new_path) : undefined),
    [file, change.new_path],
  );

  /** Hunk and index of a change of the view. */
  const locate = useMemo(() => {
    const map = new Map<string, { hunk: number; index: number }>();
    hunks.forEach((lines, hunk) =>
      lines.forEach((line, index) => map.set(getChangeKey(line.change), { hunk, index })),
    );
    return map;
  }, [hunks]);

  const startComment = (change: ChangeData, extend: boolean) => {
    const at = locate.get(getChangeKey(change));
    if (!at) return;
    if (extend && range && range.hunk === at.hunk) {
      const anchor = range.start === range.end ? range.start : range.end;
      setRange({
        hunk: at.hunk,
        start: Math.min(anchor, at.index),
        end: Math.max(anchor, at.index),
      });
    } else setRange({ hunk: at.hunk, start: at.index, end: at.index });
  };

  const rangeLines: HunkLine[] = range ? hunks[range.hunk]!.slice(range.start, range.end + 1) : [];
  const selectedChanges = rangeLines.map((line) => getChangeKey(line.change));
  const endLine = rangeLines[rangeLines.length - 1];

  const submit = async (body: string, done: () => void) => {
    if (!refs || !range || !endLine) return;
    const startLine = rangeLines[0]!;
    const position = buildDiffPosition(refs, change, clickedLineFromChange(endLine.change));
    const sha = await sha1Hex(change.new_path);
    position.line_range = {
      start: lineRangeEnd(sha, startLine),
      end: lineRangeEnd(sha, endLine),
    };
    create.mutate(
      { body, position },
      {
        onSuccess: () => {
          done();
          setRange(null);
        },
      },
    );
  };

  const widgets = useMemo(() => {
    const result: Record<string, ReactNode> = {};
    if (!file) return result;
    const byLine = new Map<string, ChangeData>();
    for (const lines of hunks) {
      for (const line of lines) byLine.set(clickedLineKey(clickedLineFromChange(line.change)), line.change);
    }
    const threads = new Map<string, Discussion[]>();
    for (const discussion of discussions) {
      const position = discussion.notes[0]?.position;
      const lineKey = position ? positionLineKey(position) : null;
      const line = lineKey ? byLine.get(lineKey) : undefined;
      if (!line) continue;
      const key = getChangeKey(line);
      threads.set(key, [...(threads.get(key) ?? []), discussion]);
    }
    const formKey = endLine ? getChangeKey(endLine.change) : null;
    const keys = new Set([...threads.keys(), ...(formKey ? [formKey] : [])]);
    for (const key of keys) {
      result[key] = (
        <Stack gap="xs" maw={760}>
          {(threads.get(key) ?? []).map((discussion) => (
            <DiscussionThread key={discussion.id} discussion={discussion} target={target} />
          ))}
          {key === formKey && refs && range ? (
            <Paper withBorder p="sm" data-testid="mr-line-comment-form">
              <Group gap="xs" mb="xs" wrap="wrap">
                <Text size="sm">Commenting on lines</Text>
                <Select
                  size="xs"
                  w={110}
                  aria-label="First line of the comment"
                  data-testid="mr-comment-start-line"
                  data={hunks[range.hunk]!.slice(0, range.end + 1).map((line, index) => ({
                    value: String(index),
                    label: lineLabel(clickedLineFromChange(line.change)),
                  }))}
                  value={String(range.start)}
                  onChange={(value) => value !== null && setRange({ ...range, start: Number(value) })}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <Text size="sm">to {lineLabel(clickedLineFromChange(endLine!.change))}</Text>
              </Group>
              <CommentForm
                label={
                  range.start === range.end
                    ? 'Comment on this line'
                    : `Comment on ${range.end - range.start + 1} lines`
                }
                submitLabel="Start a thread"
                autoFocus
                busy={create.isPending}
                error={create.error}
                onCancel={() => setRange(null)}
                onSubmit={(body, done) => void submit(body, done)}
              />
            </Paper>
          ) : null}
        </Stack>
      );
    }
    return result;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- submit reads the same range/refs
  }, [file, hunks, discussions, range, refs, target, create.isPending, create.error]);

  const renderGutter = ({ change: line, side, renderDefault, wrapInAnchor }: GutterOptions) => {
    // One "+" per line: in unified view on the old-number gutter, in split view on each side's own line.
    const withButton =
      canComment && refs && (viewType === 'split' || side === 'old') ? (
        <button
          type="button"
          className={classes.addNote}
          aria-label={`Comment on line ${lineLabel(clickedLineFromChange(line))}`}
          title="Comment (Shift: extend to a range)"
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            startComment(line, event.shiftKey);
          }}
          data-testid="mr-add-line-comment"
        >
          +
        </button>
      ) : null;
    return (
      <>
        {withButton}
        {wrapInAnchor(renderDefault())}
      </>
    );
  };

  if (!file || file.hunks.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No text changes (a mode change or a binary file).
      </Text>
    );
  }
  return (
    <Box className={classes.frame}>
      <Diff
        viewType={viewType}
        diffType={file.type}
        hunks={file.hunks}
        tokens={tokens}
        widgets={widgets}
        selectedChanges={selectedChanges}
        renderGutter={renderGutter}
        gutterEvents={
          canComment && refs
            ? { onClick: ({ change: clicked }) => clicked && startComment(clicked, false) }
            : undefined
        }
      >
        {(parsedHunks) =>
          parsedHunks.flatMap((hunk) => [
            <Decoration key={`header-${hunk.content}`}>
              <Text size="xs" ff="monospace" c="dimmed" className="diff-hunk-header">
                {hunk.content}
              </Text>
            </Decoration>,
            <Hunk key={hunk.content} hunk={hunk} />,
          ])
        }
      </Diff>
    </Box>
  );
}
