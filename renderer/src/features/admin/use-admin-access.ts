import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/api-types/users.js';
import { profileQueries } from '../../api/profiles/queries.js';
import { userQueries } from '../../api/users/queries.js';

/** Whether the token of a profile may use the Admin area. */
export type AdminAccessStatus = 'checking' | 'admin' | 'denied' | 'error';

/** Result of {@link useAdminAccess}. */
export interface AdminAccess {
  status: AdminAccessStatus;
  /** The user the token acts as, once known. */
  user: User | null;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}

/**
 * Who the profile's token acts as (`GET /user`, shared with the header's user menu) and whether that
 * user is an administrator (`is_admin`; GitLab leaves the field out for everyone else). `null`
 * profile: no instance is active, so there is no access to check.
 */
export function useAdminAccess(profileId: string | null): AdminAccess {
  const query = useQuery({ ...userQueries.current(profileId ?? ''), enabled: profileId !== null });
  let status: AdminAccessStatus;
  if (profileId === null || query.isPending) status = 'checking';
  else if (query.isError) status = 'error';
  else status = query.data.is_admin === true ? 'admin' : 'denied';
  return {
    status,
    user: query.data ?? null,
    error: query.error,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}

/**
 * True when the active instance's token belongs to an administrator, for chrome outside the screens
 * (navbar, command palette), which sits outside the active-profile provider. False while unknown.
 */
export function useActiveInstanceIsAdmin(): boolean {
  const { data: profiles } = useQuery(profileQueries.list());
  const active = profiles?.find((profile) => profile.active) ?? null;
  return useAdminAccess(active?.id ?? null).status === 'admin';
}
