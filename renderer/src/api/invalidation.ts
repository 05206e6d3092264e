import { MutationCache, type Mutation, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * What a mutation refreshes once it has succeeded: query-key prefixes (each one invalidates its whole
 * subtree, as `invalidateQueries({ queryKey })` does), or a function of the mutation's result and
 * variables that returns them. Declare the function's parameter types: `(job: Job, { jobId }: Input) => …`.
 */
export type Invalidates = readonly QueryKey[] | ((data: never, variables: never) => readonly QueryKey[]);

/** The `meta` every mutation of the app may carry (typed through TanStack Query's `Register`). */
export interface AppMutationMeta extends Record<string, unknown> {
  /** Keys to invalidate after success; see {@link Invalidates}. */
  invalidates?: Invalidates;
  /**
   * Invalidate the listed keys after a failure too (an optimistic update rolled back, a half-done
   * write). Only a list of keys applies then: a function needs the result.
   */
  invalidatesOnError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: AppMutationMeta;
  }
}

/** The keys `meta` names for a mutation that ended with `data` (or failed, when `failed`). */
export function declaredInvalidations(
  meta: AppMutationMeta | undefined,
  data: unknown,
  variables: unknown,
  failed: boolean,
): readonly QueryKey[] {
  const invalidates = meta?.invalidates;
  if (!invalidates) return [];
  if (failed && !meta.invalidatesOnError) return [];
  if (typeof invalidates === 'function') {
    if (failed) return [];
    return (invalidates as (data: unknown, variables: unknown) => readonly QueryKey[])(data, variables);
  }
  return invalidates as readonly QueryKey[];
}

/**
 * A MutationCache that invalidates what each mutation declares in `meta.invalidates`. It runs as the
 * cache's `onSettled`, i.e. after the mutation's own `onSuccess`/`onError` (so a hook can store the
 * answer with `setQueryData` or drop a detail with `removeQueries` first) and before `mutateAsync`
 * resolves: the invalidations are awaited, so a submit button stays busy until active queries are
 * fresh. `getClient` returns the QueryClient the cache belongs to (created after the cache).
 */
export function createInvalidatingMutationCache(getClient: () => QueryClient): MutationCache {
  return new MutationCache({
    onSettled: async (data, error, variables, _context, mutation: Mutation<unknown, unknown, unknown>) => {
      const keys = declaredInvalidations(mutation.meta, data, variables, error !== null);
      if (keys.length === 0) return;
      const client = getClient();
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
