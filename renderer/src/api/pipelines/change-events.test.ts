import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../../shared/ipc-contract.js';
import { keysToInvalidate } from './change-events.js';

const event = (e: Partial<ChangeEvent>): ChangeEvent => ({
  seq: 1,
  type: 'pipeline',
  profileId: 'embedded',
  projectId: 3,
  pipelineId: 7,
  status: 'running',
  at: '2026-01-01T00:00:00.000Z',
  ...e,
});

describe('keysToInvalidate', () => {
  it('invalidates lists and the pipeline for pipeline events, once per batch', () => {
    expect(keysToInvalidate([event({}), event({ seq: 2, status: 'success' })])).toEqual([
      ['profile', 'embedded', 'pipelines', 3, 'list'],
      ['profile', 'embedded', 'pipelines', 3, 'detail', 7],
    ]);
  });

  it('adds the job and the environments for job events', () => {
    expect(keysToInvalidate([event({ type: 'job', jobId: 11 })])).toEqual([
      ['profile', 'embedded', 'pipelines', 3, 'list'],
      ['profile', 'embedded', 'pipelines', 3, 'detail', 7],
      ['profile', 'embedded', 'pipelines', 3, 'job', 11],
      ['profile', 'embedded', 'environments', 3],
    ]);
  });
});
