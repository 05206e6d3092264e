import { ApiError } from '../../api/api-error.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { AdminModeRequired, adminModeExplains403 } from '../../components/admin-mode-required.js';
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
 * without admin rights), so it shows {@link AdminAccessRequired} — unless the instance's capabilities say
 * the user is an administrator whose token lacks `admin_mode` (GitLab 15.8+ Admin Mode; issue 26): then
 * {@link AdminModeRequired} explains the missing scope and how to add it. Anything else: an alert with retry.
 */
export function AdminQueryError({ what, error, onRetry, retrying }: AdminQueryErrorProps) {
  const profile = useActiveProfile();
  const { capabilities } = useInstanceCapabilities();
  if (error instanceof ApiError && error.status === 403) {
    if (capabilities && adminModeExplains403(capabilities))
      return <AdminModeRequired instanceName={profile.name} capabilities={capabilities} />;
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
