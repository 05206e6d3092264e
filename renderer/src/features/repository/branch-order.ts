/**
 * The default branch first, as GitLab's branch list shows it (Branches "Overview"/"All" put the default
 * branch on top, app/views/projects/branches/index.html.haml): the list is sorted by name by the
 * instance, so the default branch would otherwise sit wherever its name falls, maybe pages away.
 *
 * - Without a search: the default branch (fetched on its own, `pinned`) leads page 1 and is left out of
 *   every page where the name order put it.
 * - With a search: a matching default branch moves to the top of its page.
 */
export function pinDefaultBranch<T extends { name: string }>(
  items: readonly T[],
  defaultBranch: string,
  pinned: T | undefined,
  view: { page: number; search: string },
): T[] {
  if (!defaultBranch) return [...items];
  const rest = items.filter((branch) => branch.name !== defaultBranch);
  if (view.search) {
    const own = items.find((branch) => branch.name === defaultBranch);
    return own ? [own, ...rest] : rest;
  }
  return view.page === 1 && pinned ? [pinned, ...rest] : rest;
}
