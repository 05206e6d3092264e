import { describe, expect, it } from 'vitest';
import type {
  Discussion,
  MergeRequestCommit,
  MergeRequestDiffVersion,
  MergeRequestUser,
  ResourceLabelEvent,
  ResourceMilestoneEvent,
  ResourceStateEvent,
} from '../../api/merge-requests/types.js';
import { buildActivity, threadContext } from './activity.js';

const ann: MergeRequestUser = { id: 1, username: 'ann', name: 'Ann' };
const commit = (id: string): MergeRequestCommit => ({
  id,
  short_id: id.slice(0, 8),
  title: `Commit ${id}`,
  author_name: 'Ann',
  created_at: '2026-01-01T00:00:00Z',
});
const version = (id: number, head: string, at: string): MergeRequestDiffVersion => ({
  id,
  head_commit_sha: head,
  base_commit_sha: 'base',
  start_commit_sha: 'base',
  created_at: at,
  merge_request_id: 1,
  state: 'collected',
  real_size: '1',
});
const note = (id: number, at: string, extra: Partial<Discussion['notes'][number]> = {}) => ({
  id,
  type: null,
  body: `note ${id}`,
  author: ann,
  created_at: at,
  system: false,
  resolvable: false,
  ...extra,
});
const mr = {
  created_at: '2026-01-01T10:00:00Z',
  author: ann,
  state: 'merged' as const,
  merged_at: '2026-01-05T10:00:00Z',
  merged_by: ann,
  closed_at: null,
  merge_commit_sha: 'm1',
};

describe('buildActivity', () => {
  it('orders the opening, pushes with their commits, notes, approvals and the merge by time', () => {
    const commits = ['c4', 'c3', 'c2', 'c1'].map(commit); // newest first
    const versions = [
      version(3, 'c4', '2026-01-03T10:00:00Z'),
      version(2, 'c2', '2026-01-02T10:00:00Z'),
      version(1, 'c1', '2026-01-01T10:00:00Z'),
    ];
    const discussions: Discussion[] = [
      { id: 'd1', individual_note: true, notes: [note(1, '2026-01-02T12:00:00Z')] },
      {
        id: 's1',
        individual_note: true,
        notes: [note(2, '2026-01-04T09:00:00Z', { system: true, body: 'added ~bug label' })],
      },
    ];
    const approvals = {
      approved: true,
      approved_by: [{ user: ann, approved_at: '2026-01-04T10:00:00Z' }, { user: { ...ann, id: 2 } }],
    };
    const items = buildActivity(mr, versions, commits, discussions, approvals);
    expect(items.map((item) => item.kind)).toEqual([
      'opened',
      'push',
      'thread',
      'push',
      'system',
      'approved',
      'merged',
    ]);
    const pushes = items.filter((item) => item.kind === 'push');
    expect(pushes.map((push) => push.commits.map((c) => c.id))).toEqual([['c2'], ['c4', 'c3']]);
    expect(items[4]).toMatchObject({ kind: 'system', body: 'added ~bug label' });
  });

  it('says a push rewrote history when the previous head is gone', () => {
    const items = buildActivity(
      { ...mr, state: 'opened', merged_at: null },
      [version(2, 'n2', '2026-01-02T00:00:00Z'), version(1, 'old', '2026-01-01T11:00:00Z')],
      ['n2', 'n1'].map(commit),
      [],
      null,
    );
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ kind: 'push', forced: true, commits: [] });
  });

  it('shows no push for a version with the same head as the one before', () => {
    const items = buildActivity(
      { ...mr, state: 'opened', merged_at: null },
      [version(2, 'c1', '2026-01-02T00:00:00Z'), version(1, 'c1', '2026-01-01T11:00:00Z')],
      [commit('c1')],
      [],
      null,
    );
    expect(items.map((item) => item.kind)).toEqual(['opened']);
  });
});

const bob: MergeRequestUser = { id: 2, username: 'bob', name: 'Bob' };
const head = (id: number, at: string, user: MergeRequestUser | null = ann) => ({
  id,
  user,
  created_at: at,
  resource_type: 'MergeRequest',
  resource_id: 1,
});
const bug = { id: 10, name: 'bug', color: '#d9534f', text_color: '#FFFFFF' };
const ux = { id: 11, name: 'ux', color: '#428bca', text_color: '#FFFFFF' };
const labelEvent = (
  id: number,
  at: string,
  action: 'add' | 'remove',
  label: ResourceLabelEvent['label'],
  user: MergeRequestUser | null = ann,
): ResourceLabelEvent => ({ ...head(id, at, user), action, label });
const stateEvent = (id: number, at: string, state: ResourceStateEvent['state']): ResourceStateEvent => ({
  ...head(id, at, bob),
  state,
});
const openMr = { ...mr, state: 'opened' as const, merged_at: null, merged_by: null, merge_commit_sha: null };

