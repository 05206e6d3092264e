/**
 * Label presenters (GitLab's Entities::Label, ProjectLabel, LabelWithCounts, GroupLabel; schemas
 * public_api/v4/labels/*.json, label_basic.json). Pure: no queries.
 */
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
export function presentLabelBasic(l: LabelRow): Record<string, unknown> {
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
export function presentLabel(v: LabelView, opts: { promoted?: boolean } = {}): Record<string, unknown> {
  const l = v.row;
  const out: Record<string, unknown> = {
    id: l.id,
    name: l.title,
    color: l.color,
    text_color: labelTextColor(l.color),
    description: l.description,
    description_html: renderMarkdown(l.description),
  };
  if (v.counts) {
    out.open_issues_count = v.counts.openIssues;
    out.closed_issues_count = v.counts.closedIssues;
    out.open_merge_requests_count = v.counts.openMergeRequests;
  }
  out.subscribed = v.subscribed;
  if (v.projectContext && !opts.promoted) {
    out.priority = v.priority;
    out.is_project_label = l.project_id !== null;
  }
  out.remove_on_close = l.remove_on_close === 1;
  if (opts.promoted) delete out.text_color;
  return out;
}
