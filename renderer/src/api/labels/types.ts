import type { Label as LabelWire } from '../../../../shared/api-types/labels.js';

/**
 * A label as `GET /projects/:id/labels?with_counts=true` answers (doc/api/labels.md; the core's wire shape
 * in shared/api-types/labels.ts). `description_html` is not read; `remove_on_close` is GitLab 13.12+.
 */
export type Label = Omit<LabelWire, 'description_html' | 'remove_on_close'> &
  Partial<Pick<LabelWire, 'remove_on_close'>>;

/** Body of `POST /projects/:id/labels` and `PUT /projects/:id/labels/:label_id`. */
export interface LabelInput {
  name?: string;
  new_name?: string;
  color?: string;
  description?: string;
  priority?: number | '';
}
