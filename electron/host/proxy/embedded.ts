import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';
import type { Core } from '../../core/core-contract.js';
import { buildApiUrl } from './api-url.js';
import { parseResponseBody, sanitizeResponseHeaders } from './response-parts.js';

/**
 * Sends `req` to the embedded core in-process: `core.inject({ method, url: '/api/v4' + path + query,
 * headers: { 'private-token', 'content-type': 'application/json' (with a body) }, payload })`.
 * The response keeps status, sanitized lower-cased headers and the parsed body; the token is never
 * part of it. Errors: BridgeError `bad_request` for an invalid path; core failures propagate.
 */
export async function embeddedRequest(
  core: Pick<Core, 'inject'>,
  token: string | null,
  req: ApiRequest,
): Promise<ApiResponse> {
  const url = buildApiUrl(req.path, req.query);
  const headers: Record<string, string> = {};
  if (token) headers['private-token'] = token;
  const hasBody = req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
  if (hasBody) headers['content-type'] = 'application/json';
  if (req.ifNoneMatch !== undefined && (req.method === 'GET' || req.method === 'HEAD'))
    headers['if-none-match'] = req.ifNoneMatch;
  const res = await core.inject({
    method: req.method,
    url,
    headers,
    ...(hasBody ? { payload: JSON.stringify(req.body) } : {}),
  });
  const responseHeaders = sanitizeResponseHeaders(Object.entries(res.headers), token);
  return {
    status: res.statusCode,
    headers: responseHeaders,
    body: parseResponseBody(res.body, responseHeaders['content-type'], token),
  };
}
