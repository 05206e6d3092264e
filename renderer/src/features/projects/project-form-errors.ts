import { ApiError } from '../../api/api-error.js';
import { describeError } from '../../api/describe-error.js';
import { humanizeField } from '../../api/api-error.js';

/** Fields of the project forms that can show an inline error. */
export type ProjectFormField = 'name' | 'path' | 'namespace' | 'visibility' | 'description' | 'import_url';

/** Inline errors per field plus what could not be tied to a field. */
export interface ProjectFormErrors {
  fields: Partial<Record<ProjectFormField, string>>;
  general: string | null;
}

/** GitLab's attribute names (including nested `project_namespace.*`) → our form fields. */
const FIELD_ALIASES: Record<string, ProjectFormField> = {
  name: 'name',
  'project_namespace.name': 'name',
  path: 'path',
  'project_namespace.path': 'path',
  namespace: 'namespace',
  namespace_id: 'namespace',
  'project_namespace.parent': 'namespace',
  visibility: 'visibility',
  visibility_level: 'visibility',
  description: 'description',
  import_url: 'import_url',
  import_source: 'import_url',
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Split a failed `POST /projects` into inline field errors (`{"message": {"path": ["has already been
 * taken"]}}` → `path: "Has already been taken"`) and a general sentence for everything else
 * (`base` errors, unknown fields, non-validation failures).
 */
export function toProjectFormErrors(error: unknown): ProjectFormErrors {
  if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) {
    return { fields: {}, general: describeError(error) };
  }
  const fields: ProjectFormErrors['fields'] = {};
  const leftovers: string[] = [];
  for (const [attribute, messages] of Object.entries(error.fieldErrors)) {
    const field = FIELD_ALIASES[attribute];
    if (field) {
      const text = capitalize(messages.join(', '));
      fields[field] = fields[field] ? `${fields[field]}; ${text}` : text;
    } else {
      const prefix = attribute === 'base' ? '' : `${humanizeField(attribute)} `;
      leftovers.push(
        ...messages.map((message) => capitalize(`${prefix}${message}`).replace(/([^.!?])$/, '$1.')),
      );
    }
  }
  return { fields, general: leftovers.length > 0 ? leftovers.join(' ') : null };
}
