import { describe, expect, it } from 'vitest';
import { formatGoDuration, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['1h 30m', 5400],
    ['1h30m', 5400],
    ['10 minutes', 600],
    ['3 hours', 10_800],
    ['1 hour and 30 minutes', 5400],
    ['2 days', 172_800],
    ['1 week', 604_800],
    ['90', 90],
    ['45s', 45],
    ['1.5h', 5400],
    ['10 mins 30 secs', 630],
    ['01:30:00', 5400],
    ['2:30', 150],
    [' 5 min ', 300],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it('reads numbers as seconds', () => {
    expect(parseDuration(120)).toBe(120);
  });

  it.each(['', 'soon', '10 lightyears', '1h foo', 'h1', '-5m'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('formatGoDuration', () => {
  it('prints like Go', () => {
    expect(formatGoDuration(3600)).toBe('1h0m0s');
    expect(formatGoDuration(5430)).toBe('1h30m30s');
    expect(formatGoDuration(600)).toBe('10m0s');
    expect(formatGoDuration(3)).toBe('3s');
  });
});
