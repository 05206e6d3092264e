import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent, EventsPollResult } from '../../../../shared/ipc-contract.js';
import { createFakeBridge, jsonResponse } from '../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { pipelineKeys } from './keys.js';
import { CHANGE_FEED_POLL_WAIT_MS, useChangeFeed } from './use-change-feed.js';

const finished: ChangeEvent = {
  seq: 2,
  type: 'pipeline',
  profileId: 'embedded',
  projectId: 5,
  pipelineId: 9,
  status: 'success',
  at: '2026-11-25T03:00:00.000Z',
};

function Feed({ onEvents }: { onEvents: (events: readonly ChangeEvent[]) => void }) {
  useChangeFeed(onEvents);
  return null;
}

describe('useChangeFeed', () => {
  it('long-polls events:poll, invalidates what each event touches and hands the batch on', async () => {
    const answers: EventsPollResult[] = [
      { seq: 1, events: [], reset: false, live: true },
      { seq: 2, events: [finished], reset: false, live: true },
    ];
    const polls: [number, number][] = [];
    const fake = createFakeBridge(() => jsonResponse([]));
    const bridge = {
      ...fake.bridge,
      events: {
        ...fake.bridge.events,
        poll: (since: number, timeoutMs: number) => {
          polls.push([since, timeoutMs]);
          const next = answers.shift();
          // After the scripted answers the feed waits, as the host does when nothing happens.
          return next ? Promise.resolve(next) : new Promise<EventsPollResult>(() => undefined);
        },
      },
    };
    const batches: (readonly ChangeEvent[])[] = [];
    const { queryClient, unmount } = renderWithProviders(<Feed onEvents={(e) => batches.push(e)} />, {
      bridge,
    });
    queryClient.setQueryData(pipelineKeys.lists('embedded', 5), ['cached']);

    await waitFor(() => expect(batches).toEqual([[finished]]));
    expect(polls).toEqual([
      [-1, 0],
      [1, CHANGE_FEED_POLL_WAIT_MS],
      [2, CHANGE_FEED_POLL_WAIT_MS],
    ]);
    expect(queryClient.getQueryState(pipelineKeys.lists('embedded', 5))?.isInvalidated).toBe(true);
    unmount();
  });

  it('stops when the host has no live feed', async () => {
    const fake = createFakeBridge(() => jsonResponse([]));
    let calls = 0;
    const bridge = {
      ...fake.bridge,
      events: {
        ...fake.bridge.events,
        poll: async () => {
          calls += 1;
          return { seq: 0, events: [], reset: false, live: false };
        },
      },
    };
    const batches: (readonly ChangeEvent[])[] = [];
    renderWithProviders(<Feed onEvents={(e) => batches.push(e)} />, { bridge });
    await waitFor(() => expect(calls).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1);
    expect(batches).toEqual([]);
  });
});
