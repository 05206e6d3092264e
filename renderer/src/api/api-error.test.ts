import { describe, expect, it } from 'vitest';
import { ApiError, extractErrorMessage, extractFieldErrors, humanizeField } from './api-error.js';

describe('extractErrorMessage', () => {
  it('turns GitLab status-line messages into sentences', () => {
    expect(extractErrorMessage(404, { message: '404 Project Not Found' })).toBe('Project not found.');
    expect(extractErrorMessage(404, { message: '404 Not found' })).toBe('The resource was not found.');
    expect(extractErrorMessage(401, { message: '401 Unauthorized' })).toBe(
      'The access token was rejected. Check the token stored for this instance.',
    );
    expect(extractErrorMessage(403, { message: '403 Forbidden' })).toBe(
      'You do not have permission to do this.',
    );
  });

  it('reads {"error": …} and prefers an OAuth error_description', () => {
    expect(extractErrorMessage(400, { error: 'name is missing' })).toBe('Name is missing.');
    expect(extractErrorMessage(401, { error: 'invalid_token', error_description: 'Token was revoked' })).toBe(
      'Token was revoked.',
    );
  });

  it('joins per-field validation messages into sentences', () => {
    const body = {
      message: { name: ['has already been taken'], path: ['has already been taken', 'is too long'] },
    };
    expect(extractErrorMessage(400, body)).toBe(
      'Name has already been taken. Path has already been taken. Path is too long.',
    );
    expect(extractErrorMessage(400, { message: { base: ['The project is still being deleted'] } })).toBe(
      'The project is still being deleted.',
    );
    expect(extractErrorMessage(400, { message: { namespace_id: ['is invalid'] } })).toBe(
      'Namespace ID is invalid.',
    );
  });

  it('handles arrays, plain text and empty or unknown bodies', () => {
    expect(extractErrorMessage(422, { message: ['Branch already exists', 'Ref is invalid!'] })).toBe(
      'Branch already exists. Ref is invalid!',
    );
    expect(extractErrorMessage(500, 'upstream failed')).toBe('Upstream failed.');
    expect(extractErrorMessage(502, '<html><body>Bad gateway</body></html>')).toBe(
      'The instance is unreachable (bad gateway).',
    );
    expect(extractErrorMessage(500, null)).toBe('The server ran into an internal error.');
    expect(extractErrorMessage(418, { unexpected: true })).toBe('The request failed with HTTP status 418.');
    expect(extractErrorMessage(400, { message: '' })).toBe('The request was not valid.');
  });
});

describe('extractFieldErrors', () => {
  it('returns field messages only for the object shape', () => {
    expect(extractFieldErrors({ message: { path: ['is invalid'], name: 'is missing', other: 3 } })).toEqual({
      path: ['is invalid'],
      name: ['is missing'],
    });
    expect(extractFieldErrors({ message: '400 Bad request' })).toEqual({});
    expect(extractFieldErrors('text')).toEqual({});
  });
});

describe('ApiError', () => {
  it('carries status, message, field errors and the raw body', () => {
    const body = { message: { path: ['has already been taken'] } };
    const error = new ApiError(400, body);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Path has already been taken.');
    expect(error.fieldErrors).toEqual({ path: ['has already been taken'] });
    expect(error.body).toBe(body);
  });
});

describe('humanizeField', () => {
  it('spells attribute names as words', () => {
    expect(humanizeField('import_url')).toBe('Import URL');
    expect(humanizeField('project_namespace.path')).toBe('Project namespace path');
  });
});
