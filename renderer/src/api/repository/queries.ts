import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPage, apiRequest, isSuccess } from '../client.js';
import { ApiError } from '../api-error.js';
import { encodeFilePath, encodeRefSegment } from './file-path.js';
import { repositoryKeys, type BranchListFilters, type TagListFilters } from './keys.js';
import { withLastCommitSlot } from './last-commit-queue.js';
import type { MergeRequest } from '../merge-requests/types.js';
import type {
  BlameRange,
  Branch,
  Commit,
  CommitDetail,
  CommitDiff,
  CommitDiffFile,
  CommitListFilters,
  CommitRef,
  CommitRefs,
  ProtectedBranch,
  RepositoryFile,
  Tag,
  TreeEntry,
} from './types.js';

/** Tree entries fetched per request, and the most pages one folder listing follows. */
const TREE_PAGE_SIZE = 100;
const TREE_MAX_PAGES = 20;

/** Commits per page of the history; a filtered history reads larger pages (fewer rows survive). */
export const COMMITS_PER_PAGE = 50;
export const FILTERED_COMMITS_PER_PAGE = 100;

/** Most pages of a commit's diff followed (100 files each). */
const DIFF_MAX_PAGES = 20;

/** One page of the commits list: what the instance sent and what survives the filters. */
export interface CommitListPage {
  /** Commits of this page that match the filters (all of them without filters). */
  items: Commit[];
  /** How many commits the instance sent for this page (before the message/author filter). */
  read: number;
  nextPage: number | null;
}

/** True when the filters narrow the history by message or author (not only by path). */
export function commitFiltersNarrow(filters: CommitListFilters): boolean {
  return filters.search.trim() !== '' || filters.author.trim() !== '';
}

/**
 * Does `commit` match the message search and author filter (case-insensitive substrings; the author
 * filter matches the name or the e-mail, as GitLab's `author` does)? Applied on top of what the instance
 * sends, so it narrows correctly whether or not the instance understands `author`.
 */
export function commitMatches(
  commit: Commit,
  filters: Pick<CommitListFilters, 'search' | 'author'>,
): boolean {
  const search = filters.search.trim().toLowerCase();
  const author = filters.author.trim().toLowerCase();
  if (search && !commit.message.toLowerCase().includes(search) && !commit.id.startsWith(search)) return false;
  if (
    author &&
    !commit.author_name.toLowerCase().includes(author) &&
    !commit.author_email.toLowerCase().includes(author)
  )
    return false;
  return true;
}

