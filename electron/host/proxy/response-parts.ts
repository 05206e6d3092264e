/** Response headers that could carry credentials; never handed to the renderer. */
export const STRIPPED_RESPONSE_HEADERS: ReadonlySet<string> = new Set([
  'set-cookie',
  'set-cookie2',
  'cookie',
  'authorization',
  'proxy-authorization',
  'private-token',
  'job-token',
]);

/**
 * Lower-cases header names, joins multi-valued headers with `, `, stringifies numbers, and drops
 * `STRIPPED_RESPONSE_HEADERS` and empty values. Replaces `secret` wherever it occurs in a value. Pure.
 */
export function sanitizeResponseHeaders(
  headers: Iterable<[string, string | string[] | number | undefined]>,
  secret: string | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rawName, rawValue] of headers) {
    const name = rawName.toLowerCase();
    if (rawValue === undefined || STRIPPED_RESPONSE_HEADERS.has(name)) continue;
    const value = Array.isArray(rawValue) ? rawValue.join(', ') : String(rawValue);
    out[name] =
      out[name] === undefined ? redactSecret(value, secret) : `${out[name]}, ${redactSecret(value, secret)}`;
  }
  return out;
}

/** Replaces every occurrence of `secret` in `text` with `[REDACTED]` (defence in depth). Pure. */
export function redactSecret(text: string, secret: string | null): string {
  if (!secret || !text.includes(secret)) return text;
  return text.split(secret).join('[REDACTED]');
}

/**
 * The response body for the renderer: parsed JSON when `contentType` names JSON (`application/json`,
 * `…+json`) and the text parses, `null` for an empty JSON body, else the text. `secret` is redacted
 * from the text before parsing. Pure.
 */
export function parseResponseBody(
  text: string,
  contentType: string | undefined,
  secret: string | null,
): unknown {
  const safe = redactSecret(text, secret);
  if (contentType && /[/+]json\b/i.test(contentType)) {
    if (safe.trim() === '') return null;
    try {
      return JSON.parse(safe) as unknown;
    } catch {
      return safe;
    }
  }
  return safe;
}
