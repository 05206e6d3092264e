import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../client.js';
import { planLimitKeys } from './keys.js';
import type { PlanLimits } from './types.js';

/** Query options for plan limits (administrator only; 404 for a plan the instance lacks). */
export const planLimitQueries = {
  /** `GET /application/plan_limits?plan_name=…`. */
  detail: (profileId: string, planName: string) =>
    queryOptions({
      queryKey: planLimitKeys.detail(profileId, planName),
      queryFn: () => apiGet<PlanLimits>(profileId, '/application/plan_limits', { plan_name: planName }),
      staleTime: 60_000,
    }),
};
