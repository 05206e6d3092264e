import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../client.js';
import { instanceSettingKeys } from './keys.js';
import type { ApplicationSettings } from './types.js';

/** Query options for the instance settings (administrators only; 403 for anyone else). */
export const instanceSettingQueries = {
  /** `GET /application/settings` (doc/api/settings.md). */
  detail: (profileId: string) =>
    queryOptions({
      queryKey: instanceSettingKeys.detail(profileId),
      queryFn: () => apiGet<ApplicationSettings>(profileId, '/application/settings'),
      staleTime: 30_000,
    }),
};
