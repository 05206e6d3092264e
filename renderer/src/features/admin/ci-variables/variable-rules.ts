/**
 * GitLab's rules for instance CI/CD variables (doc/api/instance_level_ci_variables.md,
 * doc/ci/variables/#mask-a-cicd-variable), checked before anything is sent so the form can say
 * exactly which rule a key or a value breaks. The instance checks the same rules again.
 */

/** Longest key GitLab accepts. */
export const MAX_KEY_LENGTH = 255;
/** Longest value GitLab accepts. */
export const MAX_VALUE_LENGTH = 10_000;
/** Shortest value that can be masked. */
export const MIN_MASKED_LENGTH = 8;

/** GitLab's key alphabet: letters, digits and `_`. */
const KEY_PATTERN = /^[A-Za-z0-9_]+$/;
/** GitLab's `Ci::Maskable::REGEX`: one line of at least 8 characters of a small alphabet. */
export const MASKABLE_PATTERN = /^[a-zA-Z0-9_+=/@:.~-]{8,}$/;
const MASKABLE_CHAR = /[a-zA-Z0-9_+=/@:.~-]/;

/** Why a key is not acceptable, or null when it is. `existingKeys` catches duplicates early. */
export function checkVariableKey(key: string, existingKeys: Iterable<string> = []): string | null {
  if (key === '') return 'Enter a key.';
  if (key.length > MAX_KEY_LENGTH) {
    return `Keys can have at most ${MAX_KEY_LENGTH} characters (this one has ${key.length}).`;
  }
  if (!KEY_PATTERN.test(key)) {
    const bad = describeCharacters([...new Set(key)].filter((char) => !/[A-Za-z0-9_]/.test(char)));
    return `Keys can contain only letters, digits and _ (not ${bad}).`;
  }
  for (const existing of existingKeys) {
    if (existing === key) return `A variable with the key ${key} already exists.`;
  }
  return null;
}

/** Why a value is not acceptable whether masked or not, or null. */
export function checkVariableValue(value: string): string | null {
  if (value.length > MAX_VALUE_LENGTH) {
    return `Values can have at most ${MAX_VALUE_LENGTH.toLocaleString('en-US')} characters (this one has ${value.length.toLocaleString('en-US')}).`;
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
