import type { ChangeData } from 'react-diff-view';
import type { DiffLineRangeEnd, DiffPosition, MergeRequestChange } from '../../api/merge-requests/types.js';

/** The SHAs a diff note is anchored to: the merge request's `diff_refs` or a diff version's. */
export interface DiffRefs {
  base_sha: string;
  start_sha: string;
  head_sha: string;
}

/** A clicked line of the diff: its kind and its numbers on each side (absent on the side it is not on). */
export interface ClickedLine {
  kind: 'insert' | 'delete' | 'normal';
  oldLine: number | null;
  newLine: number | null;
}

/**
 * The `position` of a new diff thread for a clicked line (doc/api/discussions.md, "Create a new thread
 * in the merge request diff"): an added line has only `new_line`, a removed line only `old_line`, an
 * unchanged line both.
 */
export function buildDiffPosition(
  refs: DiffRefs,
  file: Pick<MergeRequestChange, 'old_path' | 'new_path'>,
  line: ClickedLine,
): DiffPosition {
  const position: DiffPosition = {
    base_sha: refs.base_sha,
    start_sha: refs.start_sha,
    head_sha: refs.head_sha,
    position_type: 'text',
    old_path: file.old_path,
    new_path: file.new_path,
  };
  if (line.kind === 'insert') position.new_line = line.newLine;
  else if (line.kind === 'delete') position.old_line = line.oldLine;
  else {
    position.old_line = line.oldLine;
    position.new_line = line.newLine;
  }
  return position;
}

/** Where a thread sits in the diff: `new:12`/`old:7` of a file path, matching the line keys of the view. */
export function positionLineKey(position: Pick<DiffPosition, 'old_line' | 'new_line'>): string | null {
  if (position.new_line != null) return `new:${position.new_line}`;
  if (position.old_line != null) return `old:${position.old_line}`;
  return null;
}

/** The key {@link positionLineKey} gives for a line of the view. */
export function clickedLineKey(line: ClickedLine): string {
  return line.kind === 'delete' ? `old:${line.oldLine}` : `new:${line.newLine}`;
}

/**
 * The full `git diff` text react-diff-view parses for one file of `GET …/changes` (GitLab returns only
 * the hunks, without the `diff --git`/`---`/`+++` header).
 */
export function changeToGitDiff(change: MergeRequestChange): string {
  const oldName = change.new_file ? '/dev/null' : `a/${change.old_path}`;
  const newName = change.deleted_file ? '/dev/null' : `b/${change.new_path}`;
  const header = [`diff --git a/${change.old_path} b/${change.new_path}`];
  if (change.new_file) header.push(`new file mode ${change.b_mode ?? '100644'}`);
  if (change.deleted_file) header.push(`deleted file mode ${change.a_mode ?? '100644'}`);
  if (change.renamed_file) header.push(`rename from ${change.old_path}`, `rename to ${change.new_path}`);
  header.push('index 0000000..0000000', `--- ${oldName}`, `+++ ${newName}`);
  const body = change.diff.endsWith('\n') ? change.diff : `${change.diff}\n`;
  return `${header.join('\n')}\n${change.diff === '' ? '' : body}`;
}

/** The clicked line for a change of react-diff-view (gitdiff-parser's `insert`/`delete`/`normal`). */
export function clickedLineFromChange(change: ChangeData): ClickedLine {
  if (change.type === 'insert') return { kind: 'insert', oldLine: null, newLine: change.lineNumber };
  if (change.type === 'delete') return { kind: 'delete', oldLine: change.lineNumber, newLine: null };
  return { kind: 'normal', oldLine: change.oldLineNumber, newLine: change.newLineNumber };
}

/** A line of a hunk with GitLab's position counters on both sides (for `line_code`). */
export interface HunkLine {
  change: ChangeData;
  /** The old-side counter at this line (an added line takes the next old line's number). */
  oldPos: number;
  /** The new-side counter at this line (a removed line takes the next new line's number). */
  newPos: number;
}

/**
 * The lines of a hunk with both position counters, as GitLab's diff parser counts them
 * (Gitlab::Diff::Parser: an added line has the old counter it follows, a removed line the new one).
 */
export function hunkLines(hunk: { oldStart: number; newStart: number; changes: ChangeData[] }): HunkLine[] {
  let oldPos = hunk.oldStart;
  let newPos = hunk.newStart;
  return hunk.changes.map((change) => {
    const line = { change, oldPos, newPos };
    if (change.type !== 'insert') oldPos += 1;
    if (change.type !== 'delete') newPos += 1;
    return line;
  });
}

/**
 * One end of `position[line_range]` for `line` of the file whose path has SHA-1 `pathSha1`:
 * `line_code` is `<sha1(path)>_<old pos>_<new pos>` (Gitlab::Git.diff_line_code), `type` is `new` for
 * an added line, `old` for a removed one, null for context.
 */
export function lineRangeEnd(pathSha1: string, line: HunkLine): DiffLineRangeEnd {
  const { change } = line;
  return {
    line_code: `${pathSha1}_${line.oldPos}_${line.newPos}`,
    type: change.type === 'insert' ? 'new' : change.type === 'delete' ? 'old' : null,
    old_line: change.type === 'insert' ? null : line.oldPos,
    new_line: change.type === 'delete' ? null : line.newPos,
  };
}

/** How GitLab labels a line in "Commenting on lines +3 to +7": `+n` new, `-n` old, `n` context. */
export function lineLabel(line: ClickedLine): string {
  if (line.kind === 'insert') return `+${line.newLine}`;
  if (line.kind === 'delete') return `-${line.oldLine}`;
  return String(line.newLine);
}

/** Hex SHA-1 of a UTF-8 string (Web Crypto). */
export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
