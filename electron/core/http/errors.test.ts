import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
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
import { BadRequestBodyError, errorResponse } from './errors.js';

/** A Fastify-style error with a status code. */
function httpError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

describe('errorResponse', () => {
  it.each([
    [new NotFoundError('Project'), 404, { message: '404 Project Not Found' }],
    [new ForbiddenError(), 403, { message: '403 Forbidden' }],
    [
      new ForbiddenError('You are not allowed to push into this branch'),
      403,
      { message: '403 Forbidden - You are not allowed to push into this branch' },
    ],
    [new UnauthorizedError(), 401, { message: '401 Unauthorized' }],
    [new ConflictError('Member already exists'), 409, { message: 'Member already exists' }],
    [new ParameterError('title is missing'), 400, { error: 'title is missing' }],
    [new NotFoundError('Protected branch', '404 Not found'), 404, { message: '404 Not found' }],
    [new MethodNotAllowedError('Tag v1 already exists'), 405, { message: 'Tag v1 already exists' }],
    [
      new UnprocessableEntityError(['Push access levels user is not a member of the project']),
      422,
      { message: ['Push access levels user is not a member of the project'] },
    ],
  ])('maps %s', (err, status, body) => {
    expect(errorResponse(err)).toEqual([status, body]);
  });

  it('gives model validation errors the field shape', () => {
    const err = new ValidationError('Failed to save project', { path: ['has already been taken'] });
    expect(errorResponse(err)).toEqual([400, { message: { path: ['has already been taken'] } }]);
  });

  it('gives a field-less validation error its message, with its own status', () => {
    expect(errorResponse(new ValidationError('400 Bad request - Token already revoked'))).toEqual([
      400,
      { message: '400 Bad request - Token already revoked' },
    ]);
    expect(errorResponse(new ValidationError('Branch cannot be merged', undefined, 422))).toEqual([
      422,
      { message: 'Branch cannot be merged' },
    ]);
  });

  it('hides git failures behind a 500', () => {
    const err = new GitError(
      'could not read /secret/path',
      ['fetch'],
      128,
      'fatal: could not read /secret/path',
    );
    const [status, body] = errorResponse(err);
    expect(status).toBe(500);
    expect(body).toEqual({ message: '500 Internal Server Error' });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('answers 400 for an argument git could not be given (a NUL byte), naming no path', () => {
    const err = new GitInvalidArgumentError(['--git-dir=/secret/repo.git', 'rev-parse', 'a\0b']);
    expect(err).toBeInstanceOf(GitError);
    expect(errorResponse(err)).toEqual([
      400,
      { message: '400 Bad request - a name or path contains a NUL byte' },
    ]);
  });

  it('answers 400 with the reason for a body that does not parse as its content type', () => {
    expect(
      errorResponse(
        new BadRequestBodyError('The request body is not valid multipart/form-data: Boundary not found'),
      ),
    ).toEqual([400, { error: 'The request body is not valid multipart/form-data: Boundary not found' }]);
  });

  it('keeps 4xx errors from the HTTP layer', () => {
    expect(errorResponse(httpError(400, 'The request body is not valid JSON'))).toEqual([
      400,
      { error: 'The request body is not valid JSON' },
    ]);
    expect(errorResponse(httpError(413, 'Request body is too large'))).toEqual([
      413,
      { message: '413 Request Entity Too Large' },
    ]);
    expect(errorResponse(httpError(415, 'Unsupported Media Type: x'))).toEqual([
      415,
      { message: '415 Unsupported Media Type' },
    ]);
  });

  it('answers 400 for a value a column CHECK refuses (real SQLite), without its SQL', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (title TEXT CHECK (length(title) <= 3))');
    let err: unknown;
    try {
      db.prepare('INSERT INTO t VALUES (?)').run('toolong');
    } catch (e) {
      err = e;
    }
    db.close();
    expect(errorResponse(err)).toEqual([
      400,
      { message: '400 Bad request - a value is too long or out of range' },
    ]);
  });

  it('hides unknown errors and 5xx errors behind a 500', () => {
    expect(errorResponse(new Error('SQLITE_CONSTRAINT: secret detail'))).toEqual([
      500,
      { message: '500 Internal Server Error' },
    ]);
    expect(errorResponse(httpError(503, 'db down'))).toEqual([500, { message: '500 Internal Server Error' }]);
    expect(errorResponse('a string')).toEqual([500, { message: '500 Internal Server Error' }]);
    expect(errorResponse(null)).toEqual([500, { message: '500 Internal Server Error' }]);
  });
});
