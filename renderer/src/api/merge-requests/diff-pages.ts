import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import { apiGet, apiPage } from '../client.js';
import { mergeRequestKeys } from './keys.js';
import type { MergeRequestChange } from './types.js';

/**
 * Files asked per `GET …/diffs` page: GitLab's largest `per_page` (doc/api/rest/_index.md §Pagination:
 * "maximum 100"), so an MR at GitLab's default `diff_max_files` (1,000) takes at most 10 pages.
 */
export const DIFFS_PER_PAGE = 100;
/** Pages of `GET …/diffs` in flight at once after the first. */
export const DIFF_PAGE_CONCURRENCY = 3;
/**
 * Pages the Changes tab reads on its own (400 files): the first, then one batch of three. Past that the
 * administrator asks for the rest, so a merge request of 1,000 files opens with 2 rounds of diff requests
 * and 4 requests in all, inside the review's first-view budget.
 */
export const FIRST_VIEW_DIFF_PAGES = 1 + DIFF_PAGE_CONCURRENCY;

/** Which `GET …/diffs` pages one batch reads (inclusive). */
export interface DiffPageRange {
  first: number;
  last: number;
}

/** One batch of `GET …/diffs` pages, its files in GitLab's order and what the last page said. */
export interface DiffBatch {
  files: MergeRequestChange[];
  /** Pages this batch read. */
  pages: number;
  /** `X-Total` of the first page read (files in the diff), null when the instance omits it. */
  total: number | null;
  /** `X-Total-Pages`, null when omitted. */
  totalPages: number | null;
  /** `X-Next-Page` of the batch's last page, null at the end. */
  nextPage: number | null;
}

/**
 * The batch after `batch`: the next page and up to {@link DIFF_PAGE_CONCURRENCY} − 1 more, never past
 * `X-Total-Pages`; one page at a time when the instance sends no total. Undefined at the end. Pure.
 */
export function nextDiffPages(batch: DiffBatch): DiffPageRange | undefined {
  if (batch.nextPage === null) return undefined;
  const first = batch.nextPage;
  const last =
    batch.totalPages === null
      ? first
      : Math.max(first, Math.min(first + DIFF_PAGE_CONCURRENCY - 1, batch.totalPages));
  return { first, last };
}

/** Read pages `range.first…range.last` of `GET …/diffs` at once (at most {@link DIFF_PAGE_CONCURRENCY}). */
async function readDiffBatch(profileId: string, path: string, range: DiffPageRange): Promise<DiffBatch> {
  const numbers = Array.from({ length: range.last - range.first + 1 }, (_, i) => range.first + i);
  const pages = await Promise.all(
    numbers.map((page) =>
      apiPage<MergeRequestChange>({
        method: 'GET',
        path,
        query: { page, per_page: DIFFS_PER_PAGE },
        profileId,
      }),
    ),
  );
  const head = pages[0]!;
  const tail = pages[pages.length - 1]!;
  return {
    files: pages.flatMap((page) => page.items),
    pages: pages.length,
    total: head.total,
    totalPages: head.totalPages,
    nextPage: tail.nextPage,
  };
}

/** `/projects/:id/merge_requests/:iid`. */
const mrPath = (projectId: number, iid: number) => `/projects/${projectId}/merge_requests/${iid}`;

export const mergeRequestDiffQueries = {
  /**
   * `GET …/diffs?page=&per_page=100` (doc/api/merge_requests.md "List merge request diffs", GitLab 15.7+;
   * lib/api/merge_requests.rb paginates the latest diff version's files), batch after batch: page 1
   * alone (it tells `X-Total-Pages`), then up to {@link DIFF_PAGE_CONCURRENCY} pages at once. The screen
   * decides when to ask for the next batch.
   */
  diffPages: (profileId: string, projectId: number, iid: number) =>
    infiniteQueryOptions({
      queryKey: mergeRequestKeys.diffPages(profileId, projectId, iid),
      queryFn: ({ pageParam }) => readDiffBatch(profileId, `${mrPath(projectId, iid)}/diffs`, pageParam),
      initialPageParam: { first: 1, last: 1 } as DiffPageRange,
      getNextPageParam: (last) => nextDiffPages(last),
      staleTime: 5_000,
    }),
  /**
   * `GET …/raw_diffs` (doc/api/merge_requests.md "Show merge request raw diffs", gitlab-org/gitlab!178813):
   * the whole diff as text, for a file GitLab sent as `too_large`; null when the instance has no such
   * endpoint (404 on older GitLab).
   */
  rawDiffs: (profileId: string, projectId: number, iid: number) =>
    queryOptions({
      queryKey: mergeRequestKeys.rawDiffs(profileId, projectId, iid),
      queryFn: async (): Promise<string | null> => {
        try {
          const text = await apiGet<unknown>(profileId, `${mrPath(projectId, iid)}/raw_diffs`);
          return typeof text === 'string' ? text : null;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      staleTime: Infinity,
    }),
};

/**
 * The hunks of `newPath` in a whole `git diff` text (the section whose `diff --git` header ends in
 * ` b/<newPath>`, from its first `@@`), in the form GitLab's `diff` field has; null when the text has no
 * such file or only a binary notice. Pure.
 */
export function fileDiffFromRaw(raw: string, newPath: string): string | null {
  for (const section of raw.split(/^diff --git /m).slice(1)) {
    const header = section.slice(0, section.indexOf('\n'));
    if (!header.endsWith(` b/${newPath}`)) continue;
    const hunk = section.search(/^@@ /m);
    return hunk >= 0 ? section.slice(hunk) : null;
  }
  return null;
}
