/**
 * Wire shapes of labels (doc/api/labels.md, doc/api/group_labels.md; GitLab's Entities::LabelBasic, Label,
 * ProjectLabel, LabelWithCounts, GroupLabel; schemas public_api/v4/label_basic.json, labels/*.json).
 */

/**
 * The embedded label (`with_labels_details=true` on merge request lists, `label` of a label event;
 * label_basic.json with its 13.10 fields).
 */
export interface LabelBasic {
  id: number;
  name: string;
  /** `#rrggbb`. */
  color: string;
  description: string | null;
  /** Rendered Markdown of `description`; null when it is null. */
  description_html: string | null;
  /** `#FFFFFF` or `#333333`, whichever reads on `color`. */
  text_color: string;
}

/**
 * A label as the labels APIs answer (`GET /projects/:id/labels`, `GET /groups/:id/labels`, create, update,
 * subscribe, promote). The counts appear when they were asked for (`with_counts=true`, and single reads);
 * `priority` and `is_project_label` when read through a project; a promoted label has no `text_color`,
 * `priority` or `is_project_label`.
 */
export interface Label {
  id: number;
  name: string;
  color: string;
  text_color?: string;
  description: string | null;
  description_html: string | null;
  open_issues_count?: number;
  closed_issues_count?: number;
  open_merge_requests_count?: number;
  subscribed: boolean;
  /** The project's priority of the label; null when it has none. */
  priority?: number | null;
  is_project_label?: boolean;
  remove_on_close: boolean;
}
