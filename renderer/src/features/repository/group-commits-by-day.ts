import type { Commit } from '../../api/repository/types.js';

/** Commits of one calendar day (local time), newest first as the instance sent them. */
export interface CommitDay {
  /** `YYYY-MM-DD` in local time. */
  day: string;
  /** "Sunday, 22 November 2026"-style heading. */
  label: string;
  commits: Commit[];
}

function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Group a commit list by the local day of `committed_date`, keeping the list's order. */
export function groupCommitsByDay(commits: readonly Commit[], locale?: string): CommitDay[] {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const groups: CommitDay[] = [];
  for (const commit of commits) {
    const date = new Date(commit.committed_date);
    const day = Number.isNaN(date.getTime()) ? 'unknown' : localDay(date);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.commits.push(commit);
    else
      groups.push({
        day,
        label: day === 'unknown' ? 'Unknown date' : format.format(date),
        commits: [commit],
      });
  }
  return groups;
}
