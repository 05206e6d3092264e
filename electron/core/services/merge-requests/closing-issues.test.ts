import { describe, expect, it } from 'vitest';
import { closingIssueIids } from './accept-merge-request.js';

describe('closingIssueIids', () => {
  it('finds GitLab closing patterns for same-project references', () => {
    expect(closingIssueIids('Closes #1')).toEqual([1]);
    expect(closingIssueIids('This fixes #2 and #3.\nResolves: #4, #5')).toEqual([2, 3, 4, 5]);
    expect(closingIssueIids('closing issue #7; implements #8')).toEqual([7, 8]);
    expect(closingIssueIids('Mentions #9 but fixes nothing')).toEqual([]);
    expect(closingIssueIids(null)).toEqual([]);
  });
});
