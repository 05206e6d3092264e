import { describe, expect, it } from 'vitest';
import type { CoreEventMap, CoreEvents } from '../../core/core-contract.js';
import { createChangeFeed } from './change-feed.js';

/** A CoreEvents stand-in the test publishes on. */
function fakeEvents() {
  const listeners: { [K in keyof CoreEventMap]: Set<(e: CoreEventMap[K]) => void> } = {
    pipeline: new Set(),
    job: new Set(),
  };
  const events: CoreEvents = {
    on(type, listener) {
      (listeners[type] as Set<typeof listener>).add(listener);
      return () => (listeners[type] as Set<typeof listener>).delete(listener);
    },
    off(type, listener) {
      (listeners[type] as Set<typeof listener>).delete(listener);
    },
  };
  return {
    events,
    listeners,
    emit<K extends keyof CoreEventMap>(type: K, event: CoreEventMap[K] & { token?: string }) {
      for (const l of listeners[type]) (l as (e: CoreEventMap[K]) => void)(event);
    },
  };
}

const at = new Date('2026-01-02T03:04:05.000Z');

describe('createChangeFeed', () => {
  it('answers buffered events at once and copies only ids and statuses', async () => {
    const core = fakeEvents();
    const feed = createChangeFeed({ events: core.events, profileId: 'embedded', now: () => at });
    expect(await feed.poll(-1, 1000)).toEqual({ seq: 0, events: [], reset: false, live: true });
    core.emit('pipeline', { projectId: 1, pipelineId: 7, status: 'pending', token: 'glpat-secret' });
    core.emit('job', { projectId: 1, pipelineId: 7, jobId: 9, status: 'running' });
    const result = await feed.poll(0, 1000);
    expect(result).toEqual({
      seq: 2,
      reset: false,
      live: true,
      events: [
        {
          seq: 1,
          type: 'pipeline',
          profileId: 'embedded',
          projectId: 1,
          pipelineId: 7,
          status: 'pending',
          at: at.toISOString(),
        },
        {
          seq: 2,
          type: 'job',
          profileId: 'embedded',
          projectId: 1,
          pipelineId: 7,
          jobId: 9,
          status: 'running',
          at: at.toISOString(),
        },
      ],
    });
    expect(JSON.stringify(result)).not.toContain('glpat-secret');
    expect((await feed.poll(1, 0)).events.map((e) => e.seq)).toEqual([2]);
    feed.close();
  });

  it('waits for the next event (long poll) or times out with none', async () => {
    const core = fakeEvents();
    const feed = createChangeFeed({ events: core.events, profileId: 'embedded' });
    const started = Date.now();
    expect(await feed.poll(0, 50)).toMatchObject({ seq: 0, events: [], reset: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    const waiting = feed.poll(0, 5000);
    setTimeout(() => core.emit('job', { projectId: 2, pipelineId: 3, jobId: 4, status: 'success' }), 10);
    const result = await waiting;
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({ jobId: 4, status: 'success' });
    feed.close();
  });

  it('says reset when events were dropped or the seq is from another host run', async () => {
    const core = fakeEvents();
    const feed = createChangeFeed({ events: core.events, profileId: 'embedded', capacity: 2 });
    for (let i = 1; i <= 4; i += 1) core.emit('pipeline', { projectId: 1, pipelineId: i, status: 'running' });
    expect(await feed.poll(0, 0)).toMatchObject({ seq: 4, reset: true });
    expect((await feed.poll(2, 0)).events.map((e) => e.seq)).toEqual([3, 4]);
    expect(await feed.poll(2, 0)).toMatchObject({ reset: false });
    expect(await feed.poll(99, 1000)).toMatchObject({ seq: 4, events: [], reset: true });
    feed.close();
  });

  it('close answers waiting polls and unsubscribes; without a core polls are not live', async () => {
    const core = fakeEvents();
    const feed = createChangeFeed({ events: core.events, profileId: 'embedded' });
    const waiting = feed.poll(0, 10_000);
    feed.close();
    expect(await waiting).toMatchObject({ seq: 0, events: [] });
    expect(core.listeners.pipeline.size + core.listeners.job.size).toBe(0);

    const none = createChangeFeed({ events: undefined, profileId: 'embedded' });
    expect(await none.poll(0, 10_000)).toEqual({ seq: 0, events: [], reset: false, live: false });
  });
});
