import { describe, expect, it } from 'vitest';
import {
  checkWeight,
  countByState,
  filterStorageMoves,
  formatBytesTick,
  hasActiveMoves,
  isActiveMove,
  progressView,
  shardNames,
  STORAGE_MOVE_STATE_INFO,
  storageMoveStateInfo,
  weightedDestinations,
} from './storage-move-rules.js';
import { STORAGE_MOVE_STATES } from '../../../api/admin/storage-moves/types.js';

const move = (state: string, source = 'default', destination = 'second') => ({
  state: state as never,
  source_storage_name: source,
  destination_storage_name: destination,
});

describe('storage move states', () => {
  it('labels and colours every state, with distinct colours for the end states', () => {
    for (const state of STORAGE_MOVE_STATES) {
      expect(STORAGE_MOVE_STATE_INFO[state].label).not.toBe('');
      expect(STORAGE_MOVE_STATE_INFO[state].description).not.toBe('');
    }
    expect(storageMoveStateInfo('finished')).toMatchObject({ label: 'Finished', color: 'teal' });
    expect(storageMoveStateInfo('failed').color).toBe('red');
    expect(storageMoveStateInfo('cleanup failed')).toMatchObject({
      label: 'Cleanup failed',
      color: 'orange',
    });
    expect(storageMoveStateInfo('started').label).toBe('Copying');
  });

  it('shows an unknown state as itself, grey', () => {
    expect(storageMoveStateInfo('paused')).toMatchObject({ label: 'Paused', color: 'gray' });
    expect(storageMoveStateInfo('').label).toBe('Unknown');
  });

  it('counts a move as active until it reaches an end state', () => {
    expect(['initial', 'scheduled', 'started', 'replicated'].every((s) => isActiveMove(move(s)))).toBe(true);
    expect(['finished', 'failed', 'cleanup failed'].some((s) => isActiveMove(move(s)))).toBe(false);
    expect(hasActiveMoves([move('finished'), move('started')])).toBe(true);
    expect(hasActiveMoves([move('finished'), move('failed')])).toBe(false);
    expect(hasActiveMoves([])).toBe(false);
  });
});

describe('progressView', () => {
  it('floors the percentage and labels bytes with the shared formatter', () => {
    expect(progressView({ bytes_copied: 512 * 1024, bytes_total: 1024 * 1024 }, 'started')).toEqual({
      percent: 50,
      label: '512 KiB of 1 MiB',
    });
    expect(progressView({ bytes_copied: 999, bytes_total: 1000 }, 'started')?.percent).toBe(99);
  });

  it('clamps copied bytes beyond the total and negative numbers', () => {
    expect(progressView({ bytes_copied: 2048, bytes_total: 1024 }, 'started')).toEqual({
      percent: 100,
      label: '1 KiB of 1 KiB',
    });
    expect(progressView({ bytes_copied: -5, bytes_total: 1024 }, 'started')?.percent).toBe(0);
  });

  it('is full once the copy is done, whatever the last count said', () => {
    expect(progressView({ bytes_copied: 10, bytes_total: 100 }, 'finished')?.percent).toBe(100);
    expect(progressView({ bytes_copied: 0, bytes_total: 0 }, 'replicated')).toEqual({
      percent: 100,
      label: '0 B',
    });
  });

  it('has nothing to show without progress or before the total is known', () => {
    expect(progressView(null, 'started')).toBeNull();
    expect(progressView(undefined, 'scheduled')).toBeNull();
    expect(progressView({ bytes_copied: 0, bytes_total: 0 }, 'started')).toBeNull();
    expect(progressView({ bytes_copied: Number.NaN, bytes_total: 100 }, 'started')?.percent).toBe(0);
  });
});

describe('filterStorageMoves', () => {
  const moves = [
    move('finished', 'default', 'second'),
    move('started', 'second', 'third'),
    move('failed', 'third', 'default'),
    move('scheduled', 'default', 'third'),
  ];

  it('keeps everything without filters', () => {
    expect(filterStorageMoves(moves, { state: null, shard: null })).toHaveLength(4);
  });

  it('filters by state, by "active", and by a shard on either side', () => {
    expect(filterStorageMoves(moves, { state: 'failed', shard: null })).toEqual([moves[2]]);
    expect(filterStorageMoves(moves, { state: 'active', shard: null })).toEqual([moves[1], moves[3]]);
    expect(filterStorageMoves(moves, { state: null, shard: 'second' })).toEqual([moves[0], moves[1]]);
    expect(filterStorageMoves(moves, { state: 'active', shard: 'default' })).toEqual([moves[3]]);
  });

  it('counts moves per state', () => {
    expect(countByState(moves).get('finished')).toBe(1);
    expect(countByState([...moves, move('finished')]).get('finished')).toBe(2);
  });
});

describe('shards', () => {
  it('lists configured shards, then any other named one, default first', () => {
    expect(shardNames({ zeta: 10, default: 100 }, ['alpha', 'zeta'], [''])).toEqual([
      'default',
      'alpha',
      'zeta',
    ]);
    expect(shardNames(undefined)).toEqual([]);
  });

  it('spreads an automatic destination by weight among the other shards', () => {
    expect(weightedDestinations({ default: 100, second: 75, third: 25, off: 0 }, 'default')).toEqual([
      { name: 'second', percent: 75 },
      { name: 'third', percent: 25 },
    ]);
    expect(weightedDestinations({ default: 100, second: 0 }, 'default')).toEqual([]);
  });

  it('accepts whole weights from 0 to 100', () => {
    expect(checkWeight(0)).toBeNull();
    expect(checkWeight(100)).toBeNull();
    expect(checkWeight('')).toBe('Enter a weight.');
    expect(checkWeight(2.5)).toBe('Use a whole number.');
    expect(checkWeight(101)).toBe('Use a weight from 0 to 100.');
    expect(checkWeight(-1)).toBe('Use a weight from 0 to 100.');
  });
});

describe('formatBytesTick', () => {
  it('keeps axis labels to three significant digits', () => {
    expect(formatBytesTick(600_000)).toBe('586 KiB');
    expect(formatBytesTick(1_198_000)).toBe('1.14 MiB');
    expect(formatBytesTick(15 * 1024 * 1024)).toBe('15 MiB');
    expect(formatBytesTick(12.5 * 1024)).toBe('12.5 KiB');
    expect(formatBytesTick(0)).toBe('0 B');
    expect(formatBytesTick(512)).toBe('512 B');
  });
});
