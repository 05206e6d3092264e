import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../../shared/api-types/users.js';
import { apiJson } from '../client.js';
import { userKeys } from './keys.js';

/** Query options for users of one instance. */
export const userQueries = {
  /** `GET /user`: who the profile's token acts as. */
  current: (profileId: string) =>
    queryOptions({
      queryKey: userKeys.current(profileId),
      queryFn: () => apiJson<User>({ method: 'GET', path: '/user', profileId }),
      staleTime: 5 * 60_000,
    }),
};
