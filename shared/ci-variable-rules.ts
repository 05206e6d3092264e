/**
 * GitLab's rules for instance CI/CD variables, declared once for the core (which enforces them with
 * GitLab's own messages) and the renderer (which checks a form before sending, with sentences saying
 * exactly which rule fails). Sources: Ci::HasVariable, Ci::Maskable, Ci::InstanceVariable;
 * doc/api/instance_level_ci_variables.md; doc/ci/variables §Mask a CI/CD variable.
 */

/** Longest key GitLab accepts. */
export const KEY_MAX_LENGTH = 255;
/** GitLab's key alphabet: letters, digits and `_`. */
export const KEY_PATTERN = /^[a-zA-Z0-9_]+$/;
const KEY_CHAR = /[a-zA-Z0-9_]/;
export const KEY_FORMAT_MESSAGE = "can contain only letters, digits and '_'.";

/** Longest value GitLab accepts, in characters as Ruby counts them (code points). */
export const VALUE_MAX_LENGTH = 10_000;
export const VALUE_TOO_LONG_MESSAGE = `The value of the provided variable exceeds the ${VALUE_MAX_LENGTH} character limit`;

/** Shortest value that can be masked. */
export const MIN_MASKED_LENGTH = 8;
/**
 * Ci::Maskable::REGEX: one line of at least 8 characters from the Base64 alphabet (RFC 4648) plus
 * `@ : . ~` — so no spaces, no newlines.
 */
export const MASKABLE_PATTERN = /^[a-zA-Z0-9_+=/@:.~-]{8,}$/;
const MASKABLE_CHAR = /[a-zA-Z0-9_+=/@:.~-]/;
export const MASK_MESSAGE = 'is invalid';

export const VARIABLE_TYPES = ['env_var', 'file'] as const;

/** A value's length as GitLab counts it: code points, not UTF-16 units. */
export function valueLength(value: string): number {
  return [...value].length;
}

// ---- The core's checks, in GitLab's words (ActiveModel error fragments). ----

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
  if (valueLength(value) > VALUE_MAX_LENGTH) problems.push(VALUE_TOO_LONG_MESSAGE);
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

// ---- The form's checks: the same rules, explained. ----

/** Why a key is not acceptable, or null when it is. `existingKeys` catches duplicates early. */
export function checkVariableKey(key: string, existingKeys: Iterable<string> = []): string | null {
  if (key === '') return 'Enter a key.';
  if (key.length > KEY_MAX_LENGTH) {
    return `Keys can have at most ${KEY_MAX_LENGTH} characters (this one has ${key.length}).`;
  }
  if (!KEY_PATTERN.test(key)) {
    const bad = describeCharacters([...new Set(key)].filter((char) => !KEY_CHAR.test(char)));
    return `Keys can contain only letters, digits and _ (not ${bad}).`;
  }
  for (const existing of existingKeys) {
    if (existing === key) return `A variable with the key ${key} already exists.`;
  }
  return null;
}

/** Why a value is not acceptable whether masked or not, or null. */
export function checkVariableValue(value: string): string | null {
  const length = valueLength(value);
  if (length > VALUE_MAX_LENGTH) {
    return `Values can have at most ${VALUE_MAX_LENGTH.toLocaleString('en-US')} characters (this one has ${length.toLocaleString('en-US')}).`;
  }
  return null;
}

/** One masking rule. */
export type MaskRule = 'length' | 'single-line' | 'alphabet';

/** A masking rule and whether the value meets it, with a sentence saying why not. */
export interface MaskRuleCheck {
  rule: MaskRule;
  /** What the rule asks, for a checklist. */
  label: string;
  passed: boolean;
  /** Why the value fails this rule; null when it passes. */
  problem: string | null;
}

/** Result of {@link checkMaskable}. */
export interface MaskabilityResult {
  maskable: boolean;
  checks: MaskRuleCheck[];
  /** The failing rules' sentences joined: the one message to show under the value. */
  message: string | null;
}

/** Printable names of characters a message lists. */
function describeCharacter(char: string): string {
  if (char === ' ') return 'spaces';
  if (char === '\t') return 'tabs';
  if (char === '\n' || char === '\r') return 'line breaks';
  return `“${char}”`;
}

function describeCharacters(chars: string[], limit = 5): string {
  const names = [...new Set(chars.map(describeCharacter))];
  const shown = names.slice(0, limit);
  if (names.length > limit) return `${shown.join(', ')} and ${names.length - limit} more`;
  if (shown.length <= 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

/**
 * Check a value against GitLab's masking rules (`^[a-zA-Z0-9_+=/@:.~-]{8,}$`): at least 8 characters,
 * on one line, using only letters, digits and `_ + = / @ : . ~ -`. Every rule is reported, so the
 * form can show a checklist and say exactly which rule fails.
 */
export function checkMaskable(value: string): MaskabilityResult {
  const singleLine = !/[\r\n]/.test(value);
  const badChars = [...value].filter((char) => char !== '\n' && char !== '\r' && !MASKABLE_CHAR.test(char));
  const checks: MaskRuleCheck[] = [
    {
      rule: 'length',
      label: `At least ${MIN_MASKED_LENGTH} characters`,
      passed: value.length >= MIN_MASKED_LENGTH,
      problem:
        value.length >= MIN_MASKED_LENGTH
          ? null
          : `A masked value needs at least ${MIN_MASKED_LENGTH} characters (this one has ${value.length}).`,
    },
    {
      rule: 'single-line',
      label: 'A single line',
      passed: singleLine,
      problem: singleLine ? null : 'A masked value must be a single line.',
    },
    {
      rule: 'alphabet',
      label: 'Only letters, digits and _ + = / @ : . ~ -',
      passed: badChars.length === 0,
      problem:
        badChars.length === 0
          ? null
          : `A masked value can contain only letters, digits and _ + = / @ : . ~ - (not ${describeCharacters(badChars)}).`,
    },
  ];
  const problems = checks.flatMap((check) => (check.problem ? [check.problem] : []));
  const maskable = MASKABLE_PATTERN.test(value);
  return { maskable, checks, message: problems.length > 0 ? problems.join(' ') : null };
}
