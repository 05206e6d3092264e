/**
 * Project deletion as the instance does it (doc/api/projects.md "Delete a project"): on GitLab 18.0+,
 * on every tier, `DELETE /projects/:id` answers `202 Accepted` and only marks the project for deletion;
 * the project stays readable with `marked_for_deletion_on` (a date; `marked_for_deletion_at` in older EE
 * answers) and GitLab removes it after the instance's retention period, `deletion_adjourned_period` days of
 * the application settings (doc/api/settings.md; 30 by default). `permanently_remove=true` with `full_path`
 * removes a marked project at once. Outpost's embedded core deletes at once (the spec, Projects, says
 * nothing of delayed deletion). Pure helpers plus the one read after the DELETE.
 */
import type { Project } from '../../../../shared/api-types/projects.js';
import { ApiError } from '../api-error.js';
import { apiGet } from '../client.js';

/** A project as GitLab 18 reports it: the shared shape plus the deletion mark. */
export type ProjectWithDeletionMark = Project & {
  /** `YYYY-MM-DD` the project was marked for deletion (doc/api/projects.md), null or absent when not. */
  marked_for_deletion_on?: string | null;
  /** The older name of the same date (EE, before `marked_for_deletion_on`). */
  marked_for_deletion_at?: string | null;
};

/** GitLab's default `deletion_adjourned_period`, days (doc/api/settings.md). */
export const DEFAULT_DELETION_ADJOURNED_DAYS = 30;

/** The date `project` was marked for deletion (`YYYY-MM-DD`), or null when it is not marked. Pure. */
export function markedForDeletionOn(project: Project): string | null {
  const marked = project as ProjectWithDeletionMark;
  const date = marked.marked_for_deletion_on ?? marked.marked_for_deletion_at ?? null;
  return typeof date === 'string' && date !== '' ? date.slice(0, 10) : null;
}

/** `YYYY-MM-DD` plus `days` days (UTC). Pure. */
export function addDays(date: string, days: number): string {
  const start = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(start)) return date;
  return new Date(start + days * 86_400_000).toISOString().slice(0, 10);
}

/** What a DELETE did. */
export type DeletionOutcome =
  | { kind: 'deleted'; projectId: number }
  | {
      kind: 'marked';
      projectId: number;
      /** `YYYY-MM-DD` of the mark. */
      markedOn: string;
      /** Days until removal when known (the administrator could read the settings), else null. */
      retentionDays: number | null;
      /** The project as GitLab reports it now (renamed on 18.0+). */
      project: Project;
    };

/**
 * After a successful `DELETE /projects/:id` on a GitLab that marks projects (18.0+): reads the project
 * once (`GET /projects/:id`). Marked: `marked` with the date; answered 404: it was removed at once
 * (`deleted`). `readRetentionDays` is called only when marked (administrators: `deletion_adjourned_period`).
 */
export async function readDeletionOutcome(
  profileId: string,
  projectId: number,
  readRetentionDays: () => Promise<number | null>,
): Promise<DeletionOutcome> {
  let project: Project;
  try {
    project = await apiGet<Project>(profileId, `/projects/${projectId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'deleted', projectId };
    throw error;
  }
  const markedOn = markedForDeletionOn(project);
  if (!markedOn) return { kind: 'deleted', projectId };
  return { kind: 'marked', projectId, markedOn, retentionDays: await readRetentionDays(), project };
}

/**
 * The sentence of a deletion's outcome: "Deleted shop/app." or "shop/app was marked for deletion on
 * 2026-11-28; GitLab removes it after 30 days, on 2026-12-28." (without a known period: "after the
 * instance's retention period (deletion_adjourned_period, 30 days unless changed)"). Pure.
 */
export function describeDeletion(outcome: DeletionOutcome, path: string): string {
  if (outcome.kind === 'deleted') return `Deleted ${path}.`;
  const after =
    outcome.retentionDays !== null
      ? `after ${outcome.retentionDays} ${outcome.retentionDays === 1 ? 'day' : 'days'}, on ${addDays(outcome.markedOn, outcome.retentionDays)}`
      : `after the instance’s retention period (deletion_adjourned_period, ${DEFAULT_DELETION_ADJOURNED_DAYS} days unless an administrator changed it)`;
  return `${path} was marked for deletion on ${outcome.markedOn}; GitLab removes it ${after}. Until then an owner can restore it in GitLab.`;
}