describe('buildActivity with resource events', () => {
  it('merges label, milestone and state events with notes and pushes in time order', () => {
    const versions = [version(2, 'c2', '2026-01-03T10:00:00Z'), version(1, 'c1', '2026-01-01T10:00:00Z')];
    const discussions: Discussion[] = [
      { id: 'd1', individual_note: true, notes: [note(1, '2026-01-02T12:00:00Z')] },
      {
        id: 's1',
        individual_note: true,
        notes: [note(2, '2026-01-05T09:00:00Z', { system: true, body: 'approved this merge request' })],
      },
    ];
    const milestone: ResourceMilestoneEvent = {
      ...head(30, '2026-01-04T08:00:00Z'),
      action: 'add',
      milestone: { id: 5, iid: 1, title: 'v1.0' },
      state: 'active',
    };
    const items = buildActivity(openMr, versions, [commit('c2'), commit('c1')], discussions, null, {
      label: [labelEvent(20, '2026-01-02T09:00:00Z', 'add', bug)],
      milestone: [milestone],
      state: [
        stateEvent(40, '2026-01-06T10:00:00Z', 'closed'),
        stateEvent(41, '2026-01-07T10:00:00Z', 'reopened'),
      ],
    });
    expect(items.map((item) => item.kind)).toEqual([
      'opened',
      'labels',
      'thread',
      'push',
      'milestone',
      'system',
      'state',
      'state',
    ]);
    expect(items[1]).toMatchObject({ kind: 'labels', user: ann, added: [bug], removed: [] });
    expect(items[4]).toMatchObject({ kind: 'milestone', action: 'add', milestone: { title: 'v1.0' } });
    expect(items.slice(6)).toMatchObject([
      { kind: 'state', state: 'closed', user: bob },
      { kind: 'state', state: 'reopened', user: bob },
    ]);
  });

  it('groups label events by one user at one time, and keeps other times and users apart', () => {
    const at = '2026-01-02T09:00:00Z';
    const items = buildActivity(openMr, [], [], [], null, {
      label: [
        labelEvent(23, '2026-01-02T09:05:00Z', 'add', ux),
        labelEvent(21, at, 'remove', ux),
        labelEvent(20, at, 'add', bug),
        labelEvent(22, at, 'add', null),
        labelEvent(24, '2026-01-02T09:05:00Z', 'remove', bug, bob),
      ],
    });
    expect(items.filter((item) => item.kind === 'labels')).toEqual([
      { kind: 'labels', at, user: ann, added: [bug, null], removed: [ux], id: 20 },
      { kind: 'labels', at: '2026-01-02T09:05:00Z', user: ann, added: [ux], removed: [], id: 23 },
      { kind: 'labels', at: '2026-01-02T09:05:00Z', user: bob, added: [], removed: [bug], id: 24 },
    ]);
  });

  it('leaves the merge to the merge item and lets close events replace the closed_at item', () => {
    const merged = buildActivity(mr, [], [], [], null, {
      state: [stateEvent(40, '2026-01-05T10:00:00Z', 'merged')],
    });
    expect(merged.map((item) => item.kind)).toEqual(['opened', 'merged']);

    const closedMr = { ...openMr, state: 'closed' as const, closed_at: '2026-01-06T10:00:00Z' };
    const withEvents = buildActivity(closedMr, [], [], [], null, {
      state: [
        stateEvent(40, '2026-01-04T10:00:00Z', 'closed'),
        stateEvent(41, '2026-01-05T10:00:00Z', 'reopened'),
        stateEvent(42, '2026-01-06T10:00:00Z', 'closed'),
      ],
    });
    expect(withEvents.map((item) => (item.kind === 'state' ? item.state : item.kind))).toEqual([
      'opened',
      'closed',
      'reopened',
      'closed',
    ]);
    // An instance without the endpoint (null) or a close from before events were kept: closed_at shows it.
    for (const state of [null, []]) {
      const items = buildActivity(closedMr, [], [], [], null, { state, label: null, milestone: null });
      expect(items.map((item) => item.kind)).toEqual(['opened', 'closed']);
    }
  });
});

describe('threadContext', () => {
  const diff = '@@ -1,5 +1,6 @@\n one\n two\n-three\n+THREE\n+three and a half\n four\n five\n';

  it('gives the commented line and up to three above it from the hunk', () => {
    const lines = threadContext(diff, { new_line: 5 })!;
    expect(lines.map((line) => [line.kind, line.oldLine, line.newLine, line.text, line.target])).toEqual([
      ['delete', 3, null, 'three', false],
      ['insert', null, 3, 'THREE', false],
      ['insert', null, 4, 'three and a half', false],
      ['normal', 4, 5, 'four', true],
    ]);
  });

  it('finds a removed line by its old number, and a whole multi-line range', () => {
    expect(threadContext(diff, { old_line: 3 })!.at(-1)).toMatchObject({ kind: 'delete', text: 'three' });
    const range = threadContext(diff, {
      new_line: 4,
      line_range: {
        start: { line_code: 'x_3_3', type: 'new', old_line: null, new_line: 3 },
        end: { line_code: 'x_3_4', type: 'new', old_line: null, new_line: 4 },
      },
    })!;
    expect(range.map((line) => [line.text, line.target])).toEqual([
      ['THREE', true],
      ['three and a half', true],
    ]);
  });

  it('is null for a line the diff no longer has', () => {
    expect(threadContext(diff, { new_line: 40 })).toBeNull();
  });
});
