/**
 * `default_branch_protection_defaults` (doc/api/settings.md, GitLab 17.0; the object form that replaced the
 * deprecated integer `default_branch_protection`), kept in step with the integer this core stores and acts
 * on (protected-branches/protect-default-branch.ts). Pure.
 *
 * The five presets are GitLab's `Gitlab::Access::BranchProtection#to_hash` (lib/gitlab/access/branch_protection.rb):
 * - 0 none:        push 30, merge 30, force push allowed
 * - 1 partial:     push 30, merge 40, no force push
 * - 2 full:        push 40, merge 40, no force push
 * - 3 dev merge:   push 40, merge 30, no force push
 * - 4 after initial push: push 40, merge 40, no force push, `developer_can_initial_push`
 * GitLab stores any object; this core acts only on the five levels, so an object that matches none of them
 * is refused (400 `{"message":{"default_branch_protection_defaults":["…"]}}`) rather than stored and ignored.
 */

/** One role entry of `allowed_to_push` / `allowed_to_merge`. */
export interface BranchProtectionAccess {
  access_level: number;
}

/** The object of `default_branch_protection_defaults`. */
export interface BranchProtectionDefaults {
  allowed_to_push: BranchProtectionAccess[];
  allowed_to_merge: BranchProtectionAccess[];
  allow_force_push: boolean;
  developer_can_initial_push: boolean;
}

/** [push, merge, force push, developer initial push] per `default_branch_protection` level 0–4. */
const PRESETS: ReadonlyArray<readonly [number, number, boolean, boolean]> = [
  [30, 30, true, false],
  [30, 40, false, false],
  [40, 40, false, false],
  [40, 30, false, false],
  [40, 40, false, true],
];

/** The object GitLab reports for `default_branch_protection` level `level` (0–4; unknown levels read as 2). */
export function branchProtectionDefaults(level: number): BranchProtectionDefaults {
  const [push, merge, force, initial] = PRESETS[level] ?? PRESETS[2]!;
  return {
    allowed_to_push: [{ access_level: push }],
    allowed_to_merge: [{ access_level: merge }],
    allow_force_push: force,
    developer_can_initial_push: initial,
  };
}

function accessLevels(value: unknown): number[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value)) return [NaN];
  return value.map((entry) => {
    const raw = (entry as { access_level?: unknown } | null)?.access_level;
    return typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  });
}

function flag(value: unknown, fallback: boolean): boolean | null {
  if (value === undefined) return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/**
 * The `default_branch_protection` level (0–4) an object of `default_branch_protection_defaults` stands for,
 * or an error sentence when it is not an object or matches none of GitLab's five presets. Missing fields
 * keep their value in `current` (the level stored now), as GitLab merges a partial object.
 */
export function levelOfDefaults(value: unknown, current: number): { level: number } | { error: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { error: 'must be a hash' };
  const given = value as Record<string, unknown>;
  const base = branchProtectionDefaults(current);
  const push = accessLevels(given.allowed_to_push) ?? [base.allowed_to_push[0]!.access_level];
  const merge = accessLevels(given.allowed_to_merge) ?? [base.allowed_to_merge[0]!.access_level];
  const force = flag(given.allow_force_push, base.allow_force_push);
  const initial = flag(given.developer_can_initial_push, base.developer_can_initial_push);
  if (force === null || initial === null)
    return { error: 'allow_force_push and developer_can_initial_push must be booleans' };
  const level = PRESETS.findIndex(
    ([p, m, f, i]) =>
      push.length === 1 &&
      merge.length === 1 &&
      push[0] === p &&
      merge[0] === m &&
      force === f &&
      initial === i,
  );
  if (level < 0)
    return {
      error:
        'is not one of the default branch protection levels this instance supports (one role each for allowed_to_push and allowed_to_merge, as in GitLab’s five presets)',
    };
  return { level };
}
