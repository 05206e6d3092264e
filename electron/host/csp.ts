/**
 * The renderer's Content-Security-Policy as data (Insomnia's content-security-policy.ts idea).
 * Sent as a header by Electron's onHeadersReceived and by the browser host; tested in csp.test.ts.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'none'"],
});

/** Serialises directives as `name value value; name value` (no trailing semicolon). Pure. */
export function serializeCsp(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** The header value of the renderer's policy. */
export const CONTENT_SECURITY_POLICY: string = serializeCsp(CSP_DIRECTIVES);

/** Extra response headers every renderer response carries (browser host and Electron). */
export const RENDERER_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
});
