/**
 * Order of the tag list (doc/api/tags.md: `order_by` name|updated, default updated; `sort` asc|desc,
 * default desc). `updated` is the committer date of the tagged commit (GitLab's
 * `tags_sorted_by_committed_date`); `name` compares version-aware (GitLab's VersionSorter), so `v1.10`
 * sorts after `v1.9`. Ties fall back to the name. Pure; unit-tested.
 */

export type TagOrderBy = 'name' | 'updated';
export type SortDirection = 'asc' | 'desc';

/** Natural comparison: runs of digits compare as numbers, everything else by code unit. */
export function compareVersionNames(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    const xd = /^\d/.test(x);
    const yd = /^\d/.test(y);
    if (xd && yd) {
      const diff = Number(x) - Number(y);
      if (diff !== 0) return diff < 0 ? -1 : 1;
      if (x.length !== y.length) return x.length - y.length; // "01" after "1"
      continue;
    }
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

/** Sort tags (a copy) as the tag list does. */
export function sortTags<T extends { name: string; committedAt: number }>(
  tags: readonly T[],
  orderBy: TagOrderBy,
  sort: SortDirection,
): T[] {
  const dir = sort === 'asc' ? 1 : -1;
  const cmp =
    orderBy === 'name'
      ? (a: T, b: T) => compareVersionNames(a.name, b.name)
      : (a: T, b: T) => a.committedAt - b.committedAt || compareVersionNames(a.name, b.name);
  return [...tags].sort((a, b) => dir * cmp(a, b));
}
