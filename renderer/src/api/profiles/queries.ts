import { queryOptions } from '@tanstack/react-query';
import { getBridge } from '../bridge.js';
import { appKeys, profileKeys } from './keys.js';

/** Query options for connection profiles and app facts (both come from the host, not an instance). */
export const profileQueries = {
  /** Every profile the host knows; exactly one has `active: true`. */
  list: () =>
    queryOptions({
      queryKey: profileKeys.list(),
      queryFn: () => getBridge().profiles.list(),
      staleTime: 60_000,
    }),
  /** Version, shell (electron or browser host) and data directory of this app. */
  appInfo: () =>
    queryOptions({
      queryKey: appKeys.info(),
      queryFn: () => getBridge().app.info(),
      staleTime: Infinity,
    }),
};