/** A 404 from an endpoint this instance lacks (the commit itself was found before asking). */
function isMissingEndpoint(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A folder listing; `truncated` when it had more than {@link TREE_PAGE_SIZE}×{@link TREE_MAX_PAGES} entries. */
export interface TreeListing {
  entries: TreeEntry[];
  truncated: boolean;
}

const projectPath = (projectId: number) => `/projects/${projectId}/repository`;

/** Query options for one project's repository (GitLab doc/api/repositories.md and neighbours). */
export const repositoryQueries = {
  /**
   * `GET /projects/:id/repository/tree?path=&ref=` for one folder, following every page (up to
   * 2,000 entries). An empty repository answers 404 "Tree Not Found"; callers show the empty state.
   */
  tree: (profileId: string, projectId: number, ref: string, path: string) =>
    queryOptions({
      queryKey: repositoryKeys.tree(profileId, projectId, ref, path),
      queryFn: async (): Promise<TreeListing> => {
        const entries: TreeEntry[] = [];
        let page = 1;
        for (let fetched = 0; fetched < TREE_MAX_PAGES; fetched += 1) {
          const result = await apiPage<TreeEntry>({
            method: 'GET',
            path: `${projectPath(projectId)}/tree`,
            query: { path, ref, per_page: TREE_PAGE_SIZE, page },
            profileId,
          });
          entries.push(...result.items);
          if (result.nextPage === null || result.items.length === 0) return { entries, truncated: false };
          page = result.nextPage;
        }
        return { entries, truncated: true };
      },
      staleTime: 30_000,
    }),

  /** `GET /projects/:id/repository/files/:file_path?ref=`: metadata and base64 content. */
  file: (profileId: string, projectId: number, ref: string, path: string) =>
    queryOptions({
      queryKey: repositoryKeys.file(profileId, projectId, ref, path),
      queryFn: () =>
        apiGet<RepositoryFile>(profileId, `${projectPath(projectId)}/files/${encodeFilePath(path)}`, { ref }),
      staleTime: 30_000,
    }),

  /**
   * `GET /projects/:id/repository/files/:file_path/raw?ref=` as text. A JSON file that the instance
   * labels `application/json` arrives parsed; it is turned back into text.
   */
  raw: (profileId: string, projectId: number, ref: string, path: string) =>
    queryOptions({
      queryKey: repositoryKeys.raw(profileId, projectId, ref, path),
      queryFn: async (): Promise<string> => {
        const response = await apiRequest<unknown>({
          method: 'GET',
          path: `${projectPath(projectId)}/files/${encodeFilePath(path)}/raw`,
          query: { ref },
          profileId,
        });
        if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
        const { body } = response;
        if (typeof body === 'string') return body;
        return body === null || body === undefined ? '' : JSON.stringify(body, null, 2);
      },
      staleTime: 30_000,
    }),

  /** `GET /projects/:id/repository/files/:file_path/blame?ref=`: ranges of lines with their commit. */
  blame: (profileId: string, projectId: number, ref: string, path: string) =>
    queryOptions({
      queryKey: repositoryKeys.blame(profileId, projectId, ref, path),
      queryFn: () =>
        apiGet<BlameRange[]>(profileId, `${projectPath(projectId)}/files/${encodeFilePath(path)}/blame`, {
          ref,
        }),
      staleTime: 60_000,
    }),

  /**
   * `GET /projects/:id/repository/commits?ref_name=&path=`, newest first, as an infinite list loaded on
   * scroll: {@link COMMITS_PER_PAGE} per page, {@link FILTERED_COMMITS_PER_PAGE} while a message search
   * or author filter is on. GitLab's API has no message search, and its `author` (where an instance has
   * it at all) is git's case-sensitive pattern, refused when it isn't a valid one; so both filters are
   * applied here to each page as it arrives, as case-insensitive substrings ({@link commitMatches}), the
   * same on every instance; `read` counts what was searched.
   */
  commitList: (profileId: string, projectId: number, ref: string, filters: CommitListFilters) =>
    infiniteQueryOptions({
      queryKey: repositoryKeys.commitList(profileId, projectId, ref, filters),
      queryFn: async ({ pageParam }): Promise<CommitListPage> => {
        const narrow = commitFiltersNarrow(filters);
        const page = await apiPage<Commit>({
          method: 'GET',
          path: `${projectPath(projectId)}/commits`,
          query: {
            ref_name: ref,
            path: filters.path,
            page: pageParam,
            per_page: narrow ? FILTERED_COMMITS_PER_PAGE : COMMITS_PER_PAGE,
          },
          profileId,
        });
        return {
          items: narrow ? page.items.filter((commit) => commitMatches(commit, filters)) : page.items,
          read: page.items.length,
          nextPage: page.items.length === 0 ? null : page.nextPage,
        };
      },
      initialPageParam: 1,
      getNextPageParam: (last) => last.nextPage ?? undefined,
      staleTime: 30_000,
    }),

  /**
   * The last commit that touched `path` at `ref`: `GET …/repository/commits?ref_name=&path=&per_page=1`
   * (null when none). GitLab's web UI batches this per folder (`-/refs/:ref/logs_tree`, 25 entries per
   * call, an internal route outside /api/v4), and GraphQL's `Tree.lastCommit` is one commit per tree,
   * not per entry; REST `GET …/repository/tree` has no commit fields (doc/api/repositories.md "List
   * repository tree": id, name, type, path, mode). So the Files tab asks per row: only for rows in view,
   * on a remote instance only when asked for, 3 at a time (./last-commit-queue.ts), and kept 5 min.
   */
  lastCommit: (profileId: string, projectId: number, ref: string, path: string) =>
    queryOptions({
      queryKey: repositoryKeys.lastCommit(profileId, projectId, ref, path),
      queryFn: async (): Promise<Commit | null> => {
        const page = await withLastCommitSlot(() =>
          apiPage<Commit>({
            method: 'GET',
            path: `${projectPath(projectId)}/commits`,
            query: { ref_name: ref, path, per_page: 1 },
            profileId,
          }),
        );
        return page.items[0] ?? null;
      },
      staleTime: 5 * 60_000,
    }),

  /**
   * A commit's diff: `GET …/repository/commits/:sha/diff` (every page, 100 files each, up to
   * {@link DIFF_MAX_PAGES}). An instance without that endpoint (404 for a commit that exists) is asked
   * for `GET …/repository/compare?from=<first parent>&to=<sha>&straight=true` instead, whose `diffs` are
   * the same files; a root commit then has no diff to show (`via: 'none'`).
   */
  commitDiff: (profileId: string, projectId: number, commit: Pick<Commit, 'id' | 'parent_ids'>) =>
    queryOptions({
      queryKey: repositoryKeys.commitDiff(profileId, projectId, commit.id),
      queryFn: async (): Promise<CommitDiff> => {
        const files: CommitDiffFile[] = [];
        try {
          let page = 1;
          for (let fetched = 0; fetched < DIFF_MAX_PAGES; fetched += 1) {
            const result = await apiPage<CommitDiffFile>({
              method: 'GET',
              path: `${projectPath(projectId)}/commits/${encodeURIComponent(commit.id)}/diff`,
              query: { page, per_page: 100 },
              profileId,
            });
            files.push(...result.items);
            if (result.nextPage === null || result.items.length === 0) break;
            page = result.nextPage;
          }
          return { files, via: 'diff' };
        } catch (error) {
          if (!isMissingEndpoint(error)) throw error;
        }
        const parent = commit.parent_ids[0];
        if (!parent) return { files: [], via: 'none' };
        const compare = await apiGet<{ diffs: CommitDiffFile[] }>(
          profileId,
          `${projectPath(projectId)}/compare`,
          { from: parent, to: commit.id, straight: true },
        );
        return { files: compare.diffs, via: 'compare' };
      },
      staleTime: Infinity,
    }),

  /**
   * The branches and tags containing a commit: `GET …/repository/commits/:sha/refs?type=all` (first
   * 100). `supported: false` when the instance lacks the endpoint (404 for a commit that exists).
   */
  commitRefs: (profileId: string, projectId: number, sha: string) =>
    queryOptions({
      queryKey: repositoryKeys.commitRefs(profileId, projectId, sha),
      queryFn: async (): Promise<CommitRefs> => {
        try {
          const page = await apiPage<CommitRef>({
            method: 'GET',
            path: `${projectPath(projectId)}/commits/${encodeURIComponent(sha)}/refs`,
            query: { type: 'all', per_page: 100 },
            profileId,
          });
          return { supported: true, refs: page.items, truncated: page.nextPage !== null };
        } catch (error) {
          if (isMissingEndpoint(error)) return { supported: false, refs: [], truncated: false };
          throw error;
        }
      },
      staleTime: 30_000,
    }),

  /** `GET …/repository/commits/:sha/merge_requests`: the merge requests that brought the commit (first 100). */
  commitMergeRequests: (profileId: string, projectId: number, sha: string) =>
    queryOptions({
      queryKey: repositoryKeys.commitMergeRequests(profileId, projectId, sha),
      queryFn: () =>
        apiGet<MergeRequest[]>(
          profileId,
          `${projectPath(projectId)}/commits/${encodeURIComponent(sha)}/merge_requests`,
          { per_page: 100 },
        ),
      staleTime: 30_000,
    }),

  /** `GET /projects/:id/repository/commits/:sha` (a SHA, branch or tag). */
  commit: (profileId: string, projectId: number, sha: string) =>
    queryOptions({
      queryKey: repositoryKeys.commit(profileId, projectId, sha),
      queryFn: () =>
        apiGet<CommitDetail>(profileId, `${projectPath(projectId)}/commits/${encodeURIComponent(sha)}`),
      staleTime: 5 * 60_000,
    }),

  /**
   * One page of `GET /projects/:id/repository/branches?search=` (sorted by name; `^term` and `term$`
   * anchor the search). Keeps the previous page on screen while the next loads.
   */
  branchList: (profileId: string, projectId: number, filters: BranchListFilters) =>
    queryOptions({
      queryKey: repositoryKeys.branchList(profileId, projectId, filters),
      queryFn: () =>
        apiPage<Branch>({
          method: 'GET',
          path: `${projectPath(projectId)}/branches`,
          query: { search: filters.search, page: filters.page, per_page: filters.perPage },
          profileId,
        }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),

  /** `GET /projects/:id/repository/branches/:branch`; 404 when `name` is no branch (a tag or SHA). */
  branch: (profileId: string, projectId: number, name: string) =>
    queryOptions({
      queryKey: repositoryKeys.branch(profileId, projectId, name),
      queryFn: () =>
        apiGet<Branch>(profileId, `${projectPath(projectId)}/branches/${encodeRefSegment(name)}`),
      staleTime: 30_000,
      retry: false,
    }),

  /** One page of `GET /projects/:id/repository/tags` with `order_by`, `sort` and `search`. */
  tagList: (profileId: string, projectId: number, filters: TagListFilters) =>
    queryOptions({
      queryKey: repositoryKeys.tagList(profileId, projectId, filters),
      queryFn: () =>
        apiPage<Tag>({
          method: 'GET',
          path: `${projectPath(projectId)}/tags`,
          query: {
            search: filters.search,
            order_by: filters.orderBy,
            sort: filters.sort,
            page: filters.page,
            per_page: filters.perPage,
          },
          profileId,
        }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),

  /** `GET /projects/:id/protected_branches` (first 100 rules). */
  protectedBranchList: (profileId: string, projectId: number) =>
    queryOptions({
      queryKey: repositoryKeys.protectedBranchList(profileId, projectId),
      queryFn: () =>
        apiGet<ProtectedBranch[]>(profileId, `/projects/${projectId}/protected_branches`, { per_page: 100 }),
      staleTime: 30_000,
    }),
};
