import { ApiError, humanizeField } from '../../api/api-error.js';
import { describeError } from '../../api/describe-error.js';
import { asSentence } from '../../lib/as-sentence.js';

/** Inline errors per form field plus what could not be tied to a field. */
export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  general: string | null;
}

/**
 * Split a failed request into inline field errors and one general sentence. GitLab's validation
 * body `{"message": {"platform_kubernetes.api_url": ["is blocked"]}}` becomes `apiUrl: "Is blocked."`
 * when `resolve('platform_kubernetes.api_url')` names a field; `base` errors, unknown attributes and
 * non-validation failures go to `general`.
 */
export function toFormErrors<F extends string>(
  error: unknown,
  resolve: (attribute: string) => F | null,
): FormErrors<F> {
  if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) {
    return { fields: {}, general: describeError(error) };
  }
  const fields: Partial<Record<F, string>> = {};
  const leftovers: string[] = [];
  for (const [attribute, messages] of Object.entries(error.fieldErrors)) {
    const field = resolve(attribute);
    if (field) {
      const text = messages.map((message) => asSentence(message)).join(' ');
      fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
    } else {
      const prefix =
        attribute === 'base' ? '' : `${humanizeField(attribute.split('.').at(-1) ?? attribute)} `;
      leftovers.push(...messages.map((message) => asSentence(`${prefix}${message}`)));
    }
  }
  return { fields, general: leftovers.length > 0 ? leftovers.join(' ') : null };
}

/** The last segment of a GitLab attribute path: `platform_kubernetes.api_url` → `api_url`. */
export function attributeName(attribute: string): string {
  return (
    attribute
      .replace(/\[([^\]]*)\]/g, '.$1')
      .split('.')
      .filter(Boolean)
      .at(-1) ?? attribute
  );
}
