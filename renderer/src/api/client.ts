import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';
import { ApiError } from './api-error.js';
import { getBridge } from './bridge.js';
import { toPage, type Page } from './pagination.js';
import { compactQuery } from './query.js';

/** Most GET responses remembered for conditional requests. */
const ETAG_CACHE_LIMIT = 300;

/** Last 200 response with an `etag`, per profile, path and query (least recently used first). */
const etagCache = new Map<string, { etag: string; response: ApiResponse }>();

function cacheKey(req: ApiRequest): string {
  return JSON.stringify([req.profileId ?? '', req.path, req.query ?? {}]);
}

/**
 * Send one request to the v4 API of a profile through the bridge. Never throws on HTTP status:
 * the instance's errors come back as responses. Rejects with a BridgeError when the host fails.
 *
 * GETs are conditional when an earlier answer carried an `etag` (GitLab sends them on pipeline and job
 * reads, which screens poll): the request carries `If-None-Match`, and a `304 Not Modified` is answered
 * here with the remembered body as a 200, so callers never see a 304.
 */
export async function apiRequest<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
  const request: ApiRequest = req.query ? { ...req, query: compactQuery(req.query) } : req;
  if (request.method !== 'GET') return (await getBridge().api.request(request)) as ApiResponse<T>;
  const key = cacheKey(request);
  const cached = etagCache.get(key);
  const response = await getBridge().api.request(
    cached && request.ifNoneMatch === undefined ? { ...request, ifNoneMatch: cached.etag } : request,
  );
  if (response.status === 304 && cached) {
    etagCache.delete(key);
    etagCache.set(key, cached);
    return {
      ...cached.response,
      headers: { ...cached.response.headers, ...response.headers },
    } as ApiResponse<T>;
  }
  const etag = response.headers.etag;
  etagCache.delete(key);
  if (response.status === 200 && etag) {
    etagCache.set(key, { etag, response });
    if (etagCache.size > ETAG_CACHE_LIMIT) etagCache.delete(etagCache.keys().next().value as string);
  }
  return response as ApiResponse<T>;
}

/** Forget every remembered response (tests; a profile removed). */
export function clearEtagCache(): void {
  etagCache.clear();
}

/** True for 2xx statuses. */
export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Send a request and return its JSON body; throws {@link ApiError} (status plus a readable message)
 * for non-2xx responses.
 */
export async function apiJson<T>(req: ApiRequest): Promise<T> {
  const response = await apiRequest<T>(req);
  if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
  return response.body;
}

/**
 * `GET path` as `profileId` (with `query`, when given), returning the JSON body: {@link apiJson} for the
 * call most queries make. Throws {@link ApiError} for non-2xx responses.
 */
export function apiGet<T>(profileId: string, path: string, query?: ApiRequest['query']): Promise<T> {
  return apiJson<T>(
    query === undefined ? { method: 'GET', path, profileId } : { method: 'GET', path, query, profileId },
  );
}

/**
 * A write (`POST`, `PUT`, `PATCH`, `DELETE`) of `body` (JSON, when given) to `path` as `profileId`,
 * returning the JSON body: {@link apiJson} for the call most mutations make. Throws {@link ApiError}
 * for non-2xx responses.
 */
export function apiSend<T>(
  profileId: string,
  method: Exclude<ApiRequest['method'], 'GET' | 'HEAD'>,
  path: string,
  body?: unknown,
): Promise<T> {
  return apiJson<T>(body === undefined ? { method, path, profileId } : { method, path, body, profileId });
}

/**
 * Fetch one page of a list endpoint and read GitLab's pagination headers into a {@link Page};
 * throws {@link ApiError} for non-2xx responses.
 */
export async function apiPage<T>(req: ApiRequest): Promise<Page<T>> {
  const response = await apiRequest<T[]>(req);
  if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
  return toPage(response);
}
