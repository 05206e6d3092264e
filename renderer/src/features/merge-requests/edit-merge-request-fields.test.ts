import { describe, expect, it } from 'vitest';
import { changedFields, type MergeRequestFormValues } from './edit-merge-request-modal.js';

const before: MergeRequestFormValues = {
  title: 'Fix it',
  description: '',
  labels: ['bug', 'ui'],
  assigneeIds: ['2', '3'],
  reviewerIds: [],
  milestoneId: '7',
  targetBranch: 'main',
};

describe('changedFields', () => {
  it('sends nothing when nothing changed, order of choices aside', () => {
    expect(changedFields(before, { ...before, labels: ['ui', 'bug'], assigneeIds: ['3', '2'] })).toEqual({});
  });

  it('sends each changed field in the shape PUT …/merge_requests/:iid takes', () => {
    expect(
      changedFields(before, {
        title: 'Draft: Fix it',
        description: 'Why',
        labels: [],
        assigneeIds: [],
        reviewerIds: ['4'],
        milestoneId: null,
        targetBranch: 'release',
      }),
    ).toEqual({
      title: 'Draft: Fix it',
      description: 'Why',
      labels: '',
      assignee_ids: [],
      reviewer_ids: [4],
      milestone_id: 0,
      target_branch: 'release',
    });
    expect(changedFields(before, { ...before, labels: ['bug', 'ui', 'docs'], milestoneId: '8' })).toEqual({
      labels: 'bug,ui,docs',
      milestone_id: 8,
    });
  });
});
