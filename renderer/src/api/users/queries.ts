import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../../shared/api-types/users.js';
import { apiGet } from '../client.js';
import { userKeys } from './keys.js';

/** Query options for users of one instance. */
export const userQueries = {
  /** `GET /user`: who the profile's token acts as. */
  current: (profileId: string) =>
    queryOptions({
      queryKey: userKeys.current(profileId),
      queryFn: () => apiGet<User>(profileId, '/user'),
      staleTime: 5 * 60_000,
    }),
};
