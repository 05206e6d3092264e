import { describe, expect, it } from 'vitest';
import type { BlameRange } from '../../api/repository/types.js';
import { commitTitle, groupBlameRanges, shortSha } from './blame-rows.js';

const commit = (id: string, message = `${id} title\n\nbody`): BlameRange['commit'] => ({
  id,
  message,
  parent_ids: [],
  authored_date: '2026-11-20T10:00:00Z',
  author_name: 'Ada',
  author_email: 'ada@example.com',
  committed_date: '2026-11-20T10:00:00Z',
  committer_name: 'Ada',
  committer_email: 'ada@example.com',
});

describe('groupBlameRanges', () => {
  it('numbers lines, merges adjacent ranges of one commit and alternates shading', () => {
    const blocks = groupBlameRanges([
      { commit: commit('aaa'), lines: ['1', '2'] },
      { commit: commit('bbb'), lines: ['3'] },
      { commit: commit('bbb'), lines: ['4', '5'] },
      { commit: commit('aaa'), lines: ['6'] },
      { commit: commit('ccc'), lines: [] },
    ]);
    expect(blocks.map((block) => [block.commit.id, block.startLine, block.lines, block.shade])).toEqual([
      ['aaa', 1, ['1', '2'], 0],
      ['bbb', 3, ['3', '4', '5'], 1],
      ['aaa', 6, ['6'], 0],
    ]);
  });

  it('handles an empty file', () => {
    expect(groupBlameRanges([])).toEqual([]);
  });
});

describe('commit helpers', () => {
  it('takes the title or the first message line', () => {
    expect(commitTitle({ message: 'Fix the thing\n\nBecause' })).toBe('Fix the thing');
    expect(commitTitle({ title: 'Given', message: 'Other' })).toBe('Given');
  });

  it('shortens SHAs to 8 characters', () => {
    expect(shortSha('0123456789abcdef')).toBe('01234567');
  });
});
