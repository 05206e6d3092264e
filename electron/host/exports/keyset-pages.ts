import type { ApiQueryValue, ApiResponse } from '../../../shared/ipc-contract.js';
import type { ApiProxy } from '../proxy/api-proxy.js';
import { linkToApiPath, parseLinkHeader } from '../../../shared/link-header.js';

/** A failure of an export that the administrator can act on; its message is shown as is. */
export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

/** What to walk. */
export interface KeysetWalk {
  /** Profile whose instance answers (resolved once, so switching profiles mid-walk changes nothing). */
  profileId: string;
  /** List path relative to `/api/v4`, e.g. `/audit_events`. */
  path: string;
  /** Query of the first page (filters, `pagination=keyset`, `per_page`, ordering). */
  query: Record<string, ApiQueryValue>;
  /** Stops the walk before the next request. */
  signal?: AbortSignal;
}

/** The instance's `message`/`error` from an error body, when it has a short one. */
function bodyMessage(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() ? body.trim().slice(0, 300) : null;
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const message = record.message ?? record.error;
  if (typeof message === 'string') return message.slice(0, 300);
  if (message && typeof message === 'object') return JSON.stringify(message).slice(0, 300);
  return null;
}

/**
 * A sentence for a non-2xx page: 401 (token rejected), 403 (not an administrator), else the status
 * and the instance's message. Pure.
 */
export function pageFailureMessage(response: Pick<ApiResponse, 'status' | 'body'>): string {
  const message = bodyMessage(response.body);
  if (response.status === 401) {
    return 'The instance rejected the token (401 Unauthorized). Add the instance again with a valid personal access token.';
  }
  if (response.status === 403) {
    return `The instance refused the export (403 Forbidden${message ? `: ${message}` : ''}). Instance audit events need an administrator's token.`;
  }
  return `The instance answered ${response.status}${message ? `: ${message}` : ''}.`;
}

/**
 * Walks a keyset-paginated list page by page through the API proxy (so it works the same on the
 * embedded core and a remote GitLab): requests the first page with `query`, then follows the
 * `Link: <…>; rel="next"` URL's path and query exactly as given, until a page carries no next link.
 * Yields each page's items. Never follows a link off `path` or off the profile's instance.
 * Errors: ExportError for a non-2xx page, a body that is not a list, a next link elsewhere or the
 * same next link twice in a row (a walk that would never end); the proxy's BridgeError (unreachable,
 * timeout…); the signal's AbortError once aborted.
 */
export async function* walkKeysetPages<T>(
  proxy: Pick<ApiProxy, 'request'>,
  walk: KeysetWalk,
): AsyncGenerator<T[], void, undefined> {
  const { profileId, path, signal } = walk;
  let next: { path: string; query?: Record<string, ApiQueryValue> } = { path, query: walk.query };
  let previousLink: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const response = await proxy.request({ method: 'GET', profileId, ...next });
    signal?.throwIfAborted();
    if (response.status < 200 || response.status >= 300) throw new ExportError(pageFailureMessage(response));
    if (!Array.isArray(response.body)) {
      throw new ExportError(
        `The instance answered ${path} with something other than a list (status ${response.status}).`,
      );
    }
    yield response.body as T[];
    const link = parseLinkHeader(response.headers.link).get('next');
    if (!link) return;
    const nextPath = linkToApiPath(link, path);
    if (!nextPath) {
      throw new ExportError(`The instance’s next-page link does not point at ${path}; the export stopped.`);
    }
    if (nextPath === previousLink) {
      throw new ExportError('The instance returned the same next-page link twice; the export stopped.');
    }
    previousLink = nextPath;
    next = { path: nextPath };
  }
}
