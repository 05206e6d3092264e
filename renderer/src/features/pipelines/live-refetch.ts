import { useRef } from 'react';
import { useLiveEvents } from '../../api/live-updates-store.js';
import { idleBackoff, nextPollDelay } from '../../api/pipelines/poll-interval.js';
import { isActiveStatus } from './pipeline-status.js';

/**
 * `refetchInterval` for a query whose data has a CI `status` (pipeline, job) or is a list page: none
 * when the host's change events keep the profile fresh, else the instance's `Poll-Interval` while
 * something is active (GitLab's polling contract), backed off while the data stays the same
 * (`idleBackoff`: doubled each idle minute, up to 1 min; the query cache keeps the same object when a
 * poll brings nothing new). The QueryClient adds the app-wide rule (no poll after 404/403, none in a
 * hidden window; app/query-client.ts).
 */
export function useLiveRefetch<T extends object>(
  profileId: string,
  isActive: (data: T) => boolean = (data) =>
    'status' in data && typeof data.status === 'string' && isActiveStatus(data.status),
): (query: { state: { data: T | undefined } }) => number | false {
  const live = useLiveEvents(profileId);
  const unchanged = useRef<{ data: T | undefined; since: number }>({ data: undefined, since: 0 });
  return (query) => {
    if (live) return false;
    const data = query.state.data;
    const delay = nextPollDelay(data, data ? isActive(data) : false);
    if (delay === false) return false;
    if (unchanged.current.data !== data) unchanged.current = { data, since: Date.now() };
    return idleBackoff(delay, Date.now() - unchanged.current.since);
  };
}
