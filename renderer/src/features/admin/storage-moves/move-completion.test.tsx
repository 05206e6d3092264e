import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  ProjectRepositoryStorageMove,
  StorageMoveState,
} from '../../../api/admin/storage-moves/types.js';
import { createFakeBridge, jsonResponse } from '../../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { endedMoves } from './move-completion.js';
import { MoveCompletionNotifier } from './move-completion-notifier.js';
import { useMovesScheduled } from './move-completion-store.js';

const SINCE = Date.parse('2026-11-22T12:00:00Z');

function move(
  id: number,
  state: StorageMoveState,
  createdAt = '2026-11-22T12:00:01Z',
): ProjectRepositoryStorageMove {
  return {
    id,
    created_at: createdAt,
    state,
    source_storage_name: 'default',
    destination_storage_name: 'storage-b',
    error_message: state === 'failed' ? 'disk full' : null,
    project: {
      id: 10 + id,
      description: null,
      name: `app-${id}`,
      name_with_namespace: `Platform / app-${id}`,
      path: `app-${id}`,
      path_with_namespace: `platform/app-${id}`,
      created_at: '2026-11-01T00:00:00Z',
    },
  };
}

const fresh = () => ({ running: new Set<number>(), notified: new Set<number>(), sinceMs: SINCE });

describe('endedMoves', () => {
  it('announces a followed move once when it finishes or fails', () => {
    const first = endedMoves(fresh(), [move(1, 'started'), move(2, 'scheduled')]);
    expect(first.notices).toEqual([]);
    expect([...first.next.running]).toEqual([1, 2]);

    const second = endedMoves(first.next, [move(1, 'finished'), move(2, 'failed')]);
    expect(second.notices).toEqual([
      {
        moveId: 1,
        color: 'teal',
        title: 'Storage move finished',
        message: 'Platform / app-1 now lives on storage-b and accepts pushes again.',
      },
      {
        moveId: 2,
        color: 'red',
        title: 'Storage move failed',
        message: 'Platform / app-2 (default → storage-b): disk full',
      },
    ]);
    expect(second.next.running.size).toBe(0);
    expect(endedMoves(second.next, [move(1, 'finished'), move(2, 'failed')]).notices).toEqual([]);
  });

  it('announces a move created after scheduling that ended before the first look, not older ones', () => {
    const result = endedMoves(fresh(), [move(3, 'finished'), move(4, 'finished', '2026-11-22T11:00:00Z')]);
    expect(result.notices.map((notice) => notice.moveId)).toEqual([3]);
  });
});

function ScheduleButton() {
  const movesScheduled = useMovesScheduled();
  return <button onClick={() => movesScheduled('embedded')}>Schedule</button>;
}

describe('MoveCompletionNotifier', () => {
  it('polls only while moves are followed and notifies when one finishes', async () => {
    let calls = 0;
    const fake = createFakeBridge((req) => {
      if (req.path !== '/project_repository_storage_moves') return undefined;
      calls += 1;
      const state = calls < 2 ? 'started' : 'finished';
      return jsonResponse([move(7, state, new Date().toISOString())], 200, { 'x-total': '1', 'x-page': '1' });
    });
    renderWithProviders(
      <>
        <MoveCompletionNotifier profileId="embedded" />
        <ScheduleButton />
      </>,
      { bridge: fake.bridge },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Storage move finished', {}, { timeout: 6_000 })).toBeTruthy();
    expect(
      screen.getByText('Platform / app-7 now lives on storage-b and accepts pushes again.'),
    ).toBeTruthy();
    const polls = calls;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls).toBe(polls);
  });
});
