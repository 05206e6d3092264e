import type { ApiQueryValue } from '../../../shared/ipc-contract.js';

/**
 * Query parameters for the v4 API with empty values dropped: `undefined`, `null`, blank strings and
 * empty arrays are removed and strings are trimmed, so `{search: '  '}` and `{}` give the same request
 * and the same query key. Keys keep their insertion order.
 */
export function compactQuery(input: Record<string, ApiQueryValue>): Record<string, ApiQueryValue> {
  const result: Record<string, ApiQueryValue> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed !== '') result[key] = trimmed;
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > 0) result[key] = value;
      continue;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    result[key] = value;
  }
  return result;
}

/**
 * Encode query parameters as GitLab clients do (`?a=1&labels[]=x&labels[]=y`), after {@link compactQuery}.
 * Returns `''` when nothing remains. Used where a URL is shown or built in the renderer.
 */
export function encodeQuery(input: Record<string, ApiQueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(compactQuery(input))) {
    if (Array.isArray(value)) {
      for (const item of value) params.append(`${key}[]`, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
