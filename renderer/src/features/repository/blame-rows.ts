import type { BlameRange } from '../../api/repository/types.js';

/** One block of the blame view: consecutive lines last changed by one commit. */
export interface BlameBlock {
  commit: BlameRange['commit'];
  /** 1-based number of the block's first line. */
  startLine: number;
  lines: string[];
  /** 0 or 1, alternating from block to block, for the shading. */
  shade: 0 | 1;
}

/**
 * Blame ranges as blocks for display: adjacent ranges of the same commit merge into one block
 * (git can split them), each block knows its first line number, and shading alternates.
 */
export function groupBlameRanges(ranges: readonly BlameRange[]): BlameBlock[] {
  const blocks: BlameBlock[] = [];
  let line = 1;
  for (const range of ranges) {
    if (range.lines.length === 0) continue;
    const previous = blocks[blocks.length - 1];
    if (previous && previous.commit.id === range.commit.id) {
      previous.lines.push(...range.lines);
    } else {
      const shade: 0 | 1 = previous ? (previous.shade === 0 ? 1 : 0) : 0;
      blocks.push({ commit: range.commit, startLine: line, lines: [...range.lines], shade });
    }
    line += range.lines.length;
  }
  return blocks;
}

/** A commit's first line: `title` when the instance sends one, else the message's first line. */
export function commitTitle(commit: { title?: string; message: string }): string {
  if (commit.title) return commit.title;
  return commit.message.split('\n', 1)[0]?.trim() ?? '';
}

/** The 8-character short SHA GitLab shows. */
export function shortSha(sha: string): string {
  return sha.slice(0, 8);
}
