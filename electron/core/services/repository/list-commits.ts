/**
 * Repository commits list (doc/api/commits.md "List repository commits"; lib/api/commits.rb): history
 * from `ref_name` (default branch by default), newest first, optionally only commits touching `path`,
 * within `since`/`until`, and by `author` (GitLab 15.x's param; 13.10 has none); with `all`, every ref's
 * history (lib/api/commits.rb `optional :all, type: Boolean`, Gitaly's FindCommits `--all`). Offset pagination with
 * `--skip`/`--max-count`, never counting the whole history: one extra commit is read to know whether a
 * next page exists (GitLab sends no totals here).
 * An unknown ref lists nothing, as GitLab does.
 */
import type { ProjectRow } from '../../db/projects.js';
import { readHistory, resolveCommit } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import { GitError } from '../../git/run-git.js';
import type { ServiceContext } from '../context.js';
import { ParameterError } from '../errors.js';
import { projectRepository } from '../refs/project-repository.js';
import { defaultRef } from './default-ref.js';
import { normalizeTreePath } from './list-tree.js';

export interface ListCommitsInput {
  refName?: string;
  path?: string;
  /** ISO 8601. */
  since?: string;
  /** ISO 8601. */
  until?: string;
  /** Only commits whose author matches (`git log --author`, as GitLab 15.x's `author`). */
  author?: string;
  /** Every ref's history (`git log --all`; GitLab's `all`), newest first; `refName` is then ignored. */
  all?: boolean;
  offset: number;
  perPage: number;
}

export interface CommitsPage {
  commits: CommitInfo[];
  /** True when at least one more commit follows this page. */
  hasMore: boolean;
  /** The project's web URL, for `web_url` fields. */
  projectWebUrl: string;
}

/**
 * One page of history. The caller has checked read access to the code.
 * @throws ParameterError (400 `author is invalid`) for an `author` git can't compile as a regular
 *   expression; GitError only for unexpected git failures.
 */
export async function listRepositoryCommits(
  ctx: ServiceContext,
  project: ProjectRow,
  input: ListCommitsInput,
): Promise<CommitsPage> {
  const repo = projectRepository(ctx, project);
  const empty = { commits: [], hasMore: false, projectWebUrl: repo.webUrl };
  const filePath = input.path === undefined ? undefined : normalizeTreePath(input.path);
  if (filePath === null) return empty;
  const commit = input.all ? '' : await resolveCommit(repo.path, input.refName ?? defaultRef(project));
  if (commit === null) return empty;
  const rows = await readHistory(repo.path, commit, {
    all: input.all,
    path: filePath || undefined,
    skip: input.offset,
    maxCount: input.perPage + 1,
    since: input.since,
    until: input.until,
    author: input.author,
  }).catch((err: unknown) => {
    // `author` is a regular expression git may refuse (`fatal: header, '[': Invalid regular expression`,
    // `… Unmatched [, [^, …`, `… Unmatched ( or \(`): a 400, not a 5xx.
    if (input.author && err instanceof GitError && /^fatal: header, '/m.test(err.stderr))
      throw new ParameterError('author is invalid');
    throw err;
  });
  return {
    commits: rows.slice(0, input.perPage),
    hasMore: rows.length > input.perPage,
    projectWebUrl: repo.webUrl,
  };
}
