/**
 * The two forms of the instance's default branch protection (doc/api/settings.md):
 * - `default_branch_protection`: an integer 0–4, deprecated in GitLab 17.0;
 * - `default_branch_protection_defaults`: an object (17.0+) with `allowed_to_push` / `allowed_to_merge`
 *   role entries, `allow_force_push` and `developer_can_initial_push`.
 * The Security screen edits one of GitLab's five levels and writes the form the instance has: the object
 * where `GET /application/settings` returns it, the integer otherwise. The level ↔ object presets are
 * GitLab's `Gitlab::Access::BranchProtection#to_hash` (lib/gitlab/access/branch_protection.rb). Pure.
 */

/** `default_branch_protection_defaults` as GitLab returns and accepts it. */
export interface BranchProtectionDefaults {
  allowed_to_push?: { access_level: number }[];
  allowed_to_merge?: { access_level: number }[];
  allow_force_push?: boolean;
  developer_can_initial_push?: boolean;
  [other: string]: unknown;
}

/** [push, merge, force push, developer initial push] per level 0–4 (BranchProtection#to_hash). */
const PRESETS: ReadonlyArray<readonly [number, number, boolean, boolean]> = [
  [30, 30, true, false],
  [30, 40, false, false],
  [40, 40, false, false],
  [40, 30, false, false],
  [40, 40, false, true],
];

/** The object GitLab stores for level `level` (0–4). */
export function defaultsForLevel(
  level: number,
): Required<
  Pick<
    BranchProtectionDefaults,
    'allowed_to_push' | 'allowed_to_merge' | 'allow_force_push' | 'developer_can_initial_push'
  >
> {
  const [push, merge, force, initial] = PRESETS[level] ?? PRESETS[2]!;
  return {
    allowed_to_push: [{ access_level: push }],
    allowed_to_merge: [{ access_level: merge }],
    allow_force_push: force,
    developer_can_initial_push: initial,
  };
}

/** True when `value` is the object form (a plain object). */
export function isDefaultsObject(value: unknown): value is BranchProtectionDefaults {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The level (0–4) an object stands for, or null when it matches none of the five (a custom protection
 * set in GitLab: several roles, force push with full protection, …).
 */
export function levelOfDefaults(defaults: BranchProtectionDefaults): number | null {
  const push = (defaults.allowed_to_push ?? []).map((entry) => entry.access_level);
  const merge = (defaults.allowed_to_merge ?? []).map((entry) => entry.access_level);
  const index = PRESETS.findIndex(
    ([p, m, f, i]) =>
      push.length === 1 &&
      merge.length === 1 &&
      push[0] === p &&
      merge[0] === m &&
      (defaults.allow_force_push ?? false) === f &&
      (defaults.developer_can_initial_push ?? false) === i,
  );
  return index < 0 ? null : index;
}

/** What the instance's settings say of default branch protection. */
export interface BranchProtectionState {
  /** True when the instance has the object form (GitLab 17.0+, Outpost's core). */
  objectForm: boolean;
  /** The level shown: the object's, else the integer, else 2 (GitLab's default). */
  level: number;
  /** True when the object matches none of the five levels (the screen says so). */
  custom: boolean;
}

/** Reads {@link BranchProtectionState} from `GET /application/settings`. Pure. */
export function branchProtectionState(settings: Record<string, unknown>): BranchProtectionState {
  const integer =
    typeof settings.default_branch_protection === 'number' ? settings.default_branch_protection : 2;
  const object = settings.default_branch_protection_defaults;
  if (!isDefaultsObject(object)) return { objectForm: false, level: integer, custom: false };
  const level = levelOfDefaults(object);
  return { objectForm: true, level: level ?? integer, custom: level === null };
}
