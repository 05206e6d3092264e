import { describe, expect, it } from 'vitest';
import { mergeBlockedReason } from './merge-readiness.js';

const ready = {
  state: 'opened' as const,
  merge_status: 'can_be_merged',
  has_conflicts: false,
  blocking_discussions_resolved: true,
  user: { can_merge: true },
  draft: false,
};

describe('mergeBlockedReason', () => {
  it('allows a clean, approved merge request', () => {
    expect(mergeBlockedReason(ready, { approvals_left: 0 })).toBeNull();
    expect(mergeBlockedReason(ready, null)).toBeNull();
  });

  it('does not block on a missing approval when no rule requires one', () => {
    expect(mergeBlockedReason(ready, { approvals_left: 0 })).toBeNull();
  });

  it('names each blocker', () => {
    expect(mergeBlockedReason({ ...ready, state: 'merged' }, null)).toMatch(/Already merged/);
    expect(mergeBlockedReason({ ...ready, state: 'closed' }, null)).toMatch(/Only open/);
    expect(mergeBlockedReason({ ...ready, user: { can_merge: false } }, null)).toMatch(/not allowed/);
    expect(mergeBlockedReason({ ...ready, draft: true }, null)).toMatch(/draft/);
    expect(mergeBlockedReason({ ...ready, merge_status: 'cannot_be_merged' }, null)).toMatch(/conflicts/);
    expect(mergeBlockedReason(ready, { approvals_left: 2 })).toBe('It needs 2 more approvals.');
    expect(mergeBlockedReason({ ...ready, merge_status: 'checking' }, null)).toMatch(/Checking/);
    expect(mergeBlockedReason({ ...ready, blocking_discussions_resolved: false }, null)).toMatch(/threads/);
  });

  it('puts the draft reason before conflicts', () => {
    expect(mergeBlockedReason({ ...ready, draft: true, has_conflicts: true }, null)).toMatch(/draft/);
  });
});
