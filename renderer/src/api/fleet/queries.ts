import { queryOptions } from '@tanstack/react-query';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { readInstanceHealth } from './instance-health.js';
import { fleetKeys } from './keys.js';

/** How often the fleet overview reads each instance again while it is on screen, in ms. */
export const FLEET_REFRESH_MS = 5 * 60_000;

/** Query options of the fleet overview. */
export const fleetQueries = {
  /**
   * One instance's round of reads ({@link readInstanceHealth}: at most 5 requests), kept 1 minute and
   * read again every 5 minutes while the window is visible (never in the background). It never fails:
   * an unreachable instance is a result.
   */
  health: (profile: ProfileSummary) =>
    queryOptions({
      queryKey: fleetKeys.health(profile.id),
      queryFn: () => readInstanceHealth(profile),
      staleTime: 60_000,
      refetchInterval: FLEET_REFRESH_MS,
      refetchIntervalInBackground: false,
    }),
};
