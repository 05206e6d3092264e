import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';
import type { Core } from '../../core/core-contract.js';
import { BridgeError } from '../bridge-error.js';
import { proxiedUrl, type ProxiedRequest } from './api-url.js';
import { parseResponseBody, sanitizeResponseHeaders } from './response-parts.js';

/** Default time an embedded call may take, in milliseconds (the same as a remote call's). */
export const EMBEDDED_TIMEOUT_MS = 15_000;
/** Time the health check (`GET /api/v4/version`) after a timeout may take, in milliseconds. */
export const EMBEDDED_HEALTH_TIMEOUT_MS = 3_000;

/** Options of {@link embeddedRequest}. */
export interface EmbeddedRequestOptions {
  /** How long the request may take (default {@link EMBEDDED_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** How long the health check after a timeout may take (default {@link EMBEDDED_HEALTH_TIMEOUT_MS}). */
  healthTimeoutMs?: number;
}

/** Settles with `promise`, or with the string 'timeout' after `ms` (the timer never keeps the process up). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Sends `req` to the embedded core in-process (`/api/graphql` for a GraphQL request, api-url.ts
 * `ProxiedRequest`): `core.inject({ method, url: '/api/v4' + path + query,
 * headers: { 'private-token', 'content-type': 'application/json' (with a body) }, payload })`.
 * The response keeps status, sanitized lower-cased headers and the parsed body; the token is never
 * part of it.
 * A request that takes longer than `timeoutMs` (15 s) is given up on, and the core is checked with
 * `GET /api/v4/version` (3 s): BridgeError `timeout` "The built-in instance did not answer GET /… within
 * 15 s …" when the check answers (that one request is slow or stuck), or "The built-in instance is not
 * responding: … Restart Outpost." when the check does not answer either (the core is frozen).
 * Errors: BridgeError `bad_request` for an invalid path, `timeout` as above; core failures propagate.
 */
export async function embeddedRequest(
  core: Pick<Core, 'inject'>,
  token: string | null,
  req: ProxiedRequest,
  {
    timeoutMs = EMBEDDED_TIMEOUT_MS,
    healthTimeoutMs = EMBEDDED_HEALTH_TIMEOUT_MS,
  }: EmbeddedRequestOptions = {},
): Promise<ApiResponse> {
  const url = proxiedUrl(req);
  const headers: Record<string, string> = {};
  if (token) headers['private-token'] = token;
  const hasBody = req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
  if (hasBody) headers['content-type'] = 'application/json';
  if (req.ifNoneMatch !== undefined && (req.method === 'GET' || req.method === 'HEAD'))
    headers['if-none-match'] = req.ifNoneMatch;
  const res = await within(
    core.inject({
      method: req.method,
      url,
      headers,
      ...(hasBody ? { payload: JSON.stringify(req.body) } : {}),
    }),
    timeoutMs,
  );
  if (res === 'timeout') throw await timeoutError(core, req, timeoutMs, healthTimeoutMs);
  const responseHeaders = sanitizeResponseHeaders(Object.entries(res.headers), token);
  return {
    status: res.statusCode,
    headers: responseHeaders,
    body: parseResponseBody(res.body, responseHeaders['content-type'], token),
  };
}

/** The error for a request that timed out, after checking whether the core still answers at all. */
async function timeoutError(
  core: Pick<Core, 'inject'>,
  req: ApiRequest,
  timeoutMs: number,
  healthTimeoutMs: number,
): Promise<BridgeError> {
  const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;
  const health = await within(
    core.inject({ method: 'GET', url: '/api/v4/version' }).then(
      (res) => res.statusCode < 500,
      () => false,
    ),
    healthTimeoutMs,
  );
  if (health === true) {
    return new BridgeError(
      'timeout',
      `The built-in instance did not answer ${req.method} ${req.path} within ${seconds(timeoutMs)}. It is running; try again.`,
    );
  }
  return new BridgeError(
    'timeout',
    `The built-in instance is not responding: ${req.method} ${req.path} did not answer within ${seconds(timeoutMs)}, and its health check (GET /version) did not answer within ${seconds(healthTimeoutMs)}. Restart Outpost.`,
  );
}
