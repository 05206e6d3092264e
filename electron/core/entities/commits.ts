/**
 * Commit presenter (spec "Commit object"; GitLab's Commit entity, schema public_api/v4/commit/basic.json):
 * id, short_id, created_at, parent_ids, title, message, author_*, authored_date, committer_*,
 * committed_date, trailers, web_url (wire type: shared/api-types/repository.ts `RepositoryCommit`). Pure.
 */
import type { RepositoryCommit } from '../../../shared/api-types/repository.js';
import type { CommitInfo } from '../git/commit-info.js';

/** `projectWebUrl` is the project's web URL (`http://host/group/project`). */
export function presentCommit(c: CommitInfo, projectWebUrl: string): RepositoryCommit {
  const title = c.message.split('\n')[0] ?? '';
  return {
    id: c.id,
    short_id: c.id.slice(0, 8),
    created_at: c.committedDate,
    parent_ids: c.parentIds,
    title,
    message: c.message.endsWith('\n') ? c.message : `${c.message}\n`,
    author_name: c.authorName,
    author_email: c.authorEmail,
    authored_date: c.authoredDate,
    committer_name: c.committerName,
    committer_email: c.committerEmail,
    committed_date: c.committedDate,
    trailers: {},
    extended_trailers: {},
    web_url: `${projectWebUrl}/-/commit/${c.id}`,
  };
}
