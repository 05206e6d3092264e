import { profileKeys } from '../profiles/keys.js';
import { todoKeys } from '../todos/keys.js';

/**
 * Query keys of the Inbox, per instance. The pending to-dos live under the To-do screen's
 * `todoKeys.all(profile)`, so its mutations (Mark as done there, "Add a to-do" on an MR) refresh the
 * Inbox too, and the Inbox's refresh the To-do screen.
 */
export const inboxKeys = {
  todos: (profileId: string) => [...todoKeys.all(profileId), 'inbox-pending'] as const,
  mergeRequests: (profileId: string) => [...profileKeys.scope(profileId), 'inbox', 'merge-requests'] as const,
  review: (profileId: string, username: string) =>
    [...inboxKeys.mergeRequests(profileId), 'review', username] as const,
  assigned: (profileId: string) => [...inboxKeys.mergeRequests(profileId), 'assigned'] as const,
  /** The token's username where the capabilities don't carry it (the embedded core): read once. */
  username: (profileId: string) => [...profileKeys.scope(profileId), 'inbox', 'username'] as const,
};
