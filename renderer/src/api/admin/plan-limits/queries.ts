import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../client.js';
import { planLimitKeys } from './keys.js';
import type { PlanLimits } from './types.js';

/** Query options for plan limits (administrator only; 404 for a plan the instance lacks). */
export const planLimitQueries = {
  /** `GET /application/plan_limits?plan_name=…`. */
  detail: (profileId: string, planName: string) =>
    queryOptions({
      queryKey: planLimitKeys.detail(profileId, planName),
      queryFn: () =>
        apiJson<PlanLimits>({
          method: 'GET',
          path: '/application/plan_limits',
          query: { plan_name: planName },
          profileId,
        }),
      staleTime: 60_000,
    }),
};
