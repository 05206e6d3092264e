import { useMemo, useState } from 'react';
import { getChangeKey, type ChangeData } from 'react-diff-view';
import { useFeatureAvailability } from '../../api/capabilities/capabilities.js';
import { useCreateDraftNote, useDraftNotes } from '../../api/merge-requests/draft-notes.js';
import { useCreateDiscussion } from '../../api/merge-requests/mutations.js';
import type { MergeRequestChange } from '../../api/merge-requests/types.js';
import {
  buildDiffPosition,
  clickedLineFromChange,
  lineRangeEnd,
  sha1Hex,
  type DiffRefs,
  type HunkLine,
} from './diff-position.js';
import type { ThreadTarget } from './discussion-thread.js';
import { suggestionSnippet } from './suggestion-markdown.js';

/** The open comment form: the line it ends on, and the line the range starts on (same line: one-line). */
export interface CommentRange {
  hunk: number;
  start: number;
  end: number;
}

/**
 * State of a file's line-comment form: which lines it covers (one line, or a range within one hunk made
 * by Shift-clicking or by choosing the first line), and sending it as a new diff thread with GitLab's
 * `position` and `position[line_range]` (doc/api/discussions.md "Create a new thread in the merge
 * request diff"). `hunks` are the file's hunks as {@link HunkLine} lists.
 */
export function useLineComment({
  change,
  hunks,
  refs,
  target,
}: {
  change: MergeRequestChange;
  hunks: HunkLine[][];
  refs: DiffRefs | null;
  target: ThreadTarget;
}) {
  const [range, setRange] = useState<CommentRange | null>(null);
  const create = useCreateDiscussion(target.profileId, target.projectId, target.iid);
  // A review's pending comments (draft notes, GitLab 16.0+): offered only where the instance has them.
  const reviews = useFeatureAvailability('merge-request-draft-notes').status === 'available';
  const drafts = useDraftNotes(target.profileId, target.projectId, target.iid, reviews && target.iid > 0);
  const createDraft = useCreateDraftNote(target.profileId, target.projectId, target.iid);

  /** Hunk and index of a change of the view. */
  const locate = useMemo(() => {
    const map = new Map<string, { hunk: number; index: number }>();
    hunks.forEach((lines, hunk) =>
      lines.forEach((line, index) => map.set(getChangeKey(line.change), { hunk, index })),
    );
    return map;
  }, [hunks]);

  /** Opens the form on a line, or (`extend`, same hunk) stretches the open range to it. */
  const startComment = (line: ChangeData, extend: boolean) => {
    const at = locate.get(getChangeKey(line));
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
  const endLine = rangeLines[rangeLines.length - 1];
  // "Insert suggestion": the commented new-side lines as they are (a removed line takes none).
  const suggestion =
    endLine && endLine.change.type !== 'delete'
      ? suggestionSnippet(rangeLines.filter((l) => l.change.type !== 'delete').map((l) => l.change.content))
      : undefined;

  /** The open range as a diff `position` with its `line_range`. */
  const positionOfRange = async () => {
    if (!refs || !range || !endLine) return null;
    const startLine = rangeLines[0]!;
    const position = buildDiffPosition(refs, change, clickedLineFromChange(endLine.change));
    const sha = await sha1Hex(change.new_path);
    position.line_range = {
      start: lineRangeEnd(sha, startLine),
      end: lineRangeEnd(sha, endLine),
    };
    return position;
  };

  const submit = async (body: string, done: () => void) => {
    const position = await positionOfRange();
    if (!position) return;
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

  /** "Start a review" / "Add to review": the comment as a draft note. */
  const submitDraft = async (body: string, done: () => void) => {
    const position = await positionOfRange();
    if (!position) return;
    createDraft.mutate(
      { note: body, position },
      {
        onSuccess: () => {
          done();
          setRange(null);
        },
      },
    );
  };

  return {
    range,
    setRange,
    startComment,
    endLine,
    selectedChanges: rangeLines.map((line) => getChangeKey(line.change)),
    suggestion,
    submit,
    /** Null where the instance has no draft notes; else the draft count and the submit. */
    review: reviews ? { pending: drafts.data?.length ?? 0, submitDraft } : null,
    busy: create.isPending || createDraft.isPending,
    error: create.error ?? createDraft.error,
  };
}
