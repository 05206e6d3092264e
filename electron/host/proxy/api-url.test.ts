import { describe, expect, it } from 'vitest';
import { BridgeError } from '../bridge-error.js';
import { assertApiPath, buildApiUrl, encodeQuery } from './api-url.js';

describe('encodeQuery', () => {
  it('encodes GitLab style: arrays with [], booleans, numbers; skips null and undefined', () => {
    expect(
      encodeQuery({
        search: 'a b&c',
        labels: ['bug', 'ux/ui'],
        page: 2,
        archived: false,
        x: null,
        y: undefined,
      }),
    ).toBe('search=a%20b%26c&labels[]=bug&labels[]=ux%2Fui&page=2&archived=false');
  });
  it('is empty for nothing', () => {
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({ a: undefined })).toBe('');
  });
});

describe('buildApiUrl', () => {
  it('prefixes /api/v4 and appends the query', () => {
    expect(buildApiUrl('/projects', { search: 'x' })).toBe('/api/v4/projects?search=x');
    expect(buildApiUrl('/projects?owned=true', { page: 1 })).toBe('/api/v4/projects?owned=true&page=1');
    expect(buildApiUrl('/projects/group%2Fproj')).toBe('/api/v4/projects/group%2Fproj');
  });

  it.each([
    'projects',
    '//evil.example/x',
    '/a/../b',
    '/a/%2e%2E/b',
    '/a/./b',
    '/a b',
    '/a#b',
    '/a\\b',
    '/a\r\nX: y',
  ])('refuses %j', (path) => {
    expect(() => assertApiPath(path)).toThrow(BridgeError);
  });
});
