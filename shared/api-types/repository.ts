/**
 * Wire shapes of repository files, blame, tree and commits (spec "Repository file", "Blame range",
 * "Commit object"; doc/api/repository_files.md, repositories.md, commits.md).
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
