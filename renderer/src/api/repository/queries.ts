import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiJson, apiPage, apiRequest, isSuccess } from '../client.js';
import { ApiError } from '../api-error.js';
import { encodeFilePath, encodeRefSegment } from './file-path.js';
import { repositoryKeys, type BranchListFilters, type TagListFilters } from './keys.js';
import type {
  BlameRange,
  Branch,
  Commit,
  CommitDetail,
  ProtectedBranch,
  RepositoryFile,
  Tag,
  TreeEntry,
} from './types.js';

/** Tree entries fetched per request, and the most pages one folder listing follows. */
const TREE_PAGE_SIZE = 100;
const TREE_MAX_PAGES = 20;

/** Commits per "load more" step. */
export const COMMITS_PER_PAGE = 30;

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
        apiJson<RepositoryFile>({
          method: 'GET',
          path: `${projectPath(projectId)}/files/${encodeFilePath(path)}`,
          query: { ref },
          profileId,
        }),
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
        apiJson<BlameRange[]>({
          method: 'GET',
          path: `${projectPath(projectId)}/files/${encodeFilePath(path)}/blame`,
          query: { ref },
          profileId,
        }),
      staleTime: 60_000,
    }),

  /**
   * `GET /projects/:id/repository/commits?ref_name=&path=`, newest first, {@link COMMITS_PER_PAGE}
   * per page, as an infinite list for "Load more".
   */
  commitList: (profileId: string, projectId: number, ref: string, path = '') =>
    infiniteQueryOptions({
      queryKey: repositoryKeys.commitList(profileId, projectId, ref, path),
      queryFn: ({ pageParam }) =>
        apiPage<Commit>({
          method: 'GET',
          path: `${projectPath(projectId)}/commits`,
          query: { ref_name: ref, path, page: pageParam, per_page: COMMITS_PER_PAGE },
          profileId,
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => last.nextPage ?? undefined,
      staleTime: 30_000,
    }),

  /** `GET /projects/:id/repository/commits/:sha` (a SHA, branch or tag). */
  commit: (profileId: string, projectId: number, sha: string) =>
    queryOptions({
      queryKey: repositoryKeys.commit(profileId, projectId, sha),
      queryFn: () =>
        apiJson<CommitDetail>({
          method: 'GET',
          path: `${projectPath(projectId)}/commits/${encodeURIComponent(sha)}`,
          profileId,
        }),
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
        apiJson<Branch>({
          method: 'GET',
          path: `${projectPath(projectId)}/branches/${encodeRefSegment(name)}`,
          profileId,
        }),
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
        apiJson<ProtectedBranch[]>({
          method: 'GET',
          path: `/projects/${projectId}/protected_branches`,
          query: { per_page: 100 },
          profileId,
        }),
      staleTime: 30_000,
    }),
};
