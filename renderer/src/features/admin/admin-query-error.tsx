import { ApiError } from '../../api/api-error.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { AdminAccessRequired } from './admin-access-required.js';

/** Props of {@link AdminQueryError}. */
export interface AdminQueryErrorProps {
  /** What failed to load, e.g. "clusters". */
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A failed Admin query: a 403 means the token is not an administrator's after all (a remote token
 * without admin rights), so it shows {@link AdminAccessRequired}; anything else an alert with retry.
 */
export function AdminQueryError({ what, error, onRetry, retrying }: AdminQueryErrorProps) {
  const profile = useActiveProfile();
  if (error instanceof ApiError && error.status === 403) {
    return <AdminAccessRequired instanceName={profile.name} />;
  }
  return (
    <QueryErrorAlert title={`Couldn’t load ${what}`} error={error} onRetry={onRetry} retrying={retrying} />
  );
}

/** The query an {@link AdminLoadError} reports on (a TanStack Query result). */
export interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** {@link AdminQueryError} for a query: its error, and a retry that refetches it. */
export function AdminLoadError({ what, query }: { what: string; query: FailedQuery }) {
  return (
    <AdminQueryError
      what={what}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
