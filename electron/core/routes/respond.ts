/** Small helpers shared by route files: paginated list replies and 201/204 conventions. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  readPageRequest,
  setPaginationHeaders,
  setPaginationHeadersWithoutCount,
} from '../http/pagination.js';
import type { PageRequest } from '../http/pagination.js';

/** Read `page`/`per_page` from the request's merged params (400 in Grape's words when invalid). */
export function pageOf(req: FastifyRequest): PageRequest {
  return readPageRequest(req.gparams);
}

/** Send a page of items with GitLab's pagination headers. */
export function sendPage<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  page: PageRequest,
  total: number,
  items: T[],
): FastifyReply {
  setPaginationHeaders(req, reply, page, total, req.svc.externalUrl());
  return reply.send(items);
}

/**
 * Send a page of a list GitLab does not count (repository commits): X-Next-Page/rel="next" only when
 * `hasNext`, no totals.
 */
export function sendUncountedPage<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  page: PageRequest,
  hasNext: boolean,
  items: T[],
): FastifyReply {
  setPaginationHeadersWithoutCount(req, reply, page, hasNext, req.svc.externalUrl());
  return reply.send(items);
}

/** The `:id`-style path parameter, URL-decoded (numeric id or full path). */
export function pathParam(req: FastifyRequest, name: string): string {
  const v = (req.params as Record<string, string | undefined>)[name];
  return v ?? '';
}

/** Integer path parameter; 404 for non-numbers is the caller's concern (returns NaN). */
export function intParam(req: FastifyRequest, name: string): number {
  const v = pathParam(req, name);
  return /^\d+$/.test(v) ? Number(v) : Number.NaN;
}
