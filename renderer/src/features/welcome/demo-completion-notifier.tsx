import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { asSentence } from '../../lib/as-sentence.js';
import { demoQueries } from '../../api/onboarding/queries.js';

/**
 * Follows a demo data build the administrator left running ("Continue in the background"): keeps
 * polling `demo:status` while it runs and raises one notification when it ends, "Demo data is ready"
 * or "Demo data could not be built" with the host's sentence. Renders nothing.
 */
export function DemoCompletionNotifier() {
  const status = useQuery(demoQueries.status());
  const seenRunning = useRef(false);
  const state = status.data?.state;

  useEffect(() => {
    if (state === 'running') {
      seenRunning.current = true;
      return;
    }
    if (!seenRunning.current || !status.data) return;
    seenRunning.current = false;
    if (state === 'done') {
      notifications.show({
        id: 'demo-data',
        color: 'teal',
        title: 'Demo data is ready',
        message: status.data.project
          ? `${status.data.project.pathWithNamespace} and everything around it are ready to explore.`
          : 'The embedded instance is ready to explore.',
        autoClose: 8000,
      });
    } else if (state === 'failed') {
      notifications.show({
        id: 'demo-data',
        color: 'red',
        title: 'Demo data could not be built',
        message: asSentence(status.data.error) || 'The build stopped.',
        autoClose: false,
      });
    }
  }, [state, status.data]);

  return null;
}
