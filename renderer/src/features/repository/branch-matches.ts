/** True when a protection name holds GitLab's wildcard `*` (`release/*`, `*-stable`). */
export function isWildcard(pattern: string): boolean {
  return pattern.includes('*');
}

/**
 * A RegExp for a protection name: `*` matches any run of characters (slashes included, as GitLab's
 * wildcard matcher does), everything else literally, anchored at both ends.
 */
export function wildcardToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** The branch names a protection name covers, in the order given. */
export function matchingBranches(pattern: string, branchNames: readonly string[]): string[] {
  const trimmed = pattern.trim();
  if (trimmed === '') return [];
  if (!isWildcard(trimmed)) return branchNames.filter((name) => name === trimmed);
  const regexp = wildcardToRegExp(trimmed);
  return branchNames.filter((name) => regexp.test(name));
}
