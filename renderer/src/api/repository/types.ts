/**
 * Wire shapes of the repository endpoints, as GitLab's v4 API documents them (doc/api/repositories.md,
 * repository_files.md, commits.md, branches.md, tags.md, protected_branches.md) and the spec's
 * "Repository file", "Blame range", "Commit object", "Branch", "Tag" and "Protected branch" sections.
 * The shapes the core presents are taken from shared/api-types/repository.ts (and merge-requests.ts for
 * diffs); fields the screens treated as optional before the shared contract stay optional.
 */
import type {
  Branch as BranchWire,
  FileCommitResponse,
  ProtectedBranch as ProtectedBranchWire,
  ProtectedRefAccess,
  RepositoryCommit,
  RepositoryCommitDetail,
  RepositoryFile as RepositoryFileWire,
  Tag as TagWire,
  TagRelease as TagReleaseWire,
  TreeObject,
} from '../../../../shared/api-types/repository.js';
import type { MergeRequestChange } from '../merge-requests/types.js';

/** One entry of `GET /projects/:id/repository/tree`. `commit` is a submodule. */
export type TreeEntry = TreeObject;

/**
 * `GET /projects/:id/repository/files/:file_path` (content is base64). `execute_filemode` is optional
 * (older instances leave it out) and `encoding` a plain string, as before the shared contract.
 */
export type RepositoryFile = Omit<RepositoryFileWire, 'encoding' | 'execute_filemode'> & {
  encoding: string;
  execute_filemode?: boolean;
};

/**
 * A commit as lists, branches and tags embed it (GitLab's Commit entity; the core's `RepositoryCommit`).
 * `created_at` and `web_url` stay optional.
 */
export type Commit = Pick<
  RepositoryCommit,
  | 'id'
  | 'short_id'
  | 'title'
  | 'message'
  | 'parent_ids'
  | 'author_name'
  | 'author_email'
  | 'authored_date'
  | 'committer_name'
  | 'committer_email'
  | 'committed_date'
> &
  Partial<Pick<RepositoryCommit, 'created_at' | 'web_url'>>;

/** `GET /projects/:id/repository/commits/:sha` adds stats (and more fields Outpost does not use). */
export type CommitDetail = Commit & Partial<Pick<RepositoryCommitDetail, 'stats'>>;

/** One range of `GET .../files/:file_path/blame`: consecutive lines last changed by one commit. */
export interface BlameRange {
  commit: Pick<
    Commit,
    | 'id'
    | 'message'
    | 'parent_ids'
    | 'authored_date'
    | 'author_name'
    | 'author_email'
    | 'committed_date'
    | 'committer_name'
    | 'committer_email'
  > &
    Partial<Pick<Commit, 'short_id' | 'title'>>;
  lines: string[];
}

/** A branch (`GET /projects/:id/repository/branches`). */
export type Branch = Omit<BranchWire, 'commit'> & { commit: Commit };

/** Release notes attached to a tag. */
export type TagRelease = TagReleaseWire;

/**
 * A tag: `message` is null for a lightweight tag and the annotation otherwise. `commit` is read as present
 * (the core sends null only for a tag naming a tree or blob); `created_at` is optional
 * (the screens do not read it).
 */
export type Tag = Omit<TagWire, 'commit' | 'created_at'> & {
  commit: Commit;
  created_at?: string | null;
};

/**
 * Who may push, merge or unprotect: a role level, or (higher editions) one user or group. `id`,
 * `user_id` and `group_id` stay optional (the user and group entries are a paid-tier feature upstream).
 */
export type AccessLevelEntry = Pick<ProtectedRefAccess, 'access_level' | 'access_level_description'> &
  Partial<Pick<ProtectedRefAccess, 'id' | 'user_id' | 'group_id'>>;

/** A protection rule for a branch name or wildcard (`release/*`); `unprotect_access_levels` is EE-only upstream. */
export type ProtectedBranch = Pick<
  ProtectedBranchWire,
  'id' | 'name' | 'allow_force_push' | 'code_owner_approval_required'
> & {
  push_access_levels: AccessLevelEntry[];
  merge_access_levels: AccessLevelEntry[];
  unprotect_access_levels?: AccessLevelEntry[];
};

/** Answer of `POST`/`PUT .../repository/files/:file_path`. */
export type FileCommitResult = FileCommitResponse;

/**
 * One file of a commit's diff (`GET …/repository/commits/:sha/diff`, doc/api/commits.md "Get the diff of a
 * commit"; also the `diffs` of `GET …/repository/compare`). The same shape as a merge request's change.
 */
export type CommitDiffFile = MergeRequestChange;

/** One ref of `GET …/repository/commits/:sha/refs?type=all` (doc/api/commits.md "Get references a commit is pushed to"). */
export interface CommitRef {
  type: 'branch' | 'tag';
  name: string;
}

/**
 * The branches and tags containing a commit; `supported` is false when the instance has no
 * `…/commits/:sha/refs` endpoint (it answered 404 for a commit that exists).
 */
export interface CommitRefs {
  supported: boolean;
  refs: CommitRef[];
  /** True when more refs exist than were fetched (the first 100). */
  truncated: boolean;
}

/** A commit's diff and how it was obtained: `via` 'compare' when the instance lacks `…/diff`. */
export interface CommitDiff {
  files: CommitDiffFile[];
  via: 'diff' | 'compare' | 'none';
}

/** The filters of the commits list beyond the ref: GitLab's `path` and `author`, and a message search. */
export interface CommitListFilters {
  path: string;
  author: string;
  search: string;
}
