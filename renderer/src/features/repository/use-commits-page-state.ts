import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { commitFiltersNarrow, repositoryQueries } from '../../api/repository/queries.js';
import type { CommitListFilters } from '../../api/repository/types.js';
import { commitRows } from './commit-list.js';
import { useRepository } from './repository-context.js';

/** While filtering, stop loading on our own after this many pages in a row without a match. */
const IDLE_PAGES_LIMIT = 10;

/** A text filter kept in the address (`?name=`), typed into a field and applied after a pause. */
function useAddressFilter(name: string): [string, string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = searchParams.get(name) ?? '';
  const [draft, setDraft] = useState(applied);
  const [debounced] = useDebouncedValue(draft, 300);
  const [lastApplied, setLastApplied] = useState(applied);
  // The address changed from outside (back button, a link): show it in the field.
  if (applied !== lastApplied) {
    setLastApplied(applied);
    if (applied !== draft.trim()) setDraft(applied);
  }
  useEffect(() => {
    if (debounced.trim() === applied) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced.trim()) next.set(name, debounced.trim());
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
    // Only the typed value drives the address; `applied` is read fresh above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [applied, draft, setDraft];
}

/**
 * State of the commits screen: the message/author/path filters kept in the address
 * (`?search=&author=&path=`, applied 300 ms after typing), the history of the current ref as an
 * infinite query (`GET …/repository/commits`, a page per load), the rows of the virtual list, and when
 * to load more (a narrow filter pauses after {@link IDLE_PAGES_LIMIT} pages in a row without a match,
 * until "Search further").
 */
export function useCommitsPageState() {
  const { profileId, projectId, ref, empty } = useRepository();
  const [search, searchDraft, setSearchDraft] = useAddressFilter('search');
  const [author, authorDraft, setAuthorDraft] = useAddressFilter('author');
  const [path, pathDraft, setPathDraft] = useAddressFilter('path');
  const filters: CommitListFilters = useMemo(() => ({ path, author, search }), [path, author, search]);
  const narrow = commitFiltersNarrow(filters);

  const commits = useInfiniteQuery({
    ...repositoryQueries.commitList(profileId, projectId, ref, filters),
    enabled: !empty,
  });
  const pages = commits.data?.pages;
  const all = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const read = useMemo(() => pages?.reduce((sum, page) => sum + page.read, 0) ?? 0, [pages]);
  // Pages read since the last one with a match: a rare search stops loading on its own after a while.
  const idlePages = useMemo(() => {
    let idle = 0;
    for (const page of pages ?? []) idle = page.items.length ? 0 : idle + 1;
    return idle;
  }, [pages]);
  const [extraIdleAllowance, setExtraIdleAllowance] = useState(0);
  const paused = narrow && idlePages >= IDLE_PAGES_LIMIT + extraIdleAllowance;
  const rows = useMemo(() => commitRows(all), [all]);

  const { hasNextPage, isFetchingNextPage, isError } = commits;
  const canLoadMore = Boolean(pages) && hasNextPage && !isFetchingNextPage && !isError && !paused;
  return {
    filterFields: {
      search: [searchDraft, setSearchDraft],
      author: [authorDraft, setAuthorDraft],
      path: [pathDraft, setPathDraft],
    } satisfies Record<keyof CommitListFilters, [string, (value: string) => void]>,
    filters,
    narrow,
    commits,
    all,
    read,
    paused,
    searchFurther: () => setExtraIdleAllowance((n) => n + IDLE_PAGES_LIMIT),
    rows,
    canLoadMore,
  };
}
