/**
 * Typed domain errors thrown by services. Only `core/http/errors.ts` maps them to GitLab's
 * response bodies and status codes (doc/api/rest/troubleshooting.md).
 */

/**
 * 404: `{"message":"404 <Resource> Not Found"}`, or `message` as given where GitLab words it otherwise
 * (`"404 Not found"` from ActiveRecord lookups, `"Release does not exist"` from services).
 */
/**
 * `row` when the lookup found one, else NotFoundError(resource, message) — `404 <resource> Not Found`
 * unless `message` says otherwise (GitLab's `not_found!` forms).
 */
export function foundOr404<T>(row: T | undefined, resource: string, message?: string): T {
  if (row === undefined) throw new NotFoundError(resource, message);
  return row;
}

export class NotFoundError extends Error {
  constructor(
    readonly resource: string,
    message?: string,
  ) {
    super(message ?? `404 ${resource} Not Found`);
    this.name = 'NotFoundError';
  }
}

/** 403: `{"message":"403 Forbidden"}` or `"403 Forbidden - <reason>"`. */
export class ForbiddenError extends Error {
  constructor(readonly reason?: string) {
    super(reason ? `403 Forbidden - ${reason}` : '403 Forbidden');
    this.name = 'ForbiddenError';
  }
}

/** 401: `{"message":"401 Unauthorized"}`. */
export class UnauthorizedError extends Error {
  constructor() {
    super('401 Unauthorized');
    this.name = 'UnauthorizedError';
  }
}

/**
 * 400 (or another status) with a model-validation body: `{"message": {"<field>": ["<error>"]}}`
 * when `fields` is given, else `{"message": "<message>"}`.
 */
export class ValidationError extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** 409: `{"message": "<message>"}`, or `{"message": [<messages>]}` when `messages` is given. */
export class ConflictError extends Error {
  constructor(
    message: string,
    readonly messages?: string[],
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** 400 from a bad parameter value: `{"error": "<name> is invalid"}` (Grape's shape). */
export class ParameterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParameterError';
  }
}

/** 405: `{"message": "<message>"}` (tag creation failures, doc/api/tags.md). */
export class MethodNotAllowedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MethodNotAllowedError';
  }
}

/** 422: `{"message": ["<full message>", …]}`, Rails' `errors.full_messages` as GitLab renders them. */
export class UnprocessableEntityError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(', '));
    this.name = 'UnprocessableEntityError';
  }
}
