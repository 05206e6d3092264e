import { describe, expect, it } from 'vitest';
import {
  commitRoute,
  encodePathSegments,
  fileRoute,
  historyRoute,
  listRoute,
  pathCrumbs,
  repositoryRoute,
} from './repository-paths.js';

describe('repository routes', () => {
  it('builds breadcrumbs from a path', () => {
    expect(pathCrumbs('src/app/main.ts')).toEqual([
      { name: 'src', path: 'src' },
      { name: 'app', path: 'src/app' },
      { name: 'main.ts', path: 'src/app/main.ts' },
    ]);
    expect(pathCrumbs('')).toEqual([]);
    expect(pathCrumbs('/docs/')).toEqual([{ name: 'docs', path: 'docs' }]);
  });

  it('encodes each path segment but keeps the slashes', () => {
    expect(encodePathSegments('a b/c#d/%e')).toBe('a%20b/c%23d/%25e');
  });

  it('puts the ref in the query, encoded', () => {
    expect(fileRoute(5, 'blob', 'src/a.ts', 'main')).toBe('/repository/5/blob/src/a.ts?ref=main');
    expect(fileRoute(5, 'tree', '', 'feature/x')).toBe('/repository/5/tree?ref=feature%2Fx');
    expect(fileRoute(5, 'tree', 'docs')).toBe('/repository/5/tree/docs');
    expect(listRoute(5, 'commits', 'v1.0')).toBe('/repository/5/commits?ref=v1.0');
    expect(listRoute(5, 'branches')).toBe('/repository/5/branches');
    expect(repositoryRoute(5)).toBe('/repository/5/tree');
    expect(historyRoute(5, 'dev', 'src/a b.ts')).toBe('/repository/5/commits?ref=dev&path=src%2Fa+b.ts');
    expect(historyRoute(5)).toBe('/repository/5/commits');
  });

  it('builds the route of a commit page', () => {
    expect(commitRoute(5, 'a1b2c3d4')).toBe('/repository/5/commit/a1b2c3d4');
    expect(commitRoute(7, 'v1.0/x')).toBe('/repository/7/commit/v1.0%2Fx');
  });
});
