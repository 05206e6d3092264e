/**
 * Repository file presenters (spec "Repository file", "Blame range"; doc/api/repository_files.md;
 * lib/api/files.rb `blob_data`, lib/api/entities/blame_range*.rb): the file JSON, its metadata headers in
 * GitLab's `X-Gitlab-*` spelling and the spec's neutral `X-Svc-*` one, blame ranges, and the raw
 * download's content type and disposition. Pure.
 */
import type {
  BlameRange,
  FileCommitResponse,
  RepositoryFile,
  RepositoryFileMetadata,
} from '../../../shared/api-types/repository.js';
import type { CommitInfo } from '../git/commit-info.js';

/** A file read at a ref, as the file presenters need it (services/repository-files/read-file.ts loads it). */
export interface RepositoryFileView {
  /** Base name (`popen.rb`). */
  name: string;
  /** Full path in the repository (`files/ruby/popen.rb`). */
  path: string;
  size: number;
  content: Buffer;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** The ref as the caller gave it (branch, tag or SHA). */
  ref: string;
  blobId: string;
  /** The commit `ref` resolved to. */
  commitId: string;
  /** Last commit that touched the file, reachable from `commitId`. */
  lastCommitId: string;
  /** Mode 100755. */
  executable: boolean;
}

/** One blame range: the commit and its consecutive lines (services/repository-files/blame-file.ts). */
export interface BlameRangeView {
  commit: CommitInfo;
  lines: string[];
}

/** The outcome of a file create/update/delete commit (services/repository-files/write-file.ts). */
export interface FileCommitResult {
  filePath: string;
  branch: string;
  commitId: string;
}

/** The file's metadata (every field but `content`), in GitLab's order. */
export function presentRepositoryFileMetadata(f: RepositoryFileView): RepositoryFileMetadata {
  return {
    file_name: f.name,
    file_path: f.path,
    size: f.size,
    encoding: 'base64',
    content_sha256: f.sha256,
    ref: f.ref,
    blob_id: f.blobId,
    commit_id: f.commitId,
    last_commit_id: f.lastCommitId,
    execute_filemode: f.executable,
  };
}

/** `GET /projects/:id/repository/files/:file_path`: metadata plus the Base64 content. */
export function presentRepositoryFile(f: RepositoryFileView): RepositoryFile {
  return { ...presentRepositoryFileMetadata(f), content: f.content.toString('base64') };
}

/** `file_name` → `File-Name` (GitLab's `set_http_headers`: each key capitalised per `_`-part). */
function headerSuffix(key: string): string {
  return key
    .split('_')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('-');
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/**
 * A header value as bytes on the wire: UTF-8 (as Rack sends it), control characters percent-encoded so
 * a file name can never split a header.
 */
export function headerValue(value: string): string {
  const safe = value.replace(CONTROL_CHARS, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return Buffer.from(safe, 'utf8').toString('latin1');
}

/**
 * The metadata headers of a file response (HEAD, GET, blame, raw): `X-Gitlab-Blob-Id`,
 * `X-Gitlab-Commit-Id`, `X-Gitlab-Content-Sha256`, `X-Gitlab-Encoding`, `X-Gitlab-File-Name`,
 * `X-Gitlab-File-Path`, `X-Gitlab-Last-Commit-Id`, `X-Gitlab-Ref`, `X-Gitlab-Size`,
 * `X-Gitlab-Execute-Filemode`, and each again as `X-Svc-…` (spec "Repository files").
 */
export function repositoryFileHeaders(f: RepositoryFileView): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(presentRepositoryFileMetadata(f))) {
    const v = headerValue(String(value));
    headers[`X-Gitlab-${headerSuffix(key)}`] = v;
    headers[`X-Svc-${headerSuffix(key)}`] = v;
  }
  return headers;
}

/** The commit of a blame range (GitLab's BlameRangeCommit: spec "Blame range"). */
function presentBlameCommit(c: CommitInfo): BlameRange['commit'] {
  return {
    id: c.id,
    message: c.message.endsWith('\n') ? c.message : `${c.message}\n`,
    parent_ids: c.parentIds,
    authored_date: c.authoredDate,
    author_name: c.authorName,
    author_email: c.authorEmail,
    committed_date: c.committedDate,
    committer_name: c.committerName,
    committer_email: c.committerEmail,
  };
}

/** One blame range: `{commit, lines}`. */
export function presentBlameRange(r: BlameRangeView): BlameRange {
  return { commit: presentBlameCommit(r.commit), lines: r.lines };
}

/** `POST`/`PUT` answer: `{file_path, branch}`. */
export function presentFileCommit(r: FileCommitResult): FileCommitResponse {
  return { file_path: r.filePath, branch: r.branch };
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/** True when the bytes look binary: a NUL in the first 8000 bytes (git's heuristic) or invalid UTF-8. */
export function looksBinary(bytes: Buffer): boolean {
  if (bytes.subarray(0, 8000).includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}

/**
 * Content type of a raw download: text as `text/plain; charset=utf-8` (never HTML or SVG, so a file can't
 * run script in the instance's origin), common raster images by extension, other binaries as
 * `application/octet-stream` (GitLab Workhorse's send-blob behaves alike). Pure; unit-tested.
 */
export function rawContentType(fileName: string, bytes: Buffer): string {
  if (!looksBinary(bytes)) return 'text/plain; charset=utf-8';
  const ext = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
  return IMAGE_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * `inline; filename="popen.rb"; filename*=UTF-8''popen.rb` (as GitLab answers raw downloads): an ASCII
 * fallback with quotes, backslashes and non-ASCII replaced, and the exact name per RFC 5987. Pure; unit-tested.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
