import { Box, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import {
  Decoration,
  Diff,
  Hunk,
  getChangeKey,
  parseDiff,
  type ChangeData,
  type GutterOptions,
} from 'react-diff-view';
// react-diff-view's own table styles, wherever a diff is drawn (the commit page opened directly too).
import 'react-diff-view/style/index.css';
import type { Discussion, MergeRequestChange } from '../../api/merge-requests/types.js';
import type { DiffViewType } from '../../components/diff-viewer/diff-view-type-control.js';
import { tokenizeHunks } from './diff-highlight.js';
import {
  changeToGitDiff,
  clickedLineFromChange,
  clickedLineKey,
  hunkLines,
  lineLabel,
  positionLineKey,
  type DiffRefs,
} from './diff-position.js';
import classes from './diff-view.module.css';
import { CommentForm, DiscussionThread, type ThreadTarget } from './discussion-thread.js';
import { useLineComment } from './use-line-comment.js';

/** What draws one file's diff; the comment parts default to none (a read-only diff, e.g. a commit's). */
export interface DiffBodyProps {
  change: MergeRequestChange;
  viewType: DiffViewType;
  /** The diff's base/start/head SHAs new threads are placed against; null: no line comments. */
  refs?: DiffRefs | null;
  /** The merge request new threads go to. */
  target?: ThreadTarget;
  /** This file's diff threads, drawn under their lines. */
  discussions?: Discussion[];
  canComment?: boolean;
}

const NO_TARGET: ThreadTarget = { profileId: '', projectId: 0, iid: 0 };
const NO_THREADS: Discussion[] = [];

/** The parsed, highlighted diff of an expanded file, with its threads and the comment form as widgets. */
export function FileDiffBody({
  change,
  viewType,
  refs = null,
  target = NO_TARGET,
  discussions = NO_THREADS,
  canComment = false,
}: DiffBodyProps) {
  const file = useMemo(
    () => (change.diff ? (parseDiff(changeToGitDiff(change))[0] ?? null) : null),
    [change],
  );
  const hunks = useMemo(() => (file ? file.hunks.map((hunk) => hunkLines(hunk)) : []), [file]);
  const comment = useLineComment({ change, hunks, refs, target });
  const { range, setRange, endLine } = comment;
  const tokens = useMemo(
    () => (file ? tokenizeHunks(file.hunks, change.new_path) : undefined),
    [file, change.new_path],
  );

  /** Drafts pending (−1: no draft notes on this instance); redraws the form's review button. */
  const reviewPending = comment.review?.pending ?? -1;
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
                suggestion={comment.suggestion}
                extraActions={
                  comment.review
                    ? (body, done) => (
                        <Button
                          size="xs"
                          variant="light"
                          disabled={body.trim() === '' || comment.busy}
                          data-testid="mr-add-to-review"
                          onClick={() => void comment.review!.submitDraft(body, done)}
                        >
                          {comment.review!.pending > 0 ? 'Add to review' : 'Start a review'}
                        </Button>
                      )
                    : undefined
                }
                busy={comment.busy}
                error={comment.error}
                onCancel={() => setRange(null)}
                onSubmit={(body, done) => void comment.submit(body, done)}
              />
            </Paper>
          ) : null}
        </Stack>
      );
    }
    return result;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- submit reads the same range/refs
  }, [
    file,
    hunks,
    discussions,
    range,
    refs,
    target,
    comment.busy,
    comment.error,
    comment.suggestion,
    reviewPending,
  ]);

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
            comment.startComment(line, event.shiftKey);
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
        selectedChanges={comment.selectedChanges}
        renderGutter={renderGutter}
        gutterEvents={
          canComment && refs
            ? { onClick: ({ change: clicked }) => clicked && comment.startComment(clicked, false) }
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
