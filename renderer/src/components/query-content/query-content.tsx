import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../query-error-alert.js';

/** Props of {@link QueryContent}. */
export interface QueryContentProps<T> {
  /** A TanStack query (`useQuery`'s result). */
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error' | 'refetch' | 'isFetching'>;
  /** Title of the red alert when the query failed ("Couldn’t load the jobs"). */
  errorTitle: string;
  /** Height of the skeleton shown until data arrives, px. */
  skeletonHeight: number;
  /** Shown instead of `children` when `isEmpty(data)` (an EmptyState, a dimmed line). */
  empty?: ReactNode;
  /** Whether the data counts as empty (default: an array with no items). */
  isEmpty?: (data: T) => boolean;
  /** Margin of the error alert and the skeleton (inside a card: "md"). */
  m?: string;
  /** Shown while loading instead of the skeleton bar (rows of skeletons, say). */
  loading?: ReactNode;
  /** What to show once the data is there. */
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The four states of a loaded section in one place: a failed load (the reason and Retry), a
 * skeleton while loading, an empty state, and the content. A failed refetch over data already
 * shown still shows the error, as the screens did by hand.
 */
export function QueryContent<T>({
  query,
  errorTitle,
  skeletonHeight,
  empty,
  isEmpty = emptyArray,
  m,
  loading,
  children,
}: QueryContentProps<T>) {
  if (query.isError) {
    return (
      <QueryErrorAlert
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        m={m}
      />
    );
  }
  if (query.data === undefined) return <>{loading ?? <Skeleton height={skeletonHeight} m={m} />}</>;
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
