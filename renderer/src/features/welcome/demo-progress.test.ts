import { describe, expect, it } from 'vitest';
import { demoPercent } from './demo-progress.js';

describe('demoPercent', () => {
  it('is the share of completed steps, rounded and clamped', () => {
    expect(demoPercent({ state: 'running', completed: 1, total: 3 })).toBe(33);
    expect(demoPercent({ state: 'running', completed: 5, total: 4 })).toBe(100);
    expect(demoPercent({ state: 'failed', completed: 2, total: 8 })).toBe(25);
  });

  it('is 0 before the total is known and 100 once done', () => {
    expect(demoPercent({ state: 'running', completed: 0, total: 0 })).toBe(0);
    expect(demoPercent({ state: 'done', completed: 0, total: 0 })).toBe(100);
  });
});
