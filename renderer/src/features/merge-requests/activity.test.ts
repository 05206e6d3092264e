import { describe, expect, it } from 'vitest';
import type {
  Discussion,
  MergeRequestCommit,
  MergeRequestDiffVersion,
  MergeRequestUser,
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
