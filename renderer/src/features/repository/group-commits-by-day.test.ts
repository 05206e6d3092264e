import { describe, expect, it } from 'vitest';
import type { Commit } from '../../api/repository/types.js';
import { groupCommitsByDay } from './group-commits-by-day.js';

const commit = (id: string, committed: string): Commit => ({
  id,
  short_id: id.slice(0, 8),
  title: id,
  message: id,
  parent_ids: [],
  author_name: 'Ada',
  author_email: 'ada@example.com',
  authored_date: committed,
  committer_name: 'Ada',
  committer_email: 'ada@example.com',
  committed_date: committed,
});

describe('groupCommitsByDay', () => {
  it('groups consecutive commits of a local day and keeps order', () => {
    const groups = groupCommitsByDay(
      [
        commit('c', new Date(2026, 10, 22, 18).toISOString()),
        commit('b', new Date(2026, 10, 22, 9).toISOString()),
        commit('a', new Date(2026, 10, 20, 12).toISOString()),
      ],
      'en-US',
    );
    expect(groups.map((group) => [group.day, group.commits.map((item) => item.id)])).toEqual([
      ['2026-11-22', ['c', 'b']],
      ['2026-11-20', ['a']],
    ]);
    expect(groups[0]?.label).toBe('Sunday, November 22, 2026');
  });

  it('tolerates bad dates', () => {
    expect(groupCommitsByDay([commit('x', 'nope')])[0]?.label).toBe('Unknown date');
  });
});
