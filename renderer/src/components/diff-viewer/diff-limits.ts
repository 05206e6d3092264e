import type { MergeRequestChange } from '../../api/merge-requests/types.js';

/**
 * GitLab's diff limits (doc/administration/diff_limits.md; Gitlab::Git::DiffCollection and
 * Gitlab::Git::Diff): defaults of "Maximum diff patch size" (per file, bytes), "Maximum diff files" and
 * "Maximum diff lines". A file over the patch size is "too large" (the instance sends it without a
 * diff); "when a diff reaches 10% of any of these values, the files are shown in a collapsed view".
 */
export const GITLAB_DIFF_LIMITS = {
  maxPatchBytes: 204_800,
  maxFiles: 1_000,
  maxLines: 50_000,
} as const;

/** How a file of a diff is first shown: expanded, collapsed (one click expands it), or too large to show. */
export type FileDisplay = 'expanded' | 'collapsed' | 'too_large';

/** +/− line counts of one file's `diff` text (hunk lines only; `+++`/`---` headers are not in GitLab's diff). */
export function countChangedLines(diff: string): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  let start = 0;
  while (start < diff.length) {
    let end = diff.indexOf('\n', start);
    if (end === -1) end = diff.length;
    const first = diff.charCodeAt(start);
    if (first === 43 /* + */) additions += 1;
    else if (first === 45 /* - */) deletions += 1;
    start = end + 1;
  }
  return { additions, deletions };
}

/**
 * How each file of a diff is first shown, by GitLab's rules: `too_large` when the instance says so or the
 * patch exceeds `maxPatchBytes`; `collapsed` when the patch reaches 10% of `maxPatchBytes` (20 KiB by
 * default) or when the files before it already reached 10% of `maxFiles` (100) or of `maxLines` (5,000
 * changed lines) — GitLab's "safe" limits, past which every further file starts collapsed.
 * Sizes are UTF-8 bytes of the `diff` text. Pure; one entry per change, in order.
 */
export function fileDisplays(
  changes: Pick<MergeRequestChange, 'diff' | 'too_large'>[],
  limits: { maxPatchBytes: number; maxFiles: number; maxLines: number } = GITLAB_DIFF_LIMITS,
): FileDisplay[] {
  const encoder = new TextEncoder();
  const safeFiles = limits.maxFiles / 10;
  const safeLines = limits.maxLines / 10;
  const collapseBytes = limits.maxPatchBytes / 10;
  let files = 0;
  let lines = 0;
  return changes.map((change) => {
    if (change.too_large) return 'too_large';
    // Bytes ≥ characters: only measure exactly when the character count is near a limit.
    const bytes =
      change.diff.length * 3 < collapseBytes ? change.diff.length : encoder.encode(change.diff).length;
    if (bytes > limits.maxPatchBytes) return 'too_large';
    const overSafe = files >= safeFiles || lines >= safeLines;
    const counts = countChangedLines(change.diff);
    files += 1;
    lines += counts.additions + counts.deletions;
    return overSafe || bytes >= collapseBytes ? 'collapsed' : 'expanded';
  });
}
