import { Center, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { DemoStatus } from '../../../shared/ipc-contract.js';
import { useLocation, useNavigate } from 'react-router';
import { profileQueries } from '../api/profiles/queries.js';
import { DemoCompletionNotifier } from '../features/welcome/demo-completion-notifier.js';
import { useFirstScreenMark } from './first-screen-mark.js';
import { demoKeys } from '../api/onboarding/keys.js';
import { WelcomePage } from '../features/welcome/welcome-page.js';
import { isDemoRunning, onboardingQueries } from '../api/onboarding/queries.js';

/**
 * Shows the welcome screen instead of the app on the first run (`onboarding:status` says `firstRun`),
 * and the app (`children`) otherwise. Once shown, the welcome screen stays until the administrator
 * leaves it (recording the choice flips `firstRun` before the next steps are done). When the host
 * cannot say, the app opens: the welcome screen is a convenience, never a wall.
 */
export function FirstRunGate({ children }: { children: ReactNode }) {
  const status = useQuery(onboardingQueries.status());
  const queryClient = useQueryClient();
  // Ask for the profile list at the same time, so the shell does not wait for two round trips in a row.
  const [prefetched] = useState(() => queryClient.prefetchQuery(profileQueries.list()));
  void prefetched;
  const navigate = useNavigate();
  const location = useLocation();
  const [welcome, setWelcome] = useState<'unknown' | 'show' | 'leaving' | 'done'>('unknown');
  const [target, setTarget] = useState<string | null>(null);
  // A demo build left running on the welcome screen is followed in the app, to notify when it ends.
  const [followDemo, setFollowDemo] = useState(false);

  if (welcome === 'unknown') {
    if (status.data) setWelcome(status.data.firstRun ? 'show' : 'done');
    else if (status.isError) setWelcome('done');
  }
  // The app opens only once the router is at the chosen screen: rendered any earlier, the shell would
  // see the old location (`/`) and its index redirect would win over the chosen screen.
  if (welcome === 'leaving' && location.pathname === target) setWelcome('done');
  // The first screen (welcome or the first route) is timed from here on; see bench/first-paint.ts.
  useFirstScreenMark(welcome !== 'unknown');

  if (welcome === 'show' || welcome === 'leaving') {
    return (
      <WelcomePage
        onLeave={(to) => {
          setTarget(to);
          setWelcome('leaving');
          setFollowDemo(isDemoRunning(queryClient.getQueryData<DemoStatus>(demoKeys.status())));
          void navigate(to, { replace: true });
        }}
      />
    );
  }
  if (welcome === 'done') {
    return (
      <>
        {children}
        {followDemo ? <DemoCompletionNotifier /> : null}
      </>
    );
  }
  return (
    <Center h="100vh">
      <Loader type="dots" aria-label="Starting Outpost" />
    </Center>
  );
}
