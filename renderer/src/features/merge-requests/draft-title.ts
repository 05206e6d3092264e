/**
 * Draft flag of a merge request as GitLab keeps it: in the title. GitLab 13.10 has no `draft` parameter
 * on `PUT /projects/:id/merge_requests/:iid`; its UI (and the `/draft` quick action) edits the title
 * instead — `MergeRequest.wip_title` prepends `Draft: `, `MergeRequest.wipless_title` strips every
 * leading prefix matched by `WIP_REGEX` (`[draft]`, `(draft)`, `draft:`, `draft - `, `draft `, and the
 * same with `wip`, case-insensitive). Source: app/models/merge_request.rb (v13.10).
 */
const DRAFT_PREFIX =
  /^(\s*(\[(draft|wip)\]|\((draft|wip)\)|(draft|wip):|(draft|wip)\s+-\s|(draft|wip)\s))+\s*/i;

/** Whether `title` marks a draft (the same prefixes the core and GitLab recognise). */
export function isDraftTitle(title: string): boolean {
  return DRAFT_PREFIX.test(title);
}

/** The title without its draft prefixes ("Draft: [WIP] Fix it" → "Fix it"); unchanged when none. */
export function readyTitle(title: string): string {
  return title.replace(DRAFT_PREFIX, '');
}

/** The title marked as a draft: `Draft: ` prepended unless it already has a draft prefix. */
export function draftTitle(title: string): string {
  return isDraftTitle(title) ? title : `Draft: ${title}`;
}
