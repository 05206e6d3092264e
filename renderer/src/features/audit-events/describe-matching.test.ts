import { describe, expect, it } from 'vitest';
import { describeMatching } from './use-audit-events-state.js';

describe('describeMatching: the header never makes up a number', () => {
  it('uses the instance’s count when it sent one (embedded core; offset X-Total)', () => {
    expect(describeMatching({ total: 1250 }, { loaded: 300, complete: false, paging: 'offset' })).toBe(
      '1,250 events',
    );
    expect(describeMatching({ total: 1 }, { loaded: 1, complete: true, paging: 'keyset' })).toBe('1 event');
    // The embedded core leaves X-Total out above 10,000 (it counts up to 10,001): that much is known.
    expect(describeMatching({ total: null }, { loaded: 100, complete: false, paging: 'keyset' })).toBe(
      'More than 10,000 events',
    );
  });

  it('counts what was read when the list was read to its end', () => {
    expect(describeMatching(null, { loaded: 42, complete: true, paging: 'keyset' })).toBe('42 events');
  });

  it('says the count is unavailable, and how many were read so far, otherwise', () => {
    expect(describeMatching(null, { loaded: 300, complete: false, paging: 'keyset' })).toBe(
      'Count unavailable (GitLab does not count keyset pages) · 300+ read so far',
    );
    expect(describeMatching(null, { loaded: 10_100, complete: false, paging: 'offset' })).toBe(
      'Count unavailable (GitLab leaves the total out above 10,000 events) · 10,100+ read so far',
    );
  });
});
