/**
 * Wire shapes of repository files, blame, tree, commits, branches, tags, protected branches and compare
 * (spec "Repository file", "Blame range", "Commit object", "Branch", "Tag", "Protected branch";
 * doc/api/repository_files.md, repositories.md, commits.md, branches.md, tags.md, protected_branches.md).
 */

/** Every field of a file read except its content (also sent as `X-Gitlab-*`/`X-Svc-*` headers). */
export interface RepositoryFileMetadata {
  file_name: string;
  file_path: string;
  /** Bytes. */
  size: number;
  encoding: 'base64';
  /** Hex SHA-256 of the content. */
  content_sha256: string;
  /** The ref as requested (branch, tag or SHA). */
  ref: string;
  blob_id: string;
  /** The commit the ref resolved to. */
  commit_id: string;
  /** The last commit that touched the file. */
  last_commit_id: string;
  execute_filemode: boolean;
}

/** `GET /projects/:id/repository/files/:file_path`. */
export interface RepositoryFile extends RepositoryFileMetadata {
  /** Base64 of the bytes. */
  content: string;
}

/** `POST`/`PUT /projects/:id/repository/files/:file_path`. */
export interface FileCommitResponse {
  file_path: string;
  branch: string;
}

/** The commit of a blame range. */
export interface BlameRangeCommit {
  id: string;
  message: string;
  parent_ids: string[];
  authored_date: string;
  author_name: string;
  author_email: string;
  committed_date: string;
  committer_name: string;
  committer_email: string;
}

/** Consecutive lines last changed by one commit. */
export interface BlameRange {
  commit: BlameRangeCommit;
  lines: string[];
}

/** `GET /projects/:id/repository/tree` item. */
export interface TreeObject {
  id: string;
  name: string;
  type: 'tree' | 'blob' | 'commit';
  path: string;
  /** Octal mode string: `100644`, `100755`, `120000`, `040000`, `160000`. */
  mode: string;
}

/** Commit as listed by `GET /projects/:id/repository/commits` (GitLab's Commit entity). */
export interface RepositoryCommit {
  id: string;
  short_id: string;
  created_at: string;
  parent_ids: string[];
  title: string;
  message: string;
  author_name: string;
  author_email: string;
  authored_date: string;
  committer_name: string;
  committer_email: string;
  committed_date: string;
  trailers: Record<string, string>;
  extended_trailers: Record<string, string[]>;
  web_url: string;
}

/** `GET /projects/:id/repository/commits/:sha` (GitLab's CommitDetail entity). */
export interface RepositoryCommitDetail extends RepositoryCommit {
  /** Present unless `stats=false`. */
  stats?: { additions: number; deletions: number; total: number };
  status: string | null;
  last_pipeline: null;
  project_id: number;
}

/**
 * `GET /projects/:id/repository/branches` items, a single branch, `POST …/branches` (spec "Branch"; GitLab's
 * Entities::Branch, schema public_api/v4/branch.json, strict).
 */
export interface Branch {
  name: string;
  commit: RepositoryCommit;
  merged: boolean;
  protected: boolean;
  developers_can_push: boolean;
  developers_can_merge: boolean;
  /** The caller may push to it. */
  can_push: boolean;
  default: boolean;
  /** `<project>/-/tree/<branch>`. */
  web_url: string;
}

/** A tag's release notes (Entities::TagRelease, schema release/tag_release.json), also the tag release endpoints' answer. */
export interface TagRelease {
  tag_name: string;
  description: string;
}

/** `GET /projects/:id/repository/tags` items, a single tag, `POST …/tags` (spec "Tag"; Entities::Tag, tag.json, strict). */
export interface Tag {
  name: string;
  /** The annotation; null for a lightweight tag. */
  message: string | null;
  /** The tag object's id for an annotated tag, the commit's for a lightweight one. */
  target: string;
  /** Null only for a tag naming no commit (a tree or blob). */
  commit: RepositoryCommit | null;
  release: TagRelease | null;
  protected: boolean;
  /** The tagger date; null for a lightweight tag. */
  created_at: string | null;
}

/**
 * Who may push, merge or unprotect (Entities::ProtectedRefAccess, schema entities/protected_ref_access.json):
 * a role level, or one user or group (those entries carry access level 40).
 */
export interface ProtectedRefAccess {
  id: number;
  access_level: number | null;
  /** "Maintainers", "Developers + Maintainers", "No one", "Admins", or the user's or group's name. */
  access_level_description: string | null;
  user_id: number | null;
  group_id: number | null;
}

/**
 * `GET /projects/:id/protected_branches` items, a single rule, `POST`/`PATCH` answers (spec "Protected
 * branch"; Entities::ProtectedBranch with its EE fields, schema protected_branch.json).
 */
export interface ProtectedBranch {
  id: number;
  /** A branch name or a wildcard (`release/*`). */
  name: string;
  push_access_levels: ProtectedRefAccess[];
  merge_access_levels: ProtectedRefAccess[];
  allow_force_push: boolean;
  unprotect_access_levels: ProtectedRefAccess[];
  code_owner_approval_required: boolean;
}

/** One file of `GET /projects/:id/repository/compare` (Entities::Diff with `generated_file`, GitLab 16.9+). */
export interface CompareDiff {
  diff: string;
  new_path: string;
  old_path: string;
  a_mode: string;
  b_mode: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  generated_file: boolean;
}

/** `GET /projects/:id/repository/compare` (doc/api/repositories.md "Compare branches, tags or commits"; Entities::Compare). */
export interface Compare {
  /** The newest compared commit; null when there are none. */
  commit: RepositoryCommit | null;
  /** Oldest first. */
  commits: RepositoryCommit[];
  diffs: CompareDiff[];
  compare_timeout: boolean;
  compare_same_ref: boolean;
  web_url: string;
}
