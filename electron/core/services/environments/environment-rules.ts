/**
 * GitLab's environment model rules, pure (app/models/environment.rb; lib/gitlab/slug/environment.rb;
 * Gitlab::Regex.environment_name_regex; AddressableUrlValidator): name format, slug generation, the tier
 * guessed from the name, and the external URL check. Unit-tested beside this file.
 */
import { createHash } from 'node:crypto';
import type { EnvironmentTier } from '../../db/environments.js';

export const ENVIRONMENT_TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;

// Gitlab::Regex.environment_name_regex: `[a-zA-Z0-9_/${}. -]`, neither starting nor ending with `/`.
const NAME_PATTERN = /^[a-zA-Z0-9_${}. -]([a-zA-Z0-9_/${}. -]*[a-zA-Z0-9_${}. -])?$/;

/** Rails' messages for an invalid name, in GitLab's order (`{"message": {"name": [...]}}`); empty when valid. */
export function environmentNameErrors(name: string): string[] {
  const errors: string[] = [];
  if (name.trim() === '') errors.push("can't be blank");
  if (name.length > 255) errors.push('is too long (maximum is 255 characters)');
  if (!NAME_PATTERN.test(name))
    errors.push(
      "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', and spaces, but it cannot start or end with '/'",
    );
  return errors;
}

/**
 * The environment slug (Gitlab::Slug::Environment): lowercase letters, digits and `-`, starting with a
 * letter, at most 24 characters, never ending in `-`. When slugifying changed the name or it is too long,
 * the first 17 characters get a 6-character suffix: the last 6 base-36 digits of the name's SHA-256
 * (`digest` is replaceable for tests).
 */
export function environmentSlug(
  name: string,
  digest: (s: string) => string = (s) => createHash('sha256').update(s, 'utf8').digest('hex'),
): string {
  let slug = name.toLowerCase().replace(/[^a-z0-9]/g, '-');
  if (!/^[a-z]/.test(slug)) slug = `env-${slug}`;
  slug = slug.replace(/-+/g, '-');
  if (slug.length > 24 || slug !== name) {
    let short = slug.slice(0, 17);
    if (!short.endsWith('-')) short += '-';
    return (
      short +
      BigInt(`0x${digest(name)}`)
        .toString(36)
        .slice(-6)
    );
  }
  return slug.replace(/-$/, '');
}

/** GitLab's tier guess for an environment created without one (Environment#guess_tier, 13.10). */
export function guessEnvironmentTier(name: string): EnvironmentTier {
  if (/dev|review|trunk/i.test(name)) return 'development';
  if (/test|qc/i.test(name)) return 'testing';
  if (/st(a|)g|mod(e|)l|pre|demo/i.test(name)) return 'staging';
  if (/pr(o|)d|live/i.test(name)) return 'production';
  return 'other';
}

/**
 * The external URL check (length ≤ 255, an absolute http(s) URL), in Rails' words; empty when valid.
 * An empty string is not checked: GitLab stores it as null.
 */
export function externalUrlErrors(url: string): string[] {
  const errors: string[] = [];
  if (url.length > 255) errors.push('is too long (maximum is 255 characters)');
  const parsed = /^[a-z][a-z0-9+.-]*:/i.test(url) && !/\s/.test(url) ? parseUrl(url) : null;
  if (!parsed) errors.push('must be a valid URL');
  else if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    errors.push('is blocked: Only allowed schemes are http, https');
  return errors;
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
