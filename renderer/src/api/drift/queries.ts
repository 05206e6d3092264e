import { queryOptions } from '@tanstack/react-query';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { driftKeys } from './keys.js';
import { readConfigSnapshot } from './snapshot.js';

/** How long a configuration snapshot stays fresh, in ms (drift changes slowly; a copy invalidates it). */
export const DRIFT_STALE_MS = 5 * 60_000;

/** Query options of configuration drift. */
export const driftQueries = {
  /**
   * One instance's configuration ({@link readConfigSnapshot}: settings, CI/CD variables, plan limits;
   * nothing when its capabilities rule it out). Never fails: an instance that can't be compared is a
   * result.
   */
  snapshot: (profile: ProfileSummary) =>
    queryOptions({
      queryKey: driftKeys.snapshot(profile.id),
      queryFn: () => readConfigSnapshot(profile),
      staleTime: DRIFT_STALE_MS,
      refetchOnWindowFocus: false,
    }),
};
