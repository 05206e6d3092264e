import { describe, expect, it } from 'vitest';
import { grantingScopes, utcDate } from './auth.js';

describe('utcDate', () => {
  it('is the UTC date toISOString gives, on both sides of midnight and back again', () => {
    const times = [
      Date.parse('2026-11-25T23:59:59.999Z'),
      Date.parse('2026-11-26T00:00:00.000Z'),
      Date.parse('2026-11-25T00:00:00.000Z'),
      Date.parse('2026-11-25T12:34:56.000Z'),
      Date.parse('1999-12-31T23:59:59.999Z'),
      0,
    ];
    for (const t of times) expect(utcDate(t)).toBe(new Date(t).toISOString().slice(0, 10));
    expect(utcDate(Date.parse('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(utcDate(Date.parse('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
  });
});

describe('grantingScopes (lib/api/api.rb: api for everything, read_api for GET/HEAD)', () => {
  it('reads keep the configured scopes, or api and read_api by default', () => {
    expect(grantingScopes('GET', undefined)).toEqual(['api', 'read_api']);
    expect(grantingScopes('HEAD', ['api', 'read_api', 'read_repository'])).toEqual([
      'api',
      'read_api',
      'read_repository',
    ]);
  });

  it('writes are granted by api alone, whatever a route names', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(grantingScopes(method, undefined)).toEqual(['api']);
      expect(grantingScopes(method, ['api', 'write_repository'])).toEqual(['api']);
      expect(grantingScopes(method, ['read_api', 'read_repository', 'write_repository'])).toEqual(['api']);
    }
  });
});
