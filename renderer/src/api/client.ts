import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';
import { ApiError } from './api-error.js';
import { getBridge } from './bridge.js';
import { toPage, type Page } from './pagination.js';
import { compactQuery } from './query.js';

/**
 * Send one request to the v4 API of a profile through the bridge. Never throws on HTTP status:
 * the instance's errors come back as responses. Rejects with a BridgeError when the host fails.
 */
export async function apiRequest<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
  const request: ApiRequest = req.query ? { ...req, query: compactQuery(req.query) } : req;
  const response = await getBridge().api.request(request);
  return response as ApiResponse<T>;
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
 * Fetch one page of a list endpoint and read GitLab's pagination headers into a {@link Page};
 * throws {@link ApiError} for non-2xx responses.
 */
export async function apiPage<T>(req: ApiRequest): Promise<Page<T>> {
  const response = await apiRequest<T[]>(req);
  if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
  return toPage(response);
}
