/**
 * Keys for connection profiles. The profile list comes from the host and is not tied to an instance;
 * everything fetched from an instance lives under {@link profileKeys.scope}, `['profile', profileId]`,
 * so switching or removing a profile can drop that instance's whole subtree.
 */
export const profileKeys = {
  /** The host's profile list (not instance data). */
  list: () => ['profiles'] as const,
  /** Root of every key holding data of one instance. */
  scope: (profileId: string) => ['profile', profileId] as const,
};

/** Keys for facts about the running app (version, shell). */
export const appKeys = {
  info: () => ['app', 'info'] as const,
};
