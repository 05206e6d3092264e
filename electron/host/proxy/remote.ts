import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';
import { BridgeError } from '../bridge-error.js';
import { buildApiUrl } from './api-url.js';
import { parseResponseBody, sanitizeResponseHeaders } from './response-parts.js';

/** Default time a remote call may take, in milliseconds. */
export const REMOTE_TIMEOUT_MS = 15_000;

/**
 * Sends `req` to a remote GitLab: `fetch(<baseUrl>/api/v4<path>?<query>)` with `PRIVATE-TOKEN`, a JSON
 * body when given, `redirect: 'manual'` (a redirect is returned as a response, so the token never
 * follows it to another host) and a timeout.
 * Errors: BridgeError `timeout` ("… did not answer within 15 s …"), `unreachable` ("Could not reach
 * https://… (ECONNREFUSED). Check the URL and your network."), `bad_request` for an invalid path.
 * HTTP error statuses are responses, not throws.
 */
export async function remoteRequest(
  baseUrl: string,
  token: string | null,
  req: ApiRequest,
  { timeoutMs = REMOTE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<ApiResponse> {
  const url = `${baseUrl}${buildApiUrl(req.path, req.query)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers['private-token'] = token;
  const hasBody = req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
  if (hasBody) headers['content-type'] = 'application/json';
  if (req.ifNoneMatch !== undefined && (req.method === 'GET' || req.method === 'HEAD'))
    headers['if-none-match'] = req.ifNoneMatch;

  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: req.method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      ...(hasBody ? { body: JSON.stringify(req.body) } : {}),
    });
    text = req.method === 'HEAD' ? '' : await res.text();
  } catch (err) {
    throw networkError(baseUrl, err, timeoutMs);
  }
  const responseHeaders = sanitizeResponseHeaders(res.headers.entries(), token);
  return {
    status: res.status,
    headers: responseHeaders,
    body: parseResponseBody(text, responseHeaders['content-type'], token),
  };
}

/** Maps a fetch failure to a BridgeError naming the instance and the system error code. */
function networkError(baseUrl: string, err: unknown, timeoutMs: number): BridgeError {
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new BridgeError(
      'timeout',
      `${baseUrl} did not answer within ${Math.round(timeoutMs / 1000)} s. Check that the instance is up, or try again.`,
    );
  }
  const code = errorCode(err);
  return new BridgeError(
    'unreachable',
    `Could not reach ${baseUrl}${code ? ` (${code})` : ''}. Check the URL and your network.`,
  );
}

/** The first `code` found along an error's `cause` chain (undici wraps system errors). */
function errorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
