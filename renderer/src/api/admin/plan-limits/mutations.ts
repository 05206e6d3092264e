import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../client.js';
import { planLimitKeys } from './keys.js';
import type { PlanLimits, UpdatePlanLimitsInput } from './types.js';

/**
 * `PUT /application/plan_limits` with the plan and the changed limits (bytes). The instance answers
 * with the plan's limits after the change, which replace the cached ones. Rejects with an ApiError on
 * 400 (wrong types, negative values) and 404 (unknown plan).
 */
export function useUpdatePlanLimits(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePlanLimitsInput) =>
      apiSend<PlanLimits>(profileId, 'PUT', '/application/plan_limits', input),
    onSuccess: (limits, input) => {
      queryClient.setQueryData(planLimitKeys.detail(profileId, input.plan_name), limits);
    },
  });
}
