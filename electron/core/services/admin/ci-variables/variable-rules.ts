/**
 * Pure validation rules of instance CI/CD variables, with GitLab's messages (Ci::HasVariable,
 * Ci::Maskable, Ci::InstanceVariable; doc/ci/variables §Mask a CI/CD variable).
 */

export const KEY_MAX_LENGTH = 255;
export const KEY_PATTERN = /^[a-zA-Z0-9_]+$/;
export const KEY_FORMAT_MESSAGE = "can contain only letters, digits and '_'.";

export const VALUE_MAX_LENGTH = 10_000;
export const VALUE_TOO_LONG_MESSAGE = `The value of the provided variable exceeds the ${VALUE_MAX_LENGTH} character limit`;

/**
 * Ci::Maskable::REGEX: one line of at least 8 characters from the Base64 alphabet (RFC 4648) plus
 * `@ : . ~` — so no spaces, no newlines.
 */
export const MASKABLE_PATTERN = /^[a-zA-Z0-9_+=/@:.~-]{8,}$/;
export const MASK_MESSAGE = 'is invalid';

export const VARIABLE_TYPES = ['env_var', 'file'] as const;

/** Problems with a variable key. */
export function keyProblems(key: string): string[] {
  const problems: string[] = [];
  if (key.trim() === '') problems.push("can't be blank");
  if (key.length > KEY_MAX_LENGTH) problems.push(`is too long (maximum is ${KEY_MAX_LENGTH} characters)`);
  if (!KEY_PATTERN.test(key)) problems.push(KEY_FORMAT_MESSAGE);
  return problems;
}

/** True when GitLab can mask `value` in job logs. */
export function isMaskable(value: string): boolean {
  return MASKABLE_PATTERN.test(value);
}

/** Problems with a variable value, given whether it is to be masked. */
export function valueProblems(value: string, masked: boolean): string[] {
  const problems: string[] = [];
  // Characters as Ruby counts them (code points), not UTF-16 units.
  if (value.length > VALUE_MAX_LENGTH && [...value].length > VALUE_MAX_LENGTH)
    problems.push(VALUE_TOO_LONG_MESSAGE);
  if (masked && !isMaskable(value)) problems.push(MASK_MESSAGE);
  return problems;
}

/** GitLab's Limitable message: `Maximum number of ci instance level variables (25) exceeded`. */
export function limitExceededMessage(limit: number): string {
  return `Maximum number of ci instance level variables (${limit}) exceeded`;
}

/** PlanLimits#exceeded?: a limit of 0 means no limit. */
export function limitExceeded(count: number, limit: number): boolean {
  return limit > 0 && count >= limit;
}
