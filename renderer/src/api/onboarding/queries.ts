import { queryOptions } from '@tanstack/react-query';
import type { DemoStatus } from '../../../../shared/ipc-contract.js';
import { getBridge } from '../bridge.js';
import { demoKeys, onboardingKeys } from './keys.js';

/** How often a running demo build is polled, in milliseconds. */
export const DEMO_POLL_MS = 500;

/** True while a demo build runs (its status is worth polling). */
export function isDemoRunning(status: DemoStatus | undefined): boolean {
  return status?.state === 'running';
}

/** Query options for the first-run state and the demo build (both answered by the host). */
export const onboardingQueries = {
  /** `onboarding:status` (issue 11, "first run"); changes only through `onboarding:finish`. */
  status: () =>
    queryOptions({
      queryKey: onboardingKeys.status(),
      queryFn: () => getBridge().onboarding.status(),
      staleTime: Infinity,
    }),
};

/** Query options for `demo:status`, polled every {@link DEMO_POLL_MS} ms while the build runs. */
export const demoQueries = {
  status: () =>
    queryOptions({
      queryKey: demoKeys.status(),
      queryFn: () => getBridge().demo.status(),
      staleTime: 0,
      refetchInterval: (query) => (isDemoRunning(query.state.data) ? DEMO_POLL_MS : false),
    }),
};
