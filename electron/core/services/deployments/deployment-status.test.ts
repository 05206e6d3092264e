import { describe, expect, it } from 'vitest';
import { canTransitionDeployment, deploymentEvent, isFinishedDeploymentStatus } from './deployment-status.js';

describe('deployment state machine', () => {
  it('runs only from created', () => {
    expect(canTransitionDeployment('created', 'running')).toBe(true);
    for (const from of ['running', 'success', 'failed', 'canceled', 'skipped'] as const)
      expect(canTransitionDeployment(from, 'running')).toBe(false);
  });
  it('finishes from any other status, never into the same one', () => {
    for (const to of ['success', 'failed', 'canceled', 'skipped'] as const)
      for (const from of ['created', 'running', 'success', 'failed', 'canceled', 'skipped'] as const)
        expect(canTransitionDeployment(from, to)).toBe(from !== to);
  });
  it('never goes back to created', () => {
    expect(canTransitionDeployment('created', 'created')).toBe(false);
    expect(canTransitionDeployment('failed', 'created')).toBe(false);
  });
  it('names the events and the finished statuses', () => {
    expect(deploymentEvent('running')).toBe('run');
    expect(deploymentEvent('failed')).toBe('drop');
    expect(['success', 'failed', 'canceled'].every((s) => isFinishedDeploymentStatus(s as 'success'))).toBe(
      true,
    );
    expect(isFinishedDeploymentStatus('skipped')).toBe(false);
    expect(isFinishedDeploymentStatus('running')).toBe(false);
  });
});
