/**
 * Merge request diff versions and changes (GitLab's Entities::MergeRequestDiff, MergeRequestDiffFull,
 * Diff, Commit; spec "Merge request diff version"). Pure: no queries.
 */
import type {
  FileDiff,
  ListedDiff,
  MergeRequestDiffCommit,
  MergeRequestDiffVersion,
  MergeRequestDiffVersionDetail,
} from '../../../shared/api-types/merge-requests.js';
import type {
  MergeRequestDiffCommitRow,
  MergeRequestDiffFileRow,
  MergeRequestDiffRow,
} from '../db/merge-request-diffs.js';
import type { DiffFile } from '../git/diffs.js';

/** A version in the list form. */
export function presentDiffVersion(d: MergeRequestDiffRow): MergeRequestDiffVersion {
  return {
    id: d.id,
    head_commit_sha: d.head_commit_sha,
    base_commit_sha: d.base_commit_sha,
    start_commit_sha: d.start_commit_sha,
    created_at: d.created_at,
    merge_request_id: d.merge_request_id,
    state: d.state,
    real_size: d.real_size,
  };
}

/** A commit of a version, in GitLab's commit entity form. */
export function presentDiffCommit(c: MergeRequestDiffCommitRow): MergeRequestDiffCommit {
  const title = c.message.split('\n')[0] ?? '';
  return {
    id: c.sha,
    short_id: c.sha.slice(0, 8),
    created_at: c.committed_date,
    parent_ids: c.parent_ids.split(' ').filter(Boolean),
    title,
    message: c.message,
    author_name: c.author_name,
    author_email: c.author_email,
    authored_date: c.authored_date,
    committer_name: c.committer_name,
    committer_email: c.committer_email,
    committed_date: c.committed_date,
  };
}

/** One changed file (Entities::Diff). */
export function presentDiffFile(f: DiffFile | MergeRequestDiffFileRow): FileDiff {
  return {
    old_path: f.old_path,
    new_path: f.new_path,
    a_mode: f.a_mode,
    b_mode: f.b_mode,
    new_file: Boolean(f.new_file),
    renamed_file: Boolean(f.renamed_file),
    deleted_file: Boolean(f.deleted_file),
    diff: f.diff,
  };
}

/** A version with its commits and diffs (single read). */
export function presentDiffVersionFull(
  d: MergeRequestDiffRow,
  commits: readonly MergeRequestDiffCommitRow[],
  files: readonly MergeRequestDiffFileRow[],
): MergeRequestDiffVersionDetail {
  return {
    ...presentDiffVersion(d),
    commits: commits.map(presentDiffCommit),
    diffs: files.map(presentDiffFile),
  };
}

/**
 * Present a stored file for `GET …/diffs` (lib/api/entities/diff.rb: `diff` — the unified form with
 * `unidiff` —, `collapsed`, `too_large`, paths, modes, `new_file`, `renamed_file`, `deleted_file`,
 * `generated_file`). With `unidiff` a non-empty text diff gets GitLab's `--- a/<old>`/`+++ b/<new>`
 * header (`/dev/null` for the missing side; Gitlab::Git::Diff#unidiff), binaries stay as they are.
 */
export function presentListedDiff(f: MergeRequestDiffFileRow, opts: { unidiff?: boolean } = {}): ListedDiff {
  const base = presentDiffFile(f);
  let diff = base.diff;
  if (opts.unidiff && diff !== '' && !diff.startsWith('Binary files ')) {
    const oldHeader = base.new_file ? '/dev/null' : `a/${base.old_path}`;
    const newHeader = base.deleted_file ? '/dev/null' : `b/${base.new_path}`;
    diff = `--- ${oldHeader}\n+++ ${newHeader}\n${diff}`;
  }
  return {
    diff,
    collapsed: false,
    too_large: Boolean(f.too_large),
    new_path: base.new_path,
    old_path: base.old_path,
    a_mode: base.a_mode,
    b_mode: base.b_mode,
    new_file: base.new_file,
    renamed_file: base.renamed_file,
    deleted_file: base.deleted_file,
    generated_file: false,
  };
}
