import { countChangedLines, fileDisplays, type FileDisplay } from './diff-limits.js';

/** What the diff viewer needs of one changed file (a merge request change or a commit's diff file). */
export interface DiffChange {
  old_path: string;
  new_path: string;
  diff: string;
  too_large?: boolean;
}

/** One file of a diff list: the API change, its +/− counts and how GitLab's limits first show it. */
export interface ListedDiffFile<C extends DiffChange = DiffChange> {
  change: C;
  additions: number;
  deletions: number;
  display: FileDisplay;
  /** Newlines in the diff text (0 for an empty diff), for size estimates before a file is drawn. */
  lines: number;
}

/**
 * Lists the files of a diff in order with their +/− line counts ({@link countChangedLines}) and first
 * display by GitLab's diff limits ({@link fileDisplays}). Pure: one entry per change.
 */
export function listDiffFiles<C extends DiffChange>(changes: C[]): ListedDiffFile<C>[] {
  const displays = fileDisplays(changes);
  return changes.map((change, index) => {
    let lines = 0;
    for (let at = change.diff.indexOf('\n'); at !== -1; at = change.diff.indexOf('\n', at + 1)) lines += 1;
    return { change, ...countChangedLines(change.diff), display: displays[index]!, lines };
  });
}

/** Sum of the +/− counts of listed files. */
export function diffTotals(files: readonly { additions: number; deletions: number }[]): {
  additions: number;
  deletions: number;
} {
  let additions = 0;
  let deletions = 0;
  for (const file of files) {
    additions += file.additions;
    deletions += file.deletions;
  }
  return { additions, deletions };
}

/**
 * Whether a listed file's diff is drawn: never when too large; else the user's own toggle when there is
 * one (`manual`), else expanded files that are not marked viewed.
 */
export function isDiffFileOpen(file: ListedDiffFile, manual: boolean | undefined, viewed = false): boolean {
  return file.display !== 'too_large' && (manual ?? (file.display === 'expanded' && !viewed));
}
