/**
 * Parameter validation with zod, reported in Grape's words (GitLab's `{"error": …}` shape):
 * `title is missing`, `per_page is invalid`, `visibility does not have a valid value`; several joined by ", "
 * (`username is missing, name is missing`).
 * Helpers coerce the string forms clients send (integers, booleans, arrays) as Grape does.
 */
import { z } from 'zod';
import { ParameterError } from '../services/errors.js';

/** Integer parameter: accepts numbers and integer strings. */
export function gInt() {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z.number().int(),
  );
}

/** Boolean parameter as Grape reads it: true/false, 1/0, yes/no (any case). */
export function gBool() {
  return z.preprocess((v) => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : v;
    if (typeof v === 'string') {
      const s = v.toLowerCase();
      if (['true', '1', 'yes', 't'].includes(s)) return true;
      if (['false', '0', 'no', 'f'].includes(s)) return false;
    }
    return v;
  }, z.boolean());
}

/** String parameter (numbers are accepted and turned into strings, as Grape coerces). */
export function gString() {
  return z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string());
}

/** Array-of-strings parameter: `a[]=x&a[]=y`, a JSON array, or a comma-separated string. */
export function gStringArray() {
  return z.preprocess((v) => {
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
    return v;
  }, z.array(z.string()));
}

/** One of the given values (`does not have a valid value` otherwise). */
export function gEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values);
}

/** `z.object(shape)` per shape object. */
const OBJECT_SCHEMAS = new WeakMap<z.ZodRawShape, z.ZodObject<z.ZodRawShape>>();

/**
 * Validate `raw` against `shape`; unknown keys are ignored (kept out of the result).
 * @throws ParameterError with Grape's message for the first failing parameters.
 */
export function parseParams<S extends z.ZodRawShape>(
  shape: S,
  raw: Record<string, unknown>,
): z.infer<z.ZodObject<S>> {
  // A shape kept in a module constant is compiled once (zod builds its parser on first use; per request
  // that was a tenth of a merge request list, issue 17).
  let schema = OBJECT_SCHEMAS.get(shape) as z.ZodObject<S> | undefined;
  if (!schema) {
    schema = z.object(shape);
    OBJECT_SCHEMAS.set(shape, schema);
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const missing: string[] = [];
  const messages: string[] = [];
  for (const issue of result.error.issues) {
    const name = formatPath(issue.path);
    const top = String(issue.path[0] ?? '');
    const isMissing = issue.path.length === 1 && (raw[top] === undefined || raw[top] === null);
    if (isMissing) {
      if (!missing.includes(name)) missing.push(name);
    } else if (issue.code === 'invalid_value') {
      messages.push(`${name} does not have a valid value`);
    } else {
      messages.push(`${name} is invalid`);
    }
  }
  // Grape reports each missing parameter on its own: `username is missing, name is missing`.
  const parts = [...missing.map((name) => `${name} is missing`), ...new Set(messages)];
  throw new ParameterError(parts.join(', '));
}

/** `['platform_kubernetes_attributes', 'api_url']` → `platform_kubernetes_attributes[api_url]`. */
function formatPath(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ''}${rest.map((p) => `[${p}]`).join('')}`;
}
