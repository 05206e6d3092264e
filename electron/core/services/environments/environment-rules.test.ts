import { describe, expect, it } from 'vitest';
import {
  environmentNameErrors,
  environmentSlug,
  externalUrlErrors,
  guessEnvironmentTier,
} from './environment-rules.js';

describe('environmentSlug (GitLab spec/lib/gitlab/slug/environment_spec.rb)', () => {
  // GitLab stubs the digest with 'a' * 64, whose base-36 tail is 'q517sa'.
  const fixed = () => 'a'.repeat(64);
  it.each([
    ['staging-12345678901234567', 'staging-123456789-q517sa'],
    ['9-staging-123456789012345', 'env-9-staging-123-q517sa'],
    ['staging-1234567890123456', 'staging-1234567890123456'],
    ['staging-1234567890123456-', 'staging-123456789-q517sa'],
    ['production', 'production'],
    ['PRODUCTION', 'production-q517sa'],
    ['review/1-foo', 'review-1-foo-q517sa'],
    ['1-foo', 'env-1-foo-q517sa'],
    ['1/foo', 'env-1-foo-q517sa'],
    ['foo-', 'foo'],
    ['foo--bar', 'foo-bar-q517sa'],
    ['foo**bar', 'foo-bar-q517sa'],
    ['*-foo', 'env-foo-q517sa'],
    ['staging-12345678-', 'staging-12345678'],
    ['staging-12345678-01234567', 'staging-12345678-q517sa'],
    ['', 'env-q517sa'],
  ])('%s → %s', (name, slug) => {
    expect(environmentSlug(name, fixed)).toBe(slug);
  });

  it('uses the SHA-256 of the name by default (stable, 6 characters)', () => {
    const a = environmentSlug('review/feature-x');
    expect(a).toMatch(/^review-feature-x-[a-z0-9]{6}$/);
    expect(environmentSlug('review/feature-x')).toBe(a);
    expect(environmentSlug('review/feature-y')).not.toBe(a);
  });
});

describe('guessEnvironmentTier (Environment#guess_tier)', () => {
  it.each([
    ['production', 'production'],
    ['prd', 'production'],
    ['live', 'production'],
    ['staging', 'staging'],
    ['stg', 'staging'],
    ['pre-prod', 'staging'],
    ['demo', 'staging'],
    ['model', 'staging'],
    ['test', 'testing'],
    ['QC', 'testing'],
    ['review/fix-1', 'development'],
    ['dev', 'development'],
    ['trunk', 'development'],
    ['canary', 'other'],
  ])('%s → %s', (name, tier) => {
    expect(guessEnvironmentTier(name)).toBe(tier);
  });
});

describe('environmentNameErrors', () => {
  it('accepts GitLab names', () => {
    for (const n of ['production', 'review/fix-foo', 'review/${CI_COMMIT_REF_SLUG}', 'a b.c_d-e', 'x'])
      expect(environmentNameErrors(n)).toEqual([]);
  });
  it('refuses bad characters, a leading or trailing slash, blank and long names', () => {
    const format =
      "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', and spaces, but it cannot start or end with '/'";
    expect(environmentNameErrors('prod!')).toEqual([format]);
    expect(environmentNameErrors('/prod')).toEqual([format]);
    expect(environmentNameErrors('prod/')).toEqual([format]);
    expect(environmentNameErrors('')).toEqual(["can't be blank", format]);
    expect(environmentNameErrors('a'.repeat(256))).toEqual(['is too long (maximum is 255 characters)']);
  });
});

describe('externalUrlErrors', () => {
  it('accepts absolute http(s) URLs', () => {
    expect(externalUrlErrors('https://prod.example.com')).toEqual([]);
    expect(externalUrlErrors('http://localhost:8080/x?y=1')).toEqual([]);
  });
  it('refuses other schemes, relative and malformed URLs', () => {
    expect(externalUrlErrors('ftp://example.com')).toEqual([
      'is blocked: Only allowed schemes are http, https',
    ]);
    expect(externalUrlErrors('example.com')).toEqual(['must be a valid URL']);
    expect(externalUrlErrors('http://exa mple.com')).toEqual(['must be a valid URL']);
    expect(externalUrlErrors(`https://e.com/${'a'.repeat(260)}`)).toEqual([
      'is too long (maximum is 255 characters)',
    ]);
  });
});
