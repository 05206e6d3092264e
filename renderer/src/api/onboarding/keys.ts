/**
 * Keys for the welcome screen's host state. Neither belongs to an instance (they are facts of this app's
 * host, like the profile list), so they do not live under `['profile', id]`.
 */
export const onboardingKeys = {
  all: () => ['onboarding'] as const,
  /** `onboarding:status`: first run or not, the choice, the default demo repository. */
  status: () => [...onboardingKeys.all(), 'status'] as const,
};

/** Keys for the demo data build of the embedded instance (`demo:*`). */
export const demoKeys = {
  all: () => ['demo'] as const,
  /** `demo:status`: the current or last build's progress. */
  status: () => [...demoKeys.all(), 'status'] as const,
};
