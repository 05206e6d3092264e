/**
 * Queries behind an issue's participants and the merge requests that mention or close it
 * (`GET /projects/:id/issues/:iid/participants`, `/closed_by`, `/related_merge_requests`;
 * services/issues/issue-relations.ts).
 */
import type { Db } from './database.js';
import type { MergeRequestRow } from './merge-requests.js';
import type { NoteRow } from './notes.js';

/** The issue's non-system notes, oldest first. */
export function findIssueUserNotes(db: Db, issueId: number): NoteRow[] {
  return db
    .prepare(
      `SELECT * FROM notes WHERE noteable_type = 'Issue' AND noteable_id = ? AND system = 0 ORDER BY id`,
    )
    .all(issueId) as NoteRow[];
}

/**
 * Merge requests of `projectId` whose title, description or one of whose notes contains `needle`
 * (a cheap pre-filter: the caller checks the reference exactly), by id.
 */
export function findMergeRequestsContaining(db: Db, projectId: number, needle: string): MergeRequestRow[] {
  const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .prepare(
      `SELECT m.* FROM merge_requests m WHERE m.project_id = ? AND (
         m.title LIKE ? ESCAPE '\\' OR m.description LIKE ? ESCAPE '\\'
         OR EXISTS (SELECT 1 FROM notes n WHERE n.noteable_type = 'MergeRequest' AND n.noteable_id = m.id
                    AND n.body LIKE ? ESCAPE '\\'))
       ORDER BY m.id`,
    )
    .all(projectId, like, like, like) as MergeRequestRow[];
}

/** Bodies of the non-system notes of a merge request, oldest first. */
export function findMergeRequestNoteBodies(db: Db, mergeRequestId: number): string[] {
  return (
    db
      .prepare(
        `SELECT body FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = ? AND system = 0 ORDER BY id`,
      )
      .all(mergeRequestId) as { body: string }[]
  ).map((r) => r.body);
}
