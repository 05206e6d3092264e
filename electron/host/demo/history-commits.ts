/**
 * Picking the real commits the demo's merge requests show: newest first from the default branch
 * (`GET /projects/:id/repository/commits`), commits with exactly one parent whose diff is neither empty
 * nor huge (`GET /projects/:id/repository/commits/:sha` with `stats`), so each merge request's diff is
 * that commit's real diff and stays readable.
 */
import type { DemoApi } from './demo-api.js';

/** A commit the demo turns into a merge request. */
export interface HistoryCommit {
  id: string;
  shortId: string;
  parentId: string;
  title: string;
  message: string;
  authorName: string;
  /** Lines added + removed. */
  total: number;
}

interface CommitJson {
  id: string;
  short_id: string;
  parent_ids: string[];
  title: string;
  message: string;
  author_name: string;
}

/** GitLab's longest merge request title (`title` is too long (maximum is 255 characters)). */
export const MAX_TITLE_LENGTH = 255;

/** A commit title as a merge request title: unchanged, or cut to 255 characters ending with `…`. */
export function mergeRequestTitle(commitTitle: string): string {
  const chars = [...commitTitle];
  return chars.length <= MAX_TITLE_LENGTH ? commitTitle : `${chars.slice(0, MAX_TITLE_LENGTH - 1).join('')}…`;
}

/** Lines changed a demo merge request may show (added + removed). */
export const MAX_DEMO_DIFF_LINES = 400;

/**
 * Up to `count` commits of `ref` with one parent and 1..MAX_DEMO_DIFF_LINES changed lines, newest first.
 * Reads at most 100 commits. @throws DemoStepError (from `api.expect`) when a read fails.
 */
export async function pickHistoryCommits(
  api: DemoApi,
  projectId: number,
  ref: string,
  count: number,
): Promise<HistoryCommit[]> {
  const commits = await api.expect<CommitJson[]>('Reading the commit history', {
    method: 'GET',
    path: `/projects/${projectId}/repository/commits`,
    query: { ref_name: ref, per_page: 100 },
  });
  const picked: HistoryCommit[] = [];
  for (const c of commits) {
    if (picked.length >= count) break;
    if (c.parent_ids.length !== 1 || /^Merge /.test(c.title)) continue;
    const detail = await api.expect<{ stats?: { total: number } }>(`Reading commit ${c.short_id}`, {
      method: 'GET',
      path: `/projects/${projectId}/repository/commits/${c.id}`,
      query: { stats: true },
    });
    const total = detail.stats?.total ?? 0;
    if (total < 1 || total > MAX_DEMO_DIFF_LINES) continue;
    picked.push({
      id: c.id,
      shortId: c.short_id,
      parentId: c.parent_ids[0]!,
      title: mergeRequestTitle(c.title),
      message: c.message,
      authorName: c.author_name,
      total,
    });
  }
  return picked;
}

/**
 * The first added line of a unified diff (`@@ -a,b +c,d @@` hunks): its new line number, or null when
 * the diff adds nothing. Used to place a line comment on a real position.
 */
export function firstAddedLine(diff: string): number | null {
  let newLine = 0;
  for (const line of diff.split('\n')) {
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk) {
      newLine = Number(hunk[1]);
      continue;
    }
    if (newLine === 0) continue;
    if (line.startsWith('+')) return newLine;
    if (!line.startsWith('-') && !line.startsWith('\\')) newLine += 1;
  }
  return null;
}
