/**
 * The one place domain errors become HTTP responses in GitLab's shapes
 * (doc/api/rest/troubleshooting.md; ../shared/reference/gitlab-api-notes.md §3):
 * `{"message": "404 Project Not Found"}`, `{"message": {"field": ["error"]}}`, `{"error": "title is missing"}`.
 * 5xx messages are hidden from clients.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GitError, GitInvalidArgumentError } from '../git/run-git.js';
import {
  ConflictError,
  ForbiddenError,
  MethodNotAllowedError,
  NotFoundError,
  ParameterError,
  UnauthorizedError,
  UnprocessableEntityError,
  ValidationError,
} from '../services/errors.js';
import { JSON_CONTENT_TYPE } from './json-content-type.js';

/**
 * 400 for a request body that can't be read as its content type says (JSON that doesn't parse, multipart
 * without a boundary or cut short): `{"error": "<message>"}`, Grape's shape for a bad parameter.
 */
export class BadRequestBodyError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'BadRequestBodyError';
  }
}

/** Map an error to `[status, body]`. Pure; unit-tested. */
export function errorResponse(err: unknown): [number, Record<string, unknown>] {
  if (err instanceof NotFoundError) return [404, { message: err.message }];
  if (err instanceof ForbiddenError) return [403, { message: err.message }];
  if (err instanceof UnauthorizedError) return [401, { message: err.message }];
  if (err instanceof ConflictError) return [409, { message: err.messages ?? err.message }];
  if (err instanceof MethodNotAllowedError) return [405, { message: err.message }];
  if (err instanceof UnprocessableEntityError) return [422, { message: err.messages }];
  if (err instanceof ParameterError) return [400, { error: err.message }];
  if (err instanceof ValidationError) return [err.status, { message: err.fields ?? err.message }];
  if (err instanceof GitInvalidArgumentError)
    return [400, { message: '400 Bad request - a name or path contains a NUL byte' }];
  if (err instanceof GitError) return [500, { message: '500 Internal Server Error' }];
  // A value a service let through but a column's CHECK refuses (a length or range): bad input, not a
  // server fault. Services validate in GitLab's words first; this keeps any gap from answering 5xx.
  if ((err as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_CHECK')
    return [400, { message: '400 Bad request - a value is too long or out of range' }];
  const fe = (typeof err === 'object' && err !== null ? err : {}) as Partial<FastifyError>;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 413) return [413, { message: '413 Request Entity Too Large' }];
    if (fe.statusCode === 415) return [415, { message: '415 Unsupported Media Type' }];
    return [fe.statusCode, { error: fe.message ?? 'Bad request' }];
  }
  return [500, { message: '500 Internal Server Error' }];
}

/**
 * Fastify's `frameworkErrors` option: errors raised before a route is found answer in GitLab's shape
 * instead of Fastify's `{"error","code","message","statusCode"}`. A path whose percent-encoding isn't
 * UTF-8 (`/projects/%ff`) is 400, as GitLab's HandleMalformedStrings answers it; the path is not echoed.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  // These replies skip the onSend hooks, json-content-type.ts's included: the type is set here, and
  // an own serializer keeps Fastify from appending `; charset=utf-8` to it.
  const [status, body] =
    err.code === 'FST_ERR_BAD_URL'
      ? [400, { message: '400 Bad request - the path is not valid percent-encoded UTF-8' }]
      : errorResponse(err);
  void reply
    .status(status)
    .header('content-type', JSON_CONTENT_TYPE)
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);
}

/** Install the error handler and GitLab's catch-all 404 (`{"error":"404 Not Found"}`). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const [status, body] = errorResponse(err);
    if (status >= 500) req.log.error({ err }, 'request failed');
    void reply.status(status).send(body);
  });
  app.setNotFoundHandler((_req, reply) => {
    void reply.status(404).send({ error: '404 Not Found' });
  });
}
