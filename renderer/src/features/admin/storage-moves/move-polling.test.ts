import { describe, expect, it } from 'vitest';
import type { ProjectRepositoryStorageMove } from '../../../api/admin/storage-moves/types.js';
import { MOVE_POLL_MAX_MS, mergeNewestMoves, movePollDelay } from './move-polling.js';

const move = (id: number, state: string) => ({ id, state }) as unknown as ProjectRepositoryStorageMove;

describe('movePollDelay', () => {
  it('waits 1 s after a change and doubles with each unchanged poll, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 100].map(movePollDelay)).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      30000,
      30000,
      MOVE_POLL_MAX_MS,
    ]);
  });
});

describe('mergeNewestMoves', () => {
  it('lays the newest page over the recent moves and puts moves scheduled since first', () => {
    const recent = [move(2, 'started'), move(1, 'finished')];
    expect(mergeNewestMoves(recent, [move(3, 'scheduled'), move(2, 'finished')])).toEqual([
      move(3, 'scheduled'),
      move(2, 'finished'),
      move(1, 'finished'),
    ]);
    expect(mergeNewestMoves(recent, undefined)).toEqual(recent);
  });
});
