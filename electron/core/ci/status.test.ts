import { describe, expect, it } from 'vitest';
import { compositeStatus, hasWarnings, nextStatusOfCreatedJob, processJobs } from './status.js';
import type { CiStatus, ProcessItem } from './status.js';

const s = (status: CiStatus, allowFailure = false) => ({ status, allowFailure });

describe('compositeStatus', () => {
  it('follows GitLab Composite', () => {
    expect(compositeStatus([])).toBeNull();
    expect(compositeStatus([s('success'), s('skipped')])).toBe('success');
    expect(compositeStatus([s('success'), s('failed', true)])).toBe('success');
    expect(compositeStatus([s('success'), s('failed')])).toBe('failed');
    expect(compositeStatus([s('skipped'), s('skipped')])).toBe('skipped');
    expect(compositeStatus([s('created'), s('created')])).toBe('created');
    expect(compositeStatus([s('pending'), s('created')])).toBe('pending');
    expect(compositeStatus([s('running'), s('created')])).toBe('running');
    expect(compositeStatus([s('success'), s('created')])).toBe('running');
    expect(compositeStatus([s('success'), s('manual')])).toBe('manual');
    expect(compositeStatus([s('success'), s('manual', true)])).toBe('success');
    expect(compositeStatus([s('canceled'), s('success')])).toBe('canceled');
    expect(compositeStatus([s('canceled'), s('failed')])).toBe('failed');
    expect(compositeStatus([s('manual', true)])).toBe('skipped');
  });

  it('skips a DAG job whose need was skipped or ignored', () => {
    expect(compositeStatus([s('success'), s('skipped')], { dag: true })).toBe('skipped');
    expect(compositeStatus([s('manual', true)], { dag: true })).toBe('skipped');
    expect(compositeStatus([s('failed', true)], { dag: true })).toBe('success');
  });

  it('reports warnings for allowed failures', () => {
    expect(hasWarnings([s('success'), s('failed', true)])).toBe(true);
    expect(hasWarnings([s('success'), s('manual', true)])).toBe(false);
  });
});

describe('nextStatusOfCreatedJob', () => {
  it('waits until the previous status is complete', () => {
    expect(nextStatusOfCreatedJob('on_success', 'stage', 'running')).toBe('wait');
    expect(nextStatusOfCreatedJob('on_success', 'stage', 'manual')).toBe('wait');
  });
  it('applies when', () => {
    expect(nextStatusOfCreatedJob('on_success', 'stage', null)).toBe('pending');
    expect(nextStatusOfCreatedJob('on_success', 'stage', 'skipped')).toBe('pending');
    expect(nextStatusOfCreatedJob('on_success', 'dag', 'skipped')).toBe('skipped');
    expect(nextStatusOfCreatedJob('on_success', 'stage', 'failed')).toBe('skipped');
    expect(nextStatusOfCreatedJob('on_failure', 'stage', 'failed')).toBe('pending');
    expect(nextStatusOfCreatedJob('on_failure', 'stage', 'success')).toBe('skipped');
    expect(nextStatusOfCreatedJob('always', 'stage', 'failed')).toBe('pending');
    expect(nextStatusOfCreatedJob('always', 'stage', 'canceled')).toBe('skipped');
    expect(nextStatusOfCreatedJob('manual', 'stage', 'success')).toBe('manual');
    expect(nextStatusOfCreatedJob('manual', 'stage', 'failed')).toBe('skipped');
  });
});

describe('processJobs', () => {
  const job = (
    id: number,
    name: string,
    stageIdx: number,
    extra: Partial<ProcessItem> = {},
  ): ProcessItem => ({
    id,
    name,
    stageIdx,
    status: 'created',
    allowFailure: false,
    when: 'on_success',
    schedulingType: 'stage',
    needs: null,
    ...extra,
  });

  it('queues the first stage only', () => {
    const moves = processJobs([job(1, 'a', 1), job(2, 'b', 1), job(3, 'c', 2)]);
    expect([...moves]).toEqual([
      [1, 'pending'],
      [2, 'pending'],
    ]);
  });

  it('queues DAG jobs as soon as their needs succeed', () => {
    const moves = processJobs([
      job(1, 'build', 1, { status: 'success' }),
      job(2, 'slow', 1, { status: 'running' }),
      job(3, 'test', 2, { schedulingType: 'dag', needs: ['build'] }),
      job(4, 'empty', 3, { schedulingType: 'dag', needs: [] }),
      job(5, 'later', 3),
    ]);
    expect(moves.get(3)).toBe('pending');
    expect(moves.get(4)).toBe('pending');
    expect(moves.has(5)).toBe(false);
  });

  it('skips the rest after a failure, runs on_failure and always jobs, in one pass', () => {
    const moves = processJobs([
      job(1, 'build', 1, { status: 'failed' }),
      job(2, 'test', 2),
      job(3, 'notify', 3, { when: 'on_failure' }),
      job(4, 'cleanup', 3, { when: 'always' }),
    ]);
    expect(moves.get(2)).toBe('skipped');
    expect(moves.get(3)).toBe('pending');
    expect(moves.get(4)).toBe('pending');
  });

  it('blocks later stages behind a blocking manual job', () => {
    const moves = processJobs([
      job(1, 'build', 1, { status: 'success' }),
      job(2, 'gate', 2, { when: 'manual' }),
      job(3, 'deploy', 3),
    ]);
    expect(moves.get(2)).toBe('manual');
    expect(moves.has(3)).toBe(false);
    const optional = processJobs([
      job(1, 'build', 1, { status: 'success' }),
      job(2, 'gate', 2, { when: 'manual', allowFailure: true }),
      job(3, 'deploy', 3),
    ]);
    expect(optional.get(3)).toBe('pending');
  });
});
