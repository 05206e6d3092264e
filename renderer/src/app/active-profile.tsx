import { createContext, useContext, type ReactNode } from 'react';
import type { ProfileSummary } from '../../../shared/ipc-contract.js';

const ActiveProfileContext = createContext<ProfileSummary | null>(null);

/** Makes the active connection profile available to every screen below the layout. */
export function ActiveProfileProvider({
  profile,
  children,
}: {
  profile: ProfileSummary;
  children: ReactNode;
}) {
  return <ActiveProfileContext.Provider value={profile}>{children}</ActiveProfileContext.Provider>;
}

/**
 * The active connection profile. Screens use its `id` in every query key. Throws when rendered
 * outside the layout (which renders screens only once a profile is active).
 */
export function useActiveProfile(): ProfileSummary {
  const profile = useContext(ActiveProfileContext);
  if (!profile)
    throw new Error('useActiveProfile() needs an ActiveProfileProvider (the app layout provides one).');
  return profile;
}
