import { BridgeError } from '../bridge-error.js';

/**
 * Normalises the base URL of a GitLab instance: trimmed, http(s) only, no credentials, query or
 * fragment, no trailing slash, and a pasted `/api/v4` suffix removed.
 * `' https://GitLab.example.com/sub/ '` → `'https://gitlab.example.com/sub'`.
 * Errors: BridgeError `bad_request` with a sentence the administrator can act on.
 */
export function normalizeInstanceUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new BridgeError(
      'bad_request',
      `"${raw.trim()}" is not a URL. Use the address of your GitLab, like https://gitlab.example.com.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BridgeError('bad_request', 'The instance URL must start with https:// or http://.');
  }
  if (url.username || url.password) {
    throw new BridgeError(
      'bad_request',
      'Leave credentials out of the URL; the token is entered separately.',
    );
  }
  if (url.search || url.hash) {
    throw new BridgeError('bad_request', 'The instance URL must not have a query (?…) or a fragment (#…).');
  }
  let path = url.pathname.replace(/\/+$/, '');
  path = path.replace(/\/api\/v4$/, '');
  return `${url.origin}${path}`;
}
