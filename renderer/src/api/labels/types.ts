/** A label as `GET /projects/:id/labels?with_counts=true` answers (doc/api/labels.md). */
export interface Label {
  id: number;
  name: string;
  color: string;
  text_color?: string;
  description: string | null;
  open_issues_count?: number;
  closed_issues_count?: number;
  open_merge_requests_count?: number;
  subscribed: boolean;
  priority?: number | null;
  is_project_label?: boolean;
  remove_on_close?: boolean;
}

/** Body of `POST /projects/:id/labels` and `PUT /projects/:id/labels/:label_id`. */
export interface LabelInput {
  name?: string;
  new_name?: string;
  color?: string;
  description?: string;
  priority?: number | '';
}
