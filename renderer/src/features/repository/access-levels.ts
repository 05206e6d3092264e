import type { AccessLevelEntry } from '../../api/repository/types.js';

/** The role levels a protection rule can require (spec "Protected branch": 0, 30, 40, 60). */
export const PROTECTION_LEVELS = [
  { value: 0, label: 'No one' },
  { value: 30, label: 'Developers + Maintainers' },
  { value: 40, label: 'Maintainers' },
  { value: 60, label: 'Admins' },
] as const;

/** GitLab's default for every access kind of a new rule: Maintainers. */
export const DEFAULT_PROTECTION_LEVEL = 40;

/** Options for a Mantine Select of protection levels (values are strings there). */
export const PROTECTION_LEVEL_OPTIONS = PROTECTION_LEVELS.map((level) => ({
  value: String(level.value),
  label: level.label,
}));

/** "Maintainers" for 40; an unknown level reads as "Level N". */
export function protectionLevelLabel(level: number | null | undefined): string {
  if (level === null || level === undefined) return 'Custom';
  return PROTECTION_LEVELS.find((candidate) => candidate.value === level)?.label ?? `Level ${level}`;
}

/** The role entry of a rule's access list (the one with an `access_level`), or null (users/groups only). */
export function roleEntry(entries: readonly AccessLevelEntry[] | undefined): AccessLevelEntry | null {
  return entries?.find((entry) => entry.access_level !== null && entry.access_level !== undefined) ?? null;
}

/**
 * How a rule's access list reads in one phrase: the role's label, plus "+ N users/groups" for
 * per-user or per-group entries (higher editions); "No one" when the list is empty.
 */
export function describeAccess(entries: readonly AccessLevelEntry[] | undefined): string {
  const list = entries ?? [];
  if (list.length === 0) return 'No one';
  const role = roleEntry(list);
  const others = list.length - (role ? 1 : 0);
  const base = role ? protectionLevelLabel(role.access_level) : '';
  if (others === 0) return base;
  const extra = `${others} ${others === 1 ? 'user or group' : 'users or groups'}`;
  return base ? `${base} + ${extra}` : extra;
}
