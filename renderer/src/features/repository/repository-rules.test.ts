import { describe, expect, it } from 'vitest';
import { commitFiltersNarrow, commitMatches } from '../../api/repository/queries.js';
import type { Commit } from '../../api/repository/types.js';
import { commitBody } from './commit-page.js';
import { commitRows } from './commit-list.js';
import { offeredBranch } from './merge-request-offer.js';
import { PROTECTED_NAME_MAX, protectedNameProblem } from './protect-branch-form.js';

const commit = (over: Partial<Commit>): Commit => ({
  id: 'a1b2c3d4e5f6',
  short_id: 'a1b2c3d4',
  title: 'Fix the parser',
  message: 'Fix the parser\n\nIt dropped the last line.',
  parent_ids: [],
  author_name: 'Ada Lovelace',
  author_email: 'ada@example.com',
  authored_date: '2026-11-20T10:00:00Z',
  committer_name: 'Ada Lovelace',
  committer_email: 'ada@example.com',
  committed_date: '2026-11-20T10:00:00Z',
  ...over,
});

describe('commit list filters', () => {
  it('match the message case-insensitively, a SHA prefix, and the author by name or e-mail', () => {
    const c = commit({});
    expect(commitMatches(c, { search: 'LAST LINE', author: '' })).toBe(true);
    expect(commitMatches(c, { search: 'a1b2c3', author: '' })).toBe(true);
    expect(commitMatches(c, { search: 'lexer', author: '' })).toBe(false);
    expect(commitMatches(c, { search: '', author: 'lovelace' })).toBe(true);
    expect(commitMatches(c, { search: '', author: 'ada@example' })).toBe(true);
    expect(commitMatches(c, { search: 'parser', author: 'grace' })).toBe(false);
  });

  it('only a message search or an author narrows the pages (a path is the instance’s filter)', () => {
    expect(commitFiltersNarrow({ path: 'src', author: '', search: '' })).toBe(false);
    expect(commitFiltersNarrow({ path: '', author: ' ', search: '' })).toBe(false);
    expect(commitFiltersNarrow({ path: '', author: 'ada', search: '' })).toBe(true);
    expect(commitFiltersNarrow({ path: '', author: '', search: 'fix' })).toBe(true);
  });

  it('lays out one heading per day, the commits under it, and one status row at the end', () => {
    const rows = commitRows([
      commit({ id: 'c3', committed_date: '2026-11-21T12:00:00' }),
      commit({ id: 'c2', committed_date: '2026-11-21T09:00:00' }),
      commit({ id: 'c1', committed_date: '2026-11-19T09:00:00' }),
    ]);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'commit', 'commit', 'day', 'commit', 'status']);
    expect(rows[0]).toMatchObject({ kind: 'day', count: 2 });
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    expect(commitRows([]).map((row) => row.kind)).toEqual(['status']);
  });
});

describe('commit page', () => {
  it('shows the message below the title line as the body', () => {
    expect(commitBody('Title\n\nBody line 1\nline 2\n')).toBe('Body line 1\nline 2');
    expect(commitBody('Title only')).toBe('');
    expect(commitBody('Title\n')).toBe('');
  });
});

describe('merge request offer', () => {
  it('reads the branch a commit created from the navigation state, nothing else', () => {
    expect(offeredBranch({ offerMergeRequest: 'fix-1' })).toBe('fix-1');
    expect(offeredBranch({ offerMergeRequest: '' })).toBeNull();
    expect(offeredBranch(null)).toBeNull();
    expect(offeredBranch('fix-1')).toBeNull();
    expect(offeredBranch({ other: 1 })).toBeNull();
  });
});

describe('protected branch names', () => {
  it('refuses a blank name and one over 255 characters with GitLab’s sentence', () => {
    expect(protectedNameProblem('  ')).toMatch(/Enter a branch name/);
    expect(protectedNameProblem('release/*')).toBeNull();
    expect(protectedNameProblem('a'.repeat(PROTECTED_NAME_MAX))).toBeNull();
    expect(protectedNameProblem('a'.repeat(PROTECTED_NAME_MAX + 1))).toBe(
      'Name is too long (maximum is 255 characters; this one has 256).',
    );
    // Characters, not UTF-16 units: 255 emoji are 255 characters.
    expect(protectedNameProblem('🚀'.repeat(PROTECTED_NAME_MAX))).toBeNull();
  });
});
