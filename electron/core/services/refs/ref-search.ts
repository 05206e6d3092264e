/**
 * The `search` filter of the branch and tag lists (doc/api/branches.md, doc/api/tags.md; GitLab's
 * BranchesFinder/TagsFinder): `^term` keeps names starting with `term`, `term$` names ending with it,
 * anything else names containing it. Matching ignores case. For plain substring searches of branches
 * GitLab moves an exact match to the front (`set_exact_match_as_first_result`). Pure; unit-tested.
 */

/** True when `name` matches `search` under the rules above (an empty search matches everything). */
export function matchesRefSearch(name: string, search: string): boolean {
  if (search === '') return true;
  const upper = name.toUpperCase();
  if (search.startsWith('^')) return upper.startsWith(search.slice(1).toUpperCase());
  if (search.endsWith('$')) return upper.endsWith(search.slice(0, -1).toUpperCase());
  return upper.includes(search.toUpperCase());
}

/**
 * Keep the items whose `name` matches `search`, in their order; with `exactFirst`, a substring search's
 * exact match (same case) goes first, as GitLab's branch list does.
 */
export function filterByRefSearch<T extends { name: string }>(
  items: readonly T[],
  search: string | undefined,
  opts: { exactFirst?: boolean } = {},
): T[] {
  if (search === undefined || search === '') return [...items];
  const matches = items.filter((i) => matchesRefSearch(i.name, search));
  if (!opts.exactFirst || search.startsWith('^') || search.endsWith('$')) return matches;
  const exact = matches.findIndex((i) => i.name === search);
  if (exact <= 0) return matches;
  return [matches[exact]!, ...matches.slice(0, exact), ...matches.slice(exact + 1)];
}
