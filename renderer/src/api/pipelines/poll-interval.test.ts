import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POLL_MS,
  idleBackoff,
  nextPollDelay,
  parsePollInterval,
  rememberPollInterval,
} from './poll-interval.js';

describe('Poll-Interval (doc/api/rest "Polling")', () => {
  it('parses the header: milliseconds, -1 to stop, null when absent or invalid', () => {
    expect(parsePollInterval('10000')).toBe(10000);
    expect(parsePollInterval('-1')).toBe(-1);
    expect(parsePollInterval(undefined)).toBeNull();
    expect(parsePollInterval('soon')).toBeNull();
  });

  it('honours the instance: its interval while active, none after -1, the default without a header', () => {
    const told = {};
    rememberPollInterval(told, '3000');
    expect(nextPollDelay(told, true)).toBe(3000);
    const stop = {};
    rememberPollInterval(stop, '-1');
    expect(nextPollDelay(stop, true)).toBe(false);
    expect(nextPollDelay({}, true)).toBe(DEFAULT_POLL_MS);
    expect(nextPollDelay({}, false)).toBe(false);
  });
});

describe('idleBackoff', () => {
  it('doubles the wait for each idle minute, up to one minute, never below the instance pace', () => {
    expect(idleBackoff(10_000, 0)).toBe(10_000);
    expect(idleBackoff(10_000, 59_999)).toBe(10_000);
    expect(idleBackoff(10_000, 60_000)).toBe(20_000);
    expect(idleBackoff(10_000, 120_000)).toBe(40_000);
    expect(idleBackoff(10_000, 600_000)).toBe(60_000);
    expect(idleBackoff(90_000, 600_000)).toBe(90_000);
  });
});
