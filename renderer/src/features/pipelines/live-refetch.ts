import { useLiveEvents } from '../../api/live-updates-store.js';
import { nextPollDelay } from '../../api/pipelines/poll-interval.js';
import { isActiveStatus } from './pipeline-status.js';

/**
 * `refetchInterval` for a query whose data has a CI `status` (pipeline, job) or is a list page: none
 * when the host's change events keep the profile fresh, else the instance's `Poll-Interval` while
 * something is active (GitLab's polling contract).
 */
export function useLiveRefetch<T extends object>(
  profileId: string,
  isActive: (data: T) => boolean = (data) =>
    'status' in data && typeof data.status === 'string' && isActiveStatus(data.status),
): (query: { state: { data: T | undefined } }) => number | false {
  const live = useLiveEvents(profileId);
  return (query) => {
    if (live) return false;
    const data = query.state.data;
    return nextPollDelay(data, data ? isActive(data) : false);
  };
}
