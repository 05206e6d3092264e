import type { DemoStatus } from '../../../../shared/ipc-contract.js';

/** Percentage (0–100, whole) of a demo build's steps that are done; 0 when the total is not known yet. */
export function demoPercent(status: Pick<DemoStatus, 'completed' | 'total' | 'state'>): number {
  if (status.state === 'done') return 100;
  if (status.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((status.completed / status.total) * 100)));
}
