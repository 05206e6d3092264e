/**
 * Label presenters (GitLab's Entities::Label, ProjectLabel, LabelWithCounts, GroupLabel; schemas
 * public_api/v4/labels/*.json, label_basic.json). Pure: no queries.
 */
import type { Label, LabelBasic } from '../../../shared/api-types/labels.js';
import type { LabelCounts, LabelRow } from '../db/labels.js';
import { labelTextColor } from './label-colors.js';
import { renderMarkdown } from './markdown.js';

/** A label with what its presentation needs for the caller and the place it was read from. */
export interface LabelView {
  row: LabelRow;
  subscribed: boolean;
  /** Priority in the project the label was read through (null for group contexts). */
  priority: number | null;
  counts: LabelCounts | null;
  /** True when read through a project (adds `priority` and `is_project_label`). */
  projectContext: boolean;
}

/** The label object of `with_labels_details=true` on merge request lists (label_basic.json, 13.10 fields). */
export function presentLabelBasic(l: LabelRow): LabelBasic {
  return {
    id: l.id,
    name: l.title,
    color: l.color,
    description: l.description,
    description_html: renderMarkdown(l.description),
    text_color: labelTextColor(l.color),
  };
}

/**
 * A label as the labels APIs answer: counts when they were loaded, `priority` and `is_project_label` when
 * read through a project; `promoted` drops text_color, priority and is_project_label (spec "Label").
 */
export function presentLabel(v: LabelView, opts: { promoted?: boolean } = {}): Label {
  const l = v.row;
  const out: Label = {
    id: l.id,
    name: l.title,
    color: l.color,
    text_color: labelTextColor(l.color),
    description: l.description,
    description_html: renderMarkdown(l.description),
    ...(v.counts
      ? {
          open_issues_count: v.counts.openIssues,
          closed_issues_count: v.counts.closedIssues,
          open_merge_requests_count: v.counts.openMergeRequests,
        }
      : {}),
    subscribed: v.subscribed,
    ...(v.projectContext && !opts.promoted
      ? { priority: v.priority, is_project_label: l.project_id !== null }
      : {}),
    remove_on_close: l.remove_on_close === 1,
  };
  if (opts.promoted) delete out.text_color;
  return out;
}
